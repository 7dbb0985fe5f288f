import * as v from 'valibot';
import { US_STATE_CODES } from '../us-states.ts';
import { LEASE_TAX_METHODS } from './deal-settings.ts';

/**
 * The quote quoteDeal returns, as a schema: the types the calculator, the web and the server share,
 * the API's answer (documented and checked against it), and the shape a stored deal snapshot must
 * have (docs/product/deals.md#formulas). Amounts are whole cents.
 */

const cents = v.pipe(v.number(), v.integer());
const state = v.picklist(US_STATE_CODES);

const item = { id: v.string(), cents };
const dealItemSchema = v.strictObject(item);
const dealProductSchema = v.strictObject({
  ...item,
  taxable: v.boolean(),
  /** Lease only: on the capitalised cost, not paid at signing. */
  capitalised: v.boolean(),
});

const dealTaxSchema = v.variant('included', [
  v.strictObject({ included: v.literal(true), state, ratePercent: v.number(), taxableCents: cents, taxCents: cents }),
  /** No rule for the shopper's state: tax and government fees are confirmed by the dealer, not shown. */
  v.strictObject({ included: v.literal(false), state }),
]);

/** The itemisation every kind of deal starts with. */
const base = {
  carId: v.string(),
  state,
  priceCents: cents,
  docFeeCents: cents,
  governmentFeesCents: cents,
  products: v.array(dealProductSchema),
  productsCents: cents,
  rebates: v.array(dealItemSchema),
  rebatesCents: cents,
  trade: v.nullable(v.strictObject({ allowanceCents: cents, payoffCents: cents, equityCents: cents })),
  tax: dealTaxSchema,
  cashDownCents: cents,
};

const cashQuoteSchema = v.strictObject({
  ...base,
  type: v.literal('cash'),
  /** Negative when the trade's equity is worth more than the rest of the deal: the dealer pays it out. */
  amountDueCents: cents,
});

const financeQuoteSchema = v.strictObject({
  ...base,
  type: v.literal('finance'),
  tierId: v.string(),
  aprPercent: v.number(),
  termMonths: cents,
  amountFinancedCents: cents,
  paymentCents: cents,
  numberOfPayments: cents,
  totalOfPaymentsCents: cents,
  financeChargeCents: cents,
});

const leaseQuoteSchema = v.strictObject({
  ...base,
  type: v.literal('lease'),
  tierId: v.string(),
  moneyFactor: v.number(),
  termMonths: cents,
  milesPerYear: cents,
  msrpCents: cents,
  residualPercent: cents,
  residualCents: cents,
  acquisitionFeeCents: cents,
  grossCapCostCents: cents,
  capCostReductionCents: cents,
  adjustedCapCostCents: cents,
  depreciationCents: cents,
  rentChargeCents: cents,
  basePaymentCents: cents,
  /** Null where the state has no tax rule. */
  leaseTaxMethod: v.nullable(v.picklist(LEASE_TAX_METHODS)),
  monthlyTaxCents: cents,
  paymentCents: cents,
  numberOfPayments: cents,
  totalOfPaymentsCents: cents,
  upfrontTaxCents: cents,
  dueAtSigningCents: cents,
  securityDepositCents: cents,
  dispositionFeeCents: cents,
  excessMileageCentsPerMile: cents,
});

export const dealQuoteSchema = v.variant('type', [cashQuoteSchema, financeQuoteSchema, leaseQuoteSchema]);

/** A quote with the settings version it was computed under: what the API answers and a deal stores. */
export const pricedDealSchema = v.strictObject({ settingsVersion: v.pipe(v.number(), v.integer(), v.minValue(1)), quote: dealQuoteSchema });

export type DealTax = v.InferOutput<typeof dealTaxSchema>;
export type DealQuote = v.InferOutput<typeof dealQuoteSchema>;
export type CashQuote = v.InferOutput<typeof cashQuoteSchema>;
export type PricedDeal = v.InferOutput<typeof pricedDealSchema>;
