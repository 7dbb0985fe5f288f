import * as v from 'valibot';
import { CAR_MAX_PRICE } from '../inventory.schema.ts';
import { DEAL_TYPES } from './deal-settings.ts';
import { ZIP_PATTERN } from './zip-states.ts';

/** Above this an amount is a typo: no car, trade or payoff in the catalogue comes near it. */
export const MAX_DEAL_AMOUNT_CENTS = CAR_MAX_PRICE * 100;
export const MAX_DEAL_PRODUCTS = 20;

/** English texts are also the Lingui message ids, as with validationMessages. */
export const dealInputMessages = {
  typeInvalid: 'Choose cash, finance or lease.',
  zipInvalid: 'ZIP code must be 5 digits.',
  zipOutsideStates: 'We sell to the 50 states and DC: this ZIP code is outside them.',
  amountInvalid: 'Must be a whole number of cents from 0 to 1,000,000,000.',
  tierRequired: 'Choose your credit.',
  tierUnknown: 'Choose one of the listed credit tiers.',
  termInvalid: 'Choose one of the listed terms.',
  mileageInvalid: 'Choose one of the listed mileages.',
  productsInvalid: 'Choose products from the list, each once.',
  productNotForType: 'This product is not offered with this kind of deal.',
  cashDownNotForCash: 'A cash deal has no separate down payment.',
  cashDownCoversDeal: 'Your cash down covers the whole deal: choose cash instead.',
  cashDownTooHigh: 'Your cash down is more than this lease can take: lower it.',
  leaseNoMsrp: 'This car has no MSRP, so it cannot be leased here.',
  leaseNoProgram: 'This car has no lease program.',
  leaseTermNotOffered: 'The lease program has no residual for this term and mileage.',
} as const;
const m = dealInputMessages;

const amount = v.pipe(
  v.number(m.amountInvalid),
  v.integer(m.amountInvalid),
  v.minValue(0, m.amountInvalid),
  v.maxValue(MAX_DEAL_AMOUNT_CENTS, m.amountInvalid),
);
const wholeNumber = (message: string) => v.pipe(v.number(message), v.integer(message));

/**
 * What a shopper chooses (docs/product/deals.md#the-shoppers-deal). Shapes and bounds are checked here;
 * whether a tier, term, mileage or product exists is the settings' question, answered by quoteDeal.
 */
export const dealInputSchema = v.strictObject({
  type: v.picklist(DEAL_TYPES, m.typeInvalid),
  zip: v.pipe(v.string(m.zipInvalid), v.regex(ZIP_PATTERN, m.zipInvalid)),
  tierId: v.optional(v.nullable(v.pipe(v.string(m.tierUnknown), v.maxLength(40, m.tierUnknown))), null),
  cashDownCents: v.optional(amount, 0),
  termMonths: v.optional(v.nullable(wholeNumber(m.termInvalid)), null),
  milesPerYear: v.optional(v.nullable(wholeNumber(m.mileageInvalid)), null),
  productIds: v.optional(
    v.pipe(
      v.array(v.pipe(v.string(m.productsInvalid), v.maxLength(40, m.productsInvalid)), m.productsInvalid),
      v.maxLength(MAX_DEAL_PRODUCTS, m.productsInvalid),
      v.check((ids) => new Set(ids).size === ids.length, m.productsInvalid),
    ),
    [],
  ),
  trade: v.optional(v.nullable(v.strictObject({ allowanceCents: amount, payoffCents: amount })), null),
});

export type DealInput = v.InferOutput<typeof dealInputSchema>;
/** The fields a deal problem can name, as the API's field errors do. */
export type DealField = Exclude<keyof DealInput, 'trade'> | 'trade.allowanceCents' | 'trade.payoffCents';
