import * as v from 'valibot';
import { get, set, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { getFieldErrors } from '../../../../domain/contracts/errors.ts';
import {
  DEAL_TYPES,
  dealSettingsSchema,
  FINANCE_TERMS,
  LEASE_MILEAGES,
  LEASE_TERMS,
  type DealSettings,
  type DealType,
  type LeaseTaxMethod,
  type LocalizedText,
} from '../../../../domain/deals/deal-settings.ts';
import type { UsStateCode } from '../../../../domain/us-states.ts';
import { centsToDollarsText, readTypedCents, readTypedNumber } from '../../lib/deals/typed-amounts.ts';

/**
 * The deal settings as the staff form holds them (docs/product/deals.md#settings): every number as
 * the text typed, dollars where the settings keep cents, a lease program's residuals as a grid of
 * cells. The keys follow the settings' own, so a field's path is the path the schema and the API
 * name in their errors; the key order is the page's order, which the error summary follows.
 */

type FinanceTerm = (typeof FINANCE_TERMS)[number];
type LeaseTerm = (typeof LEASE_TERMS)[number];
type LeaseMileage = (typeof LEASE_MILEAGES)[number];
export type ResidualCell = `t${LeaseTerm}m${LeaseMileage}`;

export const residualCell = (termMonths: LeaseTerm, milesPerYear: LeaseMileage): ResidualCell => `t${termMonths}m${milesPerYear}`;

/** Every term and mileage a program may set a residual for, terms first as the grid's rows. */
export const RESIDUAL_CELLS = LEASE_TERMS.flatMap((termMonths) =>
  LEASE_MILEAGES.map((milesPerYear) => ({ termMonths, milesPerYear, cell: residualCell(termMonths, milesPerYear) })),
);

/** A residual % per cell; an empty cell is a term and mileage the program does not offer. */
export interface ProgramForm {
  residuals: Record<ResidualCell, string>;
}

export interface StateRuleForm {
  state: UsStateCode;
  taxRatePercent: string;
  tradeInCredit: boolean;
  docFeeTaxable: boolean;
  productsTaxable: boolean;
  leaseTaxMethod: LeaseTaxMethod;
  /** Dollars. */
  governmentFeesCents: string;
}

export interface TierForm {
  id: string;
  name: LocalizedText;
  minScore: string;
  maxScore: string;
  aprBands: Array<{ upToMonths: FinanceTerm; aprPercent: string }>;
  moneyFactor: string;
}

export interface RebateForm {
  id: string;
  name: LocalizedText;
  /** Dollars. */
  amountCents: string;
  /** The makes, separated by commas. */
  makes: string;
  /** The cars' stock numbers, separated by commas or spaces. */
  stockNumbers: string;
  dealTypes: DealType[];
}

export interface ProductForm {
  id: string;
  name: LocalizedText;
  description: LocalizedText;
  /** Dollars. */
  priceCents: string;
  dealTypes: DealType[];
  taxable: boolean;
  capitalisable: boolean;
}

export interface DealSettingsForm {
  /** Dollars. */
  docFeeCents: string;
  /** Dollars. */
  acquisitionFeeCents: string;
  /** Dollars. */
  dispositionFeeCents: string;
  /** Cents a mile, as the settings keep it. */
  excessMileageCentsPerMile: string;
  states: StateRuleForm[];
  tiers: TierForm[];
  leasePrograms: {
    /** Without the default program, only makes with their own program are leased. */
    offerDefault: boolean;
    default: ProgramForm;
    byMake: Array<{ make: string; program: ProgramForm }>;
  };
  rebates: RebateForm[];
  products: ProductForm[];
}

type DealSettingsInput = v.InferInput<typeof dealSettingsSchema>;
type ProgramInput = NonNullable<DealSettingsInput['leasePrograms']['default']>;
/** What an error's residual index is read against: the lease programs as sent, or as the schema was given them. */
type SentPrograms = Pick<DealSettingsInput, 'leasePrograms'>;

const numberText = (value: number | null) => (value === null ? '' : String(value));

const programForm = (program: DealSettings['leasePrograms']['default']): ProgramForm => {
  const residuals = Object.fromEntries(RESIDUAL_CELLS.map(({ cell }) => [cell, ''])) as Record<ResidualCell, string>;
  for (const entry of program?.residuals ?? [])
    residuals[residualCell(entry.termMonths, entry.milesPerYear)] = String(entry.residualPercent);
  return { residuals };
};

export const emptyText = (): LocalizedText => ({ en: '', uk: '', es: '', ru: '' });
export const emptyProgram = (): ProgramForm => programForm(null);

/** The form's values for saved settings. */
export function toFormValues(settings: DealSettings): DealSettingsForm {
  return {
    docFeeCents: centsToDollarsText(settings.docFeeCents),
    acquisitionFeeCents: centsToDollarsText(settings.acquisitionFeeCents),
    dispositionFeeCents: centsToDollarsText(settings.dispositionFeeCents),
    excessMileageCentsPerMile: String(settings.excessMileageCentsPerMile),
    states: settings.states.map((rule) => ({
      state: rule.state,
      taxRatePercent: String(rule.taxRatePercent),
      tradeInCredit: rule.tradeInCredit,
      docFeeTaxable: rule.docFeeTaxable,
      productsTaxable: rule.productsTaxable,
      leaseTaxMethod: rule.leaseTaxMethod,
      governmentFeesCents: centsToDollarsText(rule.governmentFeesCents),
    })),
    tiers: settings.tiers.map((tier) => ({
      id: tier.id,
      name: { ...tier.name },
      minScore: numberText(tier.minScore),
      maxScore: numberText(tier.maxScore),
      aprBands: tier.aprBands.map((band) => ({ upToMonths: band.upToMonths, aprPercent: String(band.aprPercent) })),
      moneyFactor: String(tier.moneyFactor),
    })),
    leasePrograms: {
      offerDefault: settings.leasePrograms.default !== null,
      default: programForm(settings.leasePrograms.default),
      byMake: settings.leasePrograms.byMake.map((entry) => ({ make: entry.make, program: programForm(entry.program) })),
    },
    rebates: settings.rebates.map((rebate) => ({
      id: rebate.id,
      name: { ...rebate.name },
      amountCents: centsToDollarsText(rebate.amountCents),
      makes: rebate.makes.join(', '),
      stockNumbers: (rebate.stockNumbers ?? []).join(', '),
      dealTypes: [...rebate.dealTypes],
    })),
    products: settings.products.map((product) => ({
      id: product.id,
      name: { ...product.name },
      description: { ...product.description },
      priceCents: centsToDollarsText(product.priceCents),
      dealTypes: [...product.dealTypes],
      taxable: product.taxable,
      capitalisable: product.capitalisable,
    })),
  };
}

/** Typed text as a number, or cents: NaN for empty or unreadable text, which the schema refuses with its own message. */
const toNumber = (text: string) => readTypedNumber(text) ?? Number.NaN;
const toCents = (text: string) => readTypedCents(text) ?? Number.NaN;

const toScore = (text: string) => (text.trim() === '' ? null : toNumber(text));

const toProgram = (program: ProgramForm): ProgramInput => ({
  residuals: RESIDUAL_CELLS.filter(({ cell }) => program.residuals[cell].trim() !== '').map(({ termMonths, milesPerYear, cell }) => ({
    termMonths,
    milesPerYear,
    residualPercent: toNumber(program.residuals[cell]),
  })),
});

const inDealTypeOrder = (types: readonly DealType[]) => DEAL_TYPES.filter((type) => types.includes(type));

/** The settings the form says, for dealSettingsSchema to judge: what it outputs is what PUT /api/deal-settings is sent. */
export function toSettingsInput(form: DealSettingsForm): DealSettingsInput {
  return {
    states: form.states.map((rule) => ({
      state: rule.state,
      taxRatePercent: toNumber(rule.taxRatePercent),
      tradeInCredit: rule.tradeInCredit,
      docFeeTaxable: rule.docFeeTaxable,
      productsTaxable: rule.productsTaxable,
      leaseTaxMethod: rule.leaseTaxMethod,
      governmentFeesCents: toCents(rule.governmentFeesCents),
    })),
    docFeeCents: toCents(form.docFeeCents),
    acquisitionFeeCents: toCents(form.acquisitionFeeCents),
    dispositionFeeCents: toCents(form.dispositionFeeCents),
    excessMileageCentsPerMile: toNumber(form.excessMileageCentsPerMile),
    tiers: form.tiers.map((tier) => ({
      id: tier.id,
      name: tier.name,
      minScore: toScore(tier.minScore),
      maxScore: toScore(tier.maxScore),
      aprBands: tier.aprBands.map((band) => ({ upToMonths: band.upToMonths, aprPercent: toNumber(band.aprPercent) })),
      moneyFactor: toNumber(tier.moneyFactor),
    })),
    leasePrograms: {
      default: form.leasePrograms.offerDefault ? toProgram(form.leasePrograms.default) : null,
      byMake: form.leasePrograms.byMake.map((entry) => ({ make: entry.make, program: toProgram(entry.program) })),
    },
    rebates: form.rebates.map((rebate) => ({
      id: rebate.id,
      name: rebate.name,
      amountCents: toCents(rebate.amountCents),
      makes: rebate.makes
        .split(',')
        .map((make) => make.trim())
        .filter((make) => make !== ''),
      stockNumbers: rebate.stockNumbers.split(/[\s,]+/).filter((stockNumber) => stockNumber !== ''),
      dealTypes: inDealTypeOrder(rebate.dealTypes),
    })),
    products: form.products.map((product) => ({
      id: product.id,
      name: product.name,
      description: product.description,
      priceCents: toCents(product.priceCents),
      dealTypes: inDealTypeOrder(product.dealTypes),
      taxable: product.taxable,
      capitalisable: product.capitalisable,
    })),
  };
}

/** Paths whose error is about a list or a group of controls rather than one input: kept under `.root`, shown by the group. */
const GROUP_PATH =
  /^(?:states|tiers|rebates|products|leasePrograms\.byMake|tiers\.\d+\.aprBands|leasePrograms\.(?:default|byMake\.\d+\.program)\.residuals|(?:rebates|products)\.\d+\.dealTypes)$/;

export const isGroupPath = (path: string) => GROUP_PATH.test(path);

/**
 * The form path of an error the schema or the API names (the API's start with `settings.`): a
 * residual's index in the list sent becomes its cell in the grid, and an entry of a rebate's makes
 * or stock numbers or of a deal type list is its whole input. `settings` is what the path indexes into.
 */
export function formPathOf(errorPath: string, settings: SentPrograms): string {
  const path = errorPath.replace(/^settings(?:\.|$)/, '');
  const residual = /^(leasePrograms\.(?:default|byMake\.(\d+)\.program)\.residuals)\.(\d+)(?:\.|$)/.exec(path);
  if (residual) {
    const [, list = '', makeIndex, entryIndex] = residual;
    const program = makeIndex === undefined ? settings.leasePrograms.default : settings.leasePrograms.byMake[Number(makeIndex)]?.program;
    const entry = program?.residuals[Number(entryIndex)];
    return entry ? `${list}.${residualCell(entry.termMonths, entry.milesPerYear)}` : list;
  }
  return /^((?:rebates|products)\.\d+\.(?:makes|stockNumbers|dealTypes))\.\d+$/.exec(path)?.[1] ?? path;
}

/**
 * Where the form keeps a path's error: a group's under its `.root` (where the form library keeps a
 * list's own error, though its path type names no such key); anything the form has no field for
 * (`values` holds nothing there) under `root.other`, shown above the form.
 */
export function errorKey(formPath: string, values: DealSettingsForm): FieldPath<DealSettingsForm> | 'root.other' {
  if (isGroupPath(formPath)) return `${formPath}.root` as FieldPath<DealSettingsForm>;
  return formPath === '' || get(values, formPath) === undefined ? 'root.other' : (formPath as FieldPath<DealSettingsForm>);
}

/** A field's or a group's error message, where the form holds one. */
export const messageAt = (node: unknown): string | undefined => {
  const message: unknown = typeof node === 'object' && node !== null && 'message' in node ? node.message : undefined;
  return typeof message === 'string' && message !== '' ? message : undefined;
};

/** The form judged by the schema the API judges with (one source of truth); what passes is the settings to send. */
export const dealSettingsResolver: Resolver<DealSettingsForm, unknown, DealSettings> = (values) => {
  const input = toSettingsInput(values);
  const result = v.safeParse(dealSettingsSchema, input);
  if (result.success) return { values: result.output, errors: {} };
  const errors: FieldErrors<DealSettingsForm> = {};
  for (const [path, message] of Object.entries(getFieldErrors(result.issues))) {
    const key = errorKey(formPathOf(path, input), values);
    // The first issue of a field is its message, as the API answers it.
    if (messageAt(get(errors, key)) === undefined) set(errors, key, { type: 'validation', message });
  }
  return { values: {}, errors };
};

export interface OpenError {
  /** The form path; a group's own. */
  path: string;
  message: string;
}

/** The open errors in the order their fields stand on the page: the form's values are walked, and each error found on the way is taken. */
export function openErrors(errors: object, values: DealSettingsForm): OpenError[] {
  const found: OpenError[] = [];
  const other = messageAt((errors as { root?: { other?: unknown } }).root?.other);
  if (other) found.push({ path: '', message: other });
  const walk = (value: unknown, error: unknown, path: string) => {
    if (typeof error !== 'object' || error === null) return;
    const own = messageAt(error) ?? messageAt((error as { root?: unknown }).root);
    if (own) found.push({ path, message: own });
    if (typeof value !== 'object' || value === null) return;
    const keys = Array.isArray(value) ? value.map((_, index) => String(index)) : Object.keys(value);
    for (const key of keys) {
      walk((value as Record<string, unknown>)[key], (error as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`);
    }
  };
  walk(values, errors, '');
  return found;
}

/** The id of a field's input, or of a group's error. */
export const fieldId = (path: string) => (path === '' ? 'deal-settings-other-error' : `deal-${path.replace(/\./g, '-')}`);
