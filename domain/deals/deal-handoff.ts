import type { TradeInHandoff } from '../contracts/trade-ins.ts';
import type { Language } from '../enums.ts';
import type { UsStateCode } from '../us-states.ts';
import type { ApplicationDeal } from './application-deal.schema.ts';
import type { DealSettings, LeaseTaxMethod } from './deal-settings.ts';

/**
 * An application's deal as it leaves the dealer (docs/operations/lender.md#the-deal-in-the-hand-off): one rule for
 * the lender's hand-off and anything else that hands the deal on, so each receives the numbers the
 * applicant was shown, named as the dealer names them. Amounts are whole cents.
 */

/** The names of a deal's products, rebates and credit tier in one language, from the settings it was priced under. */
export interface DealNames {
  product(id: string): string;
  rebate(id: string): string;
  tier(id: string): string;
}

/**
 * A version of the settings is never changed once written, so the names a deal was shown with are
 * there; where that version cannot be read, the id (`gap`, `service-contract`) stands in, readable still.
 */
export function dealNames(settings: DealSettings | undefined, language: Language): DealNames {
  const named = (items: ReadonlyArray<{ id: string; name: Record<Language, string> }> | undefined) => (id: string) =>
    items?.find((item) => item.id === id)?.name[language] ?? id;
  return { product: named(settings?.products), rebate: named(settings?.rebates), tier: named(settings?.tiers) };
}

/** The car traded in, as the dealer appraised it: the shopper's accepted trade-in (docs/product/trade-ins.md#in-the-deal). */
export interface DealHandoffTradeIn {
  tradeInId: number;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  vin: string | null;
  mileage: number | null;
  /** The accepted offer. */
  appraisalCents: number;
}

export interface DealHandoffTrade {
  allowanceCents: number;
  payoffCents: number;
  /** Allowance − payoff: negative when more is owed on the trade than it is worth. */
  equityCents: number;
  /** Present only when the applicant has an accepted trade-in; a trade they only priced themselves names no car. */
  tradeIn?: DealHandoffTradeIn;
}

/**
 * The deal's trade: the numbers it was priced with and, with an accepted trade-in, the car and its
 * appraisal. A deal priced without a trade takes the trade-in's own numbers (the offer as the
 * allowance, the declared payoff), so the lender and the CRM still learn of the car.
 */
function tradeOf(quoted: DealHandoffTrade | null, tradeIn: TradeInHandoff | null): DealHandoffTrade | null {
  if (!tradeIn) return quoted;
  const { tradeInId, year, make, model, trim, vin, mileage, offerCents, payoffCents } = tradeIn;
  const numbers = quoted ?? { allowanceCents: offerCents, payoffCents, equityCents: offerCents - payoffCents };
  return { ...numbers, tradeIn: { tradeInId, year, make, model, trim, vin, mileage, appraisalCents: offerCents } };
}

/** The sales tax: priced for the state, or not included where the dealer has no rule for it (the dealer confirms it). */
export type DealHandoffTax =
  | { state: UsStateCode; included: true; ratePercent: number; taxableCents: number; amountCents: number }
  | { state: UsStateCode; included: false };

interface DealHandoffBase {
  settingsVersion: number;
  carId: string;
  state: UsStateCode;
  priceCents: number;
  docFeeCents: number;
  governmentFeesCents: number;
  products: { id: string; name: string; priceCents: number }[];
  productsCents: number;
  rebates: { id: string; name: string; amountCents: number }[];
  rebatesCents: number;
  trade: DealHandoffTrade | null;
  tax: DealHandoffTax;
  cashDownCents: number;
}

export interface CashHandoff extends DealHandoffBase {
  type: 'cash';
  /** Negative when the trade is worth more than the rest of the deal: the dealer pays it out. */
  amountDueCents: number;
}

export interface FinanceHandoff extends DealHandoffBase {
  type: 'finance';
  creditTier: { id: string; name: string };
  termMonths: number;
  aprPercent: number;
  amountFinancedCents: number;
  paymentCents: number;
  numberOfPayments: number;
  totalOfPaymentsCents: number;
  financeChargeCents: number;
}

export interface LeaseHandoff extends DealHandoffBase {
  type: 'lease';
  creditTier: { id: string; name: string };
  termMonths: number;
  milesPerYear: number;
  moneyFactor: number;
  msrpCents: number;
  residual: { percent: number; cents: number };
  acquisitionFeeCents: number;
  grossCapCostCents: number;
  capCostReductionCents: number;
  adjustedCapCostCents: number;
  depreciationCents: number;
  rentChargeCents: number;
  basePaymentCents: number;
  /** Null where the state has no tax rule. */
  leaseTaxMethod: LeaseTaxMethod | null;
  monthlyTaxCents: number;
  paymentCents: number;
  numberOfPayments: number;
  totalOfPaymentsCents: number;
  upfrontTaxCents: number;
  dueAtSigningCents: number;
  securityDepositCents: number;
  dispositionFeeCents: number;
  excessMileageCentsPerMile: number;
}

export type DealHandoff = CashHandoff | FinanceHandoff | LeaseHandoff;

/**
 * The deal block of a hand-off, names in English (the lender's and the CRM's language); `settings`
 * are those of `deal.settingsVersion`; `tradeIn` the applicant's accepted trade-in, if any.
 */
export function dealHandoff(deal: ApplicationDeal, settings: DealSettings | undefined, tradeIn: TradeInHandoff | null): DealHandoff {
  const { quote } = deal;
  const names = dealNames(settings, 'en');
  const base: DealHandoffBase = {
    settingsVersion: deal.settingsVersion,
    carId: quote.carId,
    state: quote.state,
    priceCents: quote.priceCents,
    docFeeCents: quote.docFeeCents,
    governmentFeesCents: quote.governmentFeesCents,
    products: quote.products.map((product) => ({ id: product.id, name: names.product(product.id), priceCents: product.cents })),
    productsCents: quote.productsCents,
    rebates: quote.rebates.map((rebate) => ({ id: rebate.id, name: names.rebate(rebate.id), amountCents: rebate.cents })),
    rebatesCents: quote.rebatesCents,
    trade: tradeOf(
      quote.trade && {
        allowanceCents: quote.trade.allowanceCents,
        payoffCents: quote.trade.payoffCents,
        equityCents: quote.trade.equityCents,
      },
      tradeIn,
    ),
    tax: quote.tax.included
      ? {
          state: quote.tax.state,
          included: true,
          ratePercent: quote.tax.ratePercent,
          taxableCents: quote.tax.taxableCents,
          amountCents: quote.tax.taxCents,
        }
      : { state: quote.tax.state, included: false },
    cashDownCents: quote.cashDownCents,
  };
  switch (quote.type) {
    case 'cash':
      return { type: 'cash', ...base, amountDueCents: quote.amountDueCents };
    case 'finance':
      return {
        type: 'finance',
        ...base,
        creditTier: { id: quote.tierId, name: names.tier(quote.tierId) },
        termMonths: quote.termMonths,
        aprPercent: quote.aprPercent,
        amountFinancedCents: quote.amountFinancedCents,
        paymentCents: quote.paymentCents,
        numberOfPayments: quote.numberOfPayments,
        totalOfPaymentsCents: quote.totalOfPaymentsCents,
        financeChargeCents: quote.financeChargeCents,
      };
    case 'lease':
      return {
        type: 'lease',
        ...base,
        creditTier: { id: quote.tierId, name: names.tier(quote.tierId) },
        termMonths: quote.termMonths,
        milesPerYear: quote.milesPerYear,
        moneyFactor: quote.moneyFactor,
        msrpCents: quote.msrpCents,
        residual: { percent: quote.residualPercent, cents: quote.residualCents },
        acquisitionFeeCents: quote.acquisitionFeeCents,
        grossCapCostCents: quote.grossCapCostCents,
        capCostReductionCents: quote.capCostReductionCents,
        adjustedCapCostCents: quote.adjustedCapCostCents,
        depreciationCents: quote.depreciationCents,
        rentChargeCents: quote.rentChargeCents,
        basePaymentCents: quote.basePaymentCents,
        leaseTaxMethod: quote.leaseTaxMethod,
        monthlyTaxCents: quote.monthlyTaxCents,
        paymentCents: quote.paymentCents,
        numberOfPayments: quote.numberOfPayments,
        totalOfPaymentsCents: quote.totalOfPaymentsCents,
        upfrontTaxCents: quote.upfrontTaxCents,
        dueAtSigningCents: quote.dueAtSigningCents,
        securityDepositCents: quote.securityDepositCents,
        dispositionFeeCents: quote.dispositionFeeCents,
        excessMileageCentsPerMile: quote.excessMileageCentsPerMile,
      };
  }
}
