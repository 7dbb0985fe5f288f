import * as v from 'valibot';
import { quoteDeal, type DealCar, type DealOutcome } from './deal-calculator.ts';
import { dealInputSchema, MAX_DEAL_AMOUNT_CENTS, type DealInput } from './deal-input.schema.ts';
import { aprPercentSchema, feeCentsSchema, moneyFactorSchema, type DealSettings } from './deal-settings.ts';

/**
 * The desk's revision of a deal (docs/product/deals.md#offers): what staff may set apart from the
 * settings, each left out where the settings' own figure stands. The rest of a revision (term,
 * mileage, cash down, products, the trade's allowance and payoff) is the offer's own deal input.
 */
/** Sent and open; accepted or declined by the applicant; or superseded by a newer offer before either. */
export const DEAL_OFFER_STATUSES = ['sent', 'accepted', 'declined', 'superseded'] as const;
export type DealOfferStatus = (typeof DEAL_OFFER_STATUSES)[number];

export const offerTermsMessages = {
  priceInvalid: 'Price must be a whole number of cents from 1 to 1,000,000,000.',
  aprNotForType: 'An APR is set on a finance offer only.',
  moneyFactorNotForType: 'A money factor is set on a lease offer only.',
} as const;
const m = offerTermsMessages;

const nullableTerm = <T extends v.GenericSchema<number>>(schema: T) => v.optional(v.nullable(schema), null);

export const offerTermsSchema = v.strictObject({
  priceCents: nullableTerm(
    v.pipe(
      v.number(m.priceInvalid),
      v.integer(m.priceInvalid),
      v.minValue(1, m.priceInvalid),
      v.maxValue(MAX_DEAL_AMOUNT_CENTS, m.priceInvalid),
    ),
  ),
  aprPercent: nullableTerm(aprPercentSchema),
  moneyFactor: nullableTerm(moneyFactorSchema),
  docFeeCents: nullableTerm(feeCentsSchema),
});
export type OfferTerms = v.InferOutput<typeof offerTermsSchema>;
export type OfferTermsField = keyof OfferTerms;

/** What staff send as an offer: the deal input and the terms they set. */
export const dealRevisionSchema = v.strictObject({ input: dealInputSchema, terms: offerTermsSchema });
export type DealRevision = v.InferOutput<typeof dealRevisionSchema>;

export type OfferOutcome = DealOutcome | { ok: false; field: `terms.${OfferTermsField}`; message: string };

/**
 * Prices an offer with the same calculator as every quote: the terms replace the car's price, the
 * doc fee, and the chosen tier's APR (for every term) or money factor, and nothing else changes.
 */
export function quoteOffer(car: DealCar, input: DealInput, terms: OfferTerms, settings: DealSettings): OfferOutcome {
  if (terms.aprPercent !== null && input.type !== 'finance') return { ok: false, field: 'terms.aprPercent', message: m.aprNotForType };
  if (terms.moneyFactor !== null && input.type !== 'lease')
    return { ok: false, field: 'terms.moneyFactor', message: m.moneyFactorNotForType };
  const { aprPercent, moneyFactor } = terms;
  const revised: DealSettings = {
    ...settings,
    docFeeCents: terms.docFeeCents ?? settings.docFeeCents,
    tiers: settings.tiers.map((tier) =>
      tier.id !== input.tierId
        ? tier
        : {
            ...tier,
            aprBands: aprPercent === null ? tier.aprBands : tier.aprBands.map((band) => ({ ...band, aprPercent })),
            moneyFactor: moneyFactor ?? tier.moneyFactor,
          },
    ),
  };
  return quoteDeal({ ...car, priceCents: terms.priceCents ?? car.priceCents }, input, revised);
}
