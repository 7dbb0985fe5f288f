import * as v from 'valibot';
import type { DealSettingsAnswer } from '../../../../domain/contracts/deals.ts';
import { MAX_DEAL_AMOUNT_CENTS, MAX_DEAL_PRODUCTS, type DealInput } from '../../../../domain/deals/deal-input.schema.ts';
import { DEAL_TYPES, FINANCE_TERMS, LEASE_MILEAGES, LEASE_TERMS, type DealType } from '../../../../domain/deals/deal-settings.ts';
import { dollarsToCents } from '../../../../domain/deals/money.ts';
import { ZIP_PATTERN } from '../../../../domain/deals/zip-states.ts';
import { parseNumber } from '../../../../domain/format.ts';

/**
 * The shopper's deal on the car page (docs/product/deal-builder.md): what they chose, as the form
 * holds it (amounts as typed), its form in the page URL so a reload or a shared link shows the same
 * deal, and the DealInput the quote is asked for. The application takes the deal in the same URL
 * parameters (docs/product/deal-builder.md#the-deal-in-the-application). Pure, so the rules are tested alone.
 */
export interface DealChoice {
  type: DealType;
  /** As typed, up to five digits. */
  zip: string;
  /** '' until the shopper picks a credit tier. */
  tierId: string;
  /** Dollars as typed. */
  down: string;
  /** null for the kind of deal's usual term. */
  termMonths: number | null;
  milesPerYear: number;
  productIds: string[];
  /** The trade-in's value and what is still owed on it, dollars as typed. */
  trade: string;
  payoff: string;
}

const DEFAULT_DEAL_CHOICE: DealChoice = Object.freeze({
  type: 'finance',
  zip: '',
  tierId: '',
  down: '',
  termMonths: null,
  milesPerYear: 12_000,
  productIds: [],
  trade: '',
  payoff: '',
});

/** The terms a shopper starts from: the usual auto loan and the usual lease. */
const USUAL_TERM: Record<Exclude<DealType, 'cash'>, number> = { finance: 60, lease: 36 };

/** Above this an amount is a typo, as the quote's own bound says. */
const MAX_AMOUNT_DOLLARS = MAX_DEAL_AMOUNT_CENTS / 100;

/** An amount as typed, in dollars: undefined when blank, null when it is not an amount a deal can hold. */
function readAmount(text: string): number | undefined | null {
  const value = parseNumber(text);
  if (value === undefined) return undefined;
  return Number.isFinite(value) && value >= 0 && value <= MAX_AMOUNT_DOLLARS ? value : null;
}

const amountText = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(20),
  v.check((text) => readAmount(text) !== null),
);
const number = v.pipe(v.string(), v.regex(/^\d{1,6}$/), v.transform(Number));
const productId = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/));

/** Each parameter on its own: a bad one falls back to its default and the rest still count. */
const dealParamsSchema = v.object({
  deal: v.fallback(v.picklist(DEAL_TYPES), DEFAULT_DEAL_CHOICE.type),
  zip: v.fallback(v.pipe(v.string(), v.regex(/^\d{0,5}$/)), ''),
  tier: v.fallback(productId, ''),
  down: v.fallback(amountText, ''),
  term: v.fallback(v.nullable(v.pipe(number, v.picklist([...FINANCE_TERMS, ...LEASE_TERMS]))), null),
  miles: v.fallback(v.pipe(number, v.picklist(LEASE_MILEAGES)), 12_000),
  products: v.fallback(
    v.pipe(
      v.string(),
      v.transform((text) => [...new Set(text.split(','))]),
      v.array(productId),
      v.maxLength(MAX_DEAL_PRODUCTS),
    ),
    [],
  ),
  trade: v.fallback(amountText, ''),
  payoff: v.fallback(amountText, ''),
});

const PARAM_NAMES = Object.keys(dealParamsSchema.entries) as (keyof typeof dealParamsSchema.entries)[];

/** The deal in a car page's URL (?deal=lease&zip=75201&tier=good&down=3000&term=36&miles=12000&products=gap&trade=8000&payoff=5000). */
export function parseDealParams(search: URLSearchParams): DealChoice {
  const raw = Object.fromEntries(PARAM_NAMES.map((name) => [name, search.get(name) ?? undefined]));
  const params = v.parse(dealParamsSchema, raw);
  return {
    type: params.deal,
    zip: params.zip,
    tierId: params.tier,
    down: params.down,
    termMonths: params.term,
    milesPerYear: params.miles,
    productIds: params.products,
    trade: params.trade,
    payoff: params.payoff,
  };
}

/** The page's other parameters, once the application has taken the deal from them. */
export function withoutDealParams(search: URLSearchParams): URLSearchParams {
  const rest = new URLSearchParams(search);
  for (const name of PARAM_NAMES) rest.delete(name);
  return rest;
}

/**
 * The deal's URL parameters, merged into the page's other ones; only what the shopper set, and only
 * what parseDealParams would read back (an amount mistyped stays on the screen, not in the address).
 */
export function serializeDealParams(choice: DealChoice, others: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const search = withoutDealParams(others);
  const amount = (name: string, text: string) => {
    const value = readAmount(text);
    if (value !== undefined && value !== null) search.set(name, String(value));
  };
  search.set('deal', choice.type);
  if (choice.zip !== '') search.set('zip', choice.zip);
  if (choice.tierId !== '') search.set('tier', choice.tierId);
  if (choice.type !== 'cash') amount('down', choice.down);
  if (choice.type !== 'cash' && choice.termMonths !== null) search.set('term', String(choice.termMonths));
  if (choice.type === 'lease') search.set('miles', String(choice.milesPerYear));
  if (choice.productIds.length > 0) search.set('products', choice.productIds.join(','));
  amount('trade', choice.trade);
  amount('payoff', choice.payoff);
  return search;
}

/** The term the quote uses: the chosen one when this kind of deal offers it, else its usual one. */
export function termFor(choice: DealChoice, terms: readonly number[]): number | null {
  if (choice.type === 'cash') return null;
  if (choice.termMonths !== null && terms.includes(choice.termMonths)) return choice.termMonths;
  const usual = USUAL_TERM[choice.type];
  return terms.includes(usual) ? usual : (terms[0] ?? null);
}

/** A form field the deal names, as the builder labels it. */
export type DealFormField = 'type' | 'zip' | 'tierId' | 'down' | 'termMonths' | 'milesPerYear' | 'productIds' | 'trade' | 'payoff';

/** The builder's field for each field a quote's 400 names (domain/deals/deal-input.schema.ts DealField, prefixed `deal.`). */
const FIELD_OF_ERROR: Record<string, DealFormField> = {
  'deal.type': 'type',
  'deal.zip': 'zip',
  'deal.tierId': 'tierId',
  'deal.cashDownCents': 'down',
  'deal.termMonths': 'termMonths',
  'deal.milesPerYear': 'milesPerYear',
  'deal.productIds': 'productIds',
  'deal.trade': 'trade',
  'deal.trade.allowanceCents': 'trade',
  'deal.trade.payoffCents': 'payoff',
};

/**
 * A quote's or a submission's field errors by the builder's field; errors that name no field stay
 * under ''. The quote names the input's fields `deal.<field>`, a submission, whose deal holds its
 * input under `input`, `deal.input.<field>`.
 */
export function dealFieldErrors(fields: Record<string, string> | undefined): Partial<Record<DealFormField | '', string>> {
  const errors: Partial<Record<DealFormField | '', string>> = {};
  for (const [field, message] of Object.entries(fields ?? {})) {
    const key = FIELD_OF_ERROR[field.replace(/^deal\.input\./, 'deal.')] ?? '';
    errors[key] ??= message;
  }
  return errors;
}

export type DealRequest =
  | { ok: true; input: DealInput }
  /** What the shopper still has to give before there is anything to quote. */
  | { ok: false; missing: 'zip' | 'tierId' | null; invalid: Partial<Record<'down' | 'trade' | 'payoff', true>> };

/**
 * The quote to ask for, or why there is none yet. Choices the settings no longer offer (a product
 * removed since the link was shared, a tier renamed) are left out rather than refused.
 */
export function toDealRequest(choice: DealChoice, answer: DealSettingsAnswer): DealRequest {
  const invalid: Partial<Record<'down' | 'trade' | 'payoff', true>> = {};
  const cents = (field: 'down' | 'trade' | 'payoff') => {
    const value = readAmount(choice[field]);
    if (value === null) invalid[field] = true;
    return dollarsToCents(value ?? 0);
  };
  const cashDownCents = choice.type === 'cash' ? 0 : cents('down');
  const allowanceCents = cents('trade');
  const payoffCents = cents('payoff');
  const tier = answer.settings.tiers.some((each) => each.id === choice.tierId) ? choice.tierId : null;
  const missing = !ZIP_PATTERN.test(choice.zip) ? 'zip' : choice.type !== 'cash' && tier === null ? 'tierId' : null;
  if (missing !== null || Object.keys(invalid).length > 0) return { ok: false, missing, invalid };
  const hasTrade = choice.trade.trim() !== '' || choice.payoff.trim() !== '';
  return {
    ok: true,
    input: {
      type: choice.type,
      zip: choice.zip,
      tierId: choice.type === 'cash' ? null : tier,
      cashDownCents,
      termMonths: termFor(choice, choice.type === 'lease' ? answer.leaseTerms : answer.financeTerms),
      milesPerYear: choice.type === 'lease' ? choice.milesPerYear : null,
      productIds: offeredProducts(choice, answer).map((product) => product.id),
      trade: hasTrade ? { allowanceCents, payoffCents } : null,
    },
  };
}

/** The protection products this kind of deal offers that the shopper ticked, in the dealer's order. */
function offeredProducts(choice: DealChoice, answer: DealSettingsAnswer) {
  return answer.settings.products.filter((product) => product.dealTypes.includes(choice.type) && choice.productIds.includes(product.id));
}
