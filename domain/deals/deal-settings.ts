import * as v from 'valibot';
import { LANGUAGES, type Language } from '../enums.ts';
import { STOCK_NUMBER_MAX_LENGTH } from '../inventory.schema.ts';
import { hasNoControlCharacters, withoutControlCharacters } from '../text.ts';
import { US_STATE_CODES, type UsStateCode } from '../us-states.ts';

/**
 * The dealer's deal settings (docs/product/deals.md#settings): each state's tax rule and fee estimate,
 * the dealer's fees, credit tiers, lease programs, rebates and protection products. Staff save them as
 * a whole, as a new version; a quote names the version it was computed under, so a saved deal keeps
 * its numbers when the settings change.
 */

export const DEAL_TYPES = ['cash', 'finance', 'lease'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/** Retail instalment terms a shopper picks from. */
export const FINANCE_TERMS = [24, 36, 48, 60, 72, 84] as const;
export const LEASE_TERMS = [24, 36, 39, 48] as const;
export const LEASE_MILEAGES = [10_000, 12_000, 15_000] as const;

/**
 * How a state taxes a lease: on each payment (`monthly`), on the total of the payments, due at signing
 * (`upfront-payments`), or on the capitalised cost, due at signing (`upfront-cap-cost`).
 */
export const LEASE_TAX_METHODS = ['monthly', 'upfront-payments', 'upfront-cap-cost'] as const;
export type LeaseTaxMethod = (typeof LEASE_TAX_METHODS)[number];

/** Above these a setting is a typo, not a dealer's number. */
export const MAX_TAX_RATE_PERCENT = 20;
export const MAX_APR_PERCENT = 36;
export const MAX_MONEY_FACTOR = 0.01;
export const MAX_FEE_CENTS = 10_000_000;
export const MAX_EXCESS_MILEAGE_CENTS = 1_000;

export const dealSettingsMessages = {
  textInvalid: 'Must be one line of 1 to 200 characters.',
  descriptionInvalid: 'Must be 1 to 1,000 characters with no control characters but line breaks.',
  centsInvalid: 'Must be a whole number of cents from 0 to 10,000,000.',
  taxRateInvalid: 'Tax rate must be a percentage from 0 to 20 with at most three decimals.',
  aprInvalid: 'APR must be a percentage from 0 to 36 with at most two decimals.',
  moneyFactorInvalid: 'Money factor must be from 0 to 0.01 with at most six decimals.',
  residualInvalid: 'Residual must be a whole percentage from 1 to 100.',
  scoreInvalid: 'Score must be a whole number from 300 to 850.',
  idInvalid: 'Id must be 1 to 40 lowercase letters, digits or dashes.',
  idsNotUnique: 'Each id must be used once.',
  statesNotUnique: 'Each state must have one rule.',
  stateInvalid: 'State must be a US state code.',
  dealTypesInvalid: 'Choose at least one of cash, finance or lease.',
  termBandsInvalid: 'Term bands must rise and the last must reach 84 months.',
  residualsInvalid: 'Each lease term and mileage may have one residual.',
  makesNotUnique: 'Each make may have one lease program.',
  tiersRequired: 'Add at least one credit tier.',
  stockNumbersInvalid: 'Stock numbers must each be 1 to 20 letters, digits or dashes, each once.',
  excessMileageInvalid: 'Excess mileage charge must be a whole number of cents per mile from 0 to 1,000.',
} as const;
const m = dealSettingsMessages;

const decimals = (places: number) => (value: number) => Math.abs(value * 10 ** places - Math.round(value * 10 ** places)) < 1e-6;

const cents = (max = MAX_FEE_CENTS) =>
  v.pipe(v.number(m.centsInvalid), v.integer(m.centsInvalid), v.minValue(0, m.centsInvalid), v.maxValue(max, m.centsInvalid));
const id = v.pipe(v.string(m.idInvalid), v.regex(/^[a-z0-9-]{1,40}$/, m.idInvalid));
const line = v.pipe(
  v.string(m.textInvalid),
  v.trim(),
  v.minLength(1, m.textInvalid),
  v.maxLength(200, m.textInvalid),
  withoutControlCharacters(m.textInvalid),
);
const paragraph = v.pipe(
  v.string(m.descriptionInvalid),
  v.trim(),
  v.minLength(1, m.descriptionInvalid),
  v.maxLength(1000, m.descriptionInvalid),
  v.check((text) => hasNoControlCharacters(text, 'lines'), m.descriptionInvalid),
);
const localized = <T extends v.GenericSchema<string>>(text: T) =>
  v.strictObject(Object.fromEntries(LANGUAGES.map((language) => [language, text])) as Record<Language, T>);
const dealTypes = v.pipe(
  v.array(v.picklist(DEAL_TYPES, m.dealTypesInvalid), m.dealTypesInvalid),
  v.minLength(1, m.dealTypesInvalid),
  v.check((types) => new Set(types).size === types.length, m.dealTypesInvalid),
);
const percent = (max: number, places: number, message: string) =>
  v.pipe(v.number(message), v.minValue(0, message), v.maxValue(max, message), v.check(decimals(places), message));
const score = v.nullable(
  v.pipe(v.number(m.scoreInvalid), v.integer(m.scoreInvalid), v.minValue(300, m.scoreInvalid), v.maxValue(850, m.scoreInvalid)),
);
const uniqueBy = <T>(key: (item: T) => string | number, message: string) =>
  v.check<T[], string>((items) => new Set(items.map(key)).size === items.length, message);

/** A fee in cents, an APR and a money factor as settings hold them; staff offers set them with the same bounds. */
export const feeCentsSchema = cents();
export const aprPercentSchema = percent(MAX_APR_PERCENT, 2, m.aprInvalid);
export const moneyFactorSchema = percent(MAX_MONEY_FACTOR, 6, m.moneyFactorInvalid);

const stateRuleSchema = v.strictObject({
  state: v.picklist(US_STATE_CODES, m.stateInvalid),
  taxRatePercent: percent(MAX_TAX_RATE_PERCENT, 3, m.taxRateInvalid),
  /** The trade-in allowance lowers the taxable amount. */
  tradeInCredit: v.boolean(),
  docFeeTaxable: v.boolean(),
  /** Products marked taxable are taxed in this state. */
  productsTaxable: v.boolean(),
  leaseTaxMethod: v.picklist(LEASE_TAX_METHODS),
  /** Title and registration, an estimate; never taxed. */
  governmentFeesCents: cents(),
});

const aprBandSchema = v.strictObject({
  /** The band covers terms up to and including this many months, from the previous band's end. */
  upToMonths: v.picklist(FINANCE_TERMS, m.termBandsInvalid),
  aprPercent: aprPercentSchema,
});

const tierSchema = v.strictObject({
  id,
  name: localized(line),
  minScore: score,
  maxScore: score,
  aprBands: v.pipe(
    v.array(aprBandSchema),
    v.minLength(1, m.termBandsInvalid),
    v.check((bands) => bands.every((band, i) => i === 0 || band.upToMonths > (bands[i - 1]?.upToMonths ?? 0)), m.termBandsInvalid),
    v.check((bands) => bands.at(-1)?.upToMonths === FINANCE_TERMS.at(-1), m.termBandsInvalid),
  ),
  moneyFactor: moneyFactorSchema,
});

const residualSchema = v.strictObject({
  termMonths: v.picklist(LEASE_TERMS),
  milesPerYear: v.picklist(LEASE_MILEAGES),
  residualPercent: v.pipe(
    v.number(m.residualInvalid),
    v.integer(m.residualInvalid),
    v.minValue(1, m.residualInvalid),
    v.maxValue(100, m.residualInvalid),
  ),
});
const leaseProgramSchema = v.strictObject({
  residuals: v.pipe(
    v.array(residualSchema),
    uniqueBy((entry: v.InferOutput<typeof residualSchema>) => `${entry.termMonths}/${entry.milesPerYear}`, m.residualsInvalid),
  ),
});

const makeProgramSchema = v.strictObject({ make: line, program: leaseProgramSchema });

const rebateSchema = v.strictObject({
  id,
  name: localized(line),
  amountCents: cents(),
  /** Makes it applies to, as the inventory spells them; empty for every make. */
  makes: v.array(line),
  /**
   * The cars it applies to, by stock number; absent or empty for every car of its makes. Optional,
   * as versions saved before rebates could name cars have none.
   */
  stockNumbers: v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.string(m.stockNumbersInvalid),
          v.trim(),
          v.toUpperCase(),
          v.regex(new RegExp(`^[A-Z0-9-]{1,${STOCK_NUMBER_MAX_LENGTH}}$`), m.stockNumbersInvalid),
        ),
        m.stockNumbersInvalid,
      ),
      v.check((numbers) => new Set(numbers).size === numbers.length, m.stockNumbersInvalid),
    ),
  ),
  dealTypes,
});

const productSchema = v.strictObject({
  id,
  name: localized(line),
  description: localized(paragraph),
  priceCents: cents(),
  dealTypes,
  taxable: v.boolean(),
  /** In a lease, added to the capitalised cost rather than paid at signing. */
  capitalisable: v.boolean(),
});

export const dealSettingsSchema = v.strictObject({
  states: v.pipe(
    v.array(stateRuleSchema),
    uniqueBy((rule: v.InferOutput<typeof stateRuleSchema>) => rule.state, m.statesNotUnique),
  ),
  docFeeCents: feeCentsSchema,
  acquisitionFeeCents: cents(),
  dispositionFeeCents: cents(),
  excessMileageCentsPerMile: v.pipe(
    v.number(m.excessMileageInvalid),
    v.integer(m.excessMileageInvalid),
    v.minValue(0, m.excessMileageInvalid),
    v.maxValue(MAX_EXCESS_MILEAGE_CENTS, m.excessMileageInvalid),
  ),
  tiers: v.pipe(
    v.array(tierSchema),
    v.minLength(1, m.tiersRequired),
    uniqueBy((tier: v.InferOutput<typeof tierSchema>) => tier.id, m.idsNotUnique),
  ),
  leasePrograms: v.strictObject({
    default: v.nullable(leaseProgramSchema),
    byMake: v.pipe(
      v.array(makeProgramSchema),
      uniqueBy((entry: v.InferOutput<typeof makeProgramSchema>) => entry.make.toLowerCase(), m.makesNotUnique),
    ),
  }),
  rebates: v.pipe(
    v.array(rebateSchema),
    uniqueBy((rebate: v.InferOutput<typeof rebateSchema>) => rebate.id, m.idsNotUnique),
  ),
  products: v.pipe(
    v.array(productSchema),
    uniqueBy((product: v.InferOutput<typeof productSchema>) => product.id, m.idsNotUnique),
  ),
});

export type DealSettings = v.InferOutput<typeof dealSettingsSchema>;
export type StateTaxRule = DealSettings['states'][number];
export type CreditTier = DealSettings['tiers'][number];
export type ProtectionProduct = DealSettings['products'][number];
export type LocalizedText = Record<Language, string>;

/** Saved settings with the version a quote names. */
export interface VersionedDealSettings {
  version: number;
  settings: DealSettings;
}

const inLanguages = (en: string, uk: string, es: string, ru: string): LocalizedText => ({ en, uk, es, ru });

const residualGrid = (base: Record<(typeof LEASE_TERMS)[number], number>) =>
  LEASE_TERMS.flatMap((termMonths) =>
    LEASE_MILEAGES.map((milesPerYear) => ({
      termMonths,
      milesPerYear,
      // Each extra 2,500-3,000 miles a year costs about two points of residual, as captive programs do.
      residualPercent: base[termMonths] - (milesPerYear === 12_000 ? 2 : milesPerYear === 15_000 ? 5 : 0),
    })),
  );

/**
 * A complete example for the dealer's own state, seeded on first start so the embedded default shows
 * real numbers (docs/product/deals.md#settings). The state's tax rule is a typical one (6.25 %, trades
 * credited, doc fee taxed, lease tax on each payment); staff replace it with their state's.
 */
export function exampleDealSettings(dealerState: UsStateCode): DealSettings {
  return {
    states: [
      {
        state: dealerState,
        taxRatePercent: 6.25,
        tradeInCredit: true,
        docFeeTaxable: true,
        productsTaxable: false,
        leaseTaxMethod: 'monthly',
        governmentFeesCents: 35_000,
      },
    ],
    docFeeCents: 49_900,
    acquisitionFeeCents: 69_500,
    dispositionFeeCents: 39_500,
    excessMileageCentsPerMile: 25,
    tiers: [
      tier(
        'excellent',
        inLanguages('Excellent 720+', 'Відмінна 720+', 'Excelente 720+', 'Отличная 720+'),
        720,
        null,
        [5.49, 5.99, 6.49],
        0.0021,
      ),
      tier('good', inLanguages('Good 660–719', 'Добра 660–719', 'Buena 660–719', 'Хорошая 660–719'), 660, 719, [7.49, 7.99, 8.49], 0.0029),
      tier(
        'fair',
        inLanguages('Fair 600–659', 'Задовільна 600–659', 'Regular 600–659', 'Средняя 600–659'),
        600,
        659,
        [10.99, 11.49, 11.99],
        0.0038,
      ),
      tier(
        'rebuilding',
        inLanguages('Rebuilding under 600', 'Відновлення, нижче 600', 'Reconstruyendo, menos de 600', 'Восстановление, ниже 600'),
        null,
        599,
        [15.99, 16.49, 16.99],
        0.005,
      ),
    ],
    leasePrograms: { default: { residuals: residualGrid({ 24: 66, 36: 58, 39: 56, 48: 50 }) }, byMake: [] },
    rebates: [],
    products: [
      {
        id: 'gap',
        name: inLanguages('GAP protection', 'Захист GAP', 'Protección GAP', 'Защита GAP'),
        description: inLanguages(
          'Pays the difference between what you owe and what insurance pays if the car is totalled or stolen.',
          'Покриває різницю між боргом і виплатою страховки, якщо авто знищене або викрадене.',
          'Paga la diferencia entre lo que debe y lo que paga el seguro si el auto se pierde o lo roban.',
          'Покрывает разницу между долгом и выплатой страховки, если машина уничтожена или угнана.',
        ),
        priceCents: 79_500,
        dealTypes: ['finance', 'lease'],
        taxable: false,
        capitalisable: true,
      },
      {
        id: 'service-contract',
        name: inLanguages('Vehicle service contract', 'Сервісний контракт', 'Contrato de servicio', 'Сервисный контракт'),
        description: inLanguages(
          'Covers engine, transmission and electrical repairs for 5 years or 60,000 miles.',
          'Покриває ремонт двигуна, коробки передач і електрики на 5 років або 60 000 миль.',
          'Cubre reparaciones de motor, transmisión y sistema eléctrico por 5 años o 60,000 millas.',
          'Покрывает ремонт двигателя, коробки передач и электрики на 5 лет или 60 000 миль.',
        ),
        priceCents: 189_500,
        dealTypes: ['cash', 'finance', 'lease'],
        taxable: true,
        capitalisable: true,
      },
    ],
  };
}

function tier(
  id: string,
  name: LocalizedText,
  minScore: number | null,
  maxScore: number | null,
  aprs: [number, number, number],
  moneyFactor: number,
): CreditTier {
  const [upTo60, upTo72, upTo84] = aprs;
  return {
    id,
    name,
    minScore,
    maxScore,
    aprBands: [
      { upToMonths: 60, aprPercent: upTo60 },
      { upToMonths: 72, aprPercent: upTo72 },
      { upToMonths: 84, aprPercent: upTo84 },
    ],
    moneyFactor,
  };
}
