import type { UsStateCode } from '../us-states.ts';
import { dealInputMessages as m, type DealField, type DealInput } from './deal-input.schema.ts';
import {
  FINANCE_TERMS,
  LEASE_MILEAGES,
  LEASE_TERMS,
  type CreditTier,
  type DealSettings,
  type DealType,
  type LeaseTaxMethod,
  type ProtectionProduct,
  type StateTaxRule,
} from './deal-settings.ts';
import type { CashQuote, DealQuote, DealTax } from './deal-quote.schema.ts';
import { divideRoundHalfUp, moneyFactorToMillionths, percentOf, sum } from './money.ts';
import { stateOfZip } from './zip-states.ts';

/**
 * The one deal calculator (docs/product/deals.md#formulas): cash, retail instalment and lease, in
 * integer cents. The car page, the wizard, the server, the PDF and the lender hand-off all read the
 * quote it returns; the server recomputes every submitted deal with it.
 */

/** What a quote needs of a car; prices in cents. */
export interface DealCar {
  id: string;
  make: string;
  /** What car-specific rebates name it by. */
  stockNumber: string;
  priceCents: number;
  msrpCents: number | null;
}

type DealBase = Omit<CashQuote, 'type' | 'amountDueCents'>;

export type DealOutcome = { ok: true; quote: DealQuote } | { ok: false; field: DealField; message: string };

// Each quote lists its own fields before spreading the itemisation: V8 builds an object literal that
// spreads first and adds dozens of properties after it some forty times slower (bench/deals.ts).
const problem = (field: DealField, message: string): DealOutcome => ({ ok: false, field, message });

export function quoteDeal(car: DealCar, input: DealInput, settings: DealSettings): DealOutcome {
  const state = stateOfZip(input.zip);
  if (!state) return problem('zip', m.zipOutsideStates);
  const products: ProtectionProduct[] = [];
  for (const id of input.productIds) {
    const product = settings.products.find((candidate) => candidate.id === id);
    if (!product) return problem('productIds', m.productsInvalid);
    if (!product.dealTypes.includes(input.type)) return problem('productIds', m.productNotForType);
    products.push(product);
  }
  const rule = settings.states.find((candidate) => candidate.state === state) ?? null;
  const base = itemise(car, input, settings, state, rule, products);
  switch (input.type) {
    case 'cash':
      return quoteCash(base, input);
    case 'finance':
      return quoteFinance(base, input, settings);
    case 'lease':
      return quoteLease(base, car, input, settings, rule);
  }
}

/**
 * The rebates that apply to a car and a kind of deal, all of them, as the dealer offers them: of the
 * car's make (or every make), and naming the car's stock number where a rebate names cars.
 */
export function applicableRebates(
  settings: DealSettings,
  car: Pick<DealCar, 'make' | 'stockNumber'>,
  type: DealType,
): DealSettings['rebates'] {
  const carMake = car.make.trim().toLowerCase();
  const stockNumber = car.stockNumber.trim().toUpperCase();
  return settings.rebates.filter(
    (rebate) =>
      rebate.dealTypes.includes(type) &&
      (rebate.makes.length === 0 || rebate.makes.some((each) => each.trim().toLowerCase() === carMake)) &&
      (!rebate.stockNumbers?.length || rebate.stockNumbers.includes(stockNumber)),
  );
}

function itemise(
  car: DealCar,
  input: DealInput,
  settings: DealSettings,
  state: UsStateCode,
  rule: StateTaxRule | null,
  chosen: ProtectionProduct[],
): DealBase {
  const leasing = input.type === 'lease';
  const products = chosen.map((product) => ({
    id: product.id,
    cents: product.priceCents,
    taxable: product.taxable && (rule?.productsTaxable ?? false),
    capitalised: leasing && product.capitalisable,
  }));
  const rebates = applicableRebates(settings, car, input.type).map((rebate) => ({ id: rebate.id, cents: rebate.amountCents }));
  const trade = input.trade && { ...input.trade, equityCents: input.trade.allowanceCents - input.trade.payoffCents };
  const taxedProductsCents = sum(products.filter((product) => product.taxable).map((product) => product.cents));
  // The sale's taxable amount; a lease taxes by its own method (quoteLease) but starts from the same rule.
  const taxableCents = rule
    ? Math.max(
        0,
        car.priceCents +
          (rule.docFeeTaxable ? settings.docFeeCents : 0) +
          taxedProductsCents -
          (rule.tradeInCredit ? (trade?.allowanceCents ?? 0) : 0),
      )
    : 0;
  return {
    carId: car.id,
    state,
    priceCents: car.priceCents,
    docFeeCents: settings.docFeeCents,
    governmentFeesCents: rule?.governmentFeesCents ?? 0,
    products,
    productsCents: sum(products.map((product) => product.cents)),
    rebates,
    rebatesCents: sum(rebates.map((rebate) => rebate.cents)),
    trade,
    tax: rule
      ? { included: true, state, ratePercent: rule.taxRatePercent, taxableCents, taxCents: percentOf(taxableCents, rule.taxRatePercent) }
      : { included: false, state },
    cashDownCents: input.cashDownCents,
  };
}

const taxCents = (base: DealBase) => (base.tax.included ? base.tax.taxCents : 0);
const positiveEquity = (base: DealBase) => Math.max(0, base.trade?.equityCents ?? 0);
const negativeEquity = (base: DealBase) => Math.max(0, -(base.trade?.equityCents ?? 0));

function quoteCash(base: DealBase, input: DealInput): DealOutcome {
  if (input.cashDownCents > 0) return problem('cashDownCents', m.cashDownNotForCash);
  const amountDueCents =
    base.priceCents +
    base.docFeeCents +
    base.governmentFeesCents +
    base.productsCents +
    taxCents(base) -
    base.rebatesCents -
    (base.trade?.equityCents ?? 0);
  return { ok: true, quote: { type: 'cash', amountDueCents, ...base } };
}

function chosenTier(input: DealInput, settings: DealSettings): CreditTier | DealOutcome {
  if (!input.tierId) return problem('tierId', m.tierRequired);
  return settings.tiers.find((tier) => tier.id === input.tierId) ?? problem('tierId', m.tierUnknown);
}

function quoteFinance(base: DealBase, input: DealInput, settings: DealSettings): DealOutcome {
  const tier = chosenTier(input, settings);
  if ('ok' in tier) return tier;
  const termMonths = input.termMonths;
  if (termMonths === null || !(FINANCE_TERMS as readonly number[]).includes(termMonths)) return problem('termMonths', m.termInvalid);
  const band = tier.aprBands.find((candidate) => termMonths <= candidate.upToMonths);
  if (!band) return problem('termMonths', m.termInvalid);
  const amountFinancedCents =
    base.priceCents +
    base.docFeeCents +
    base.governmentFeesCents +
    base.productsCents +
    taxCents(base) +
    negativeEquity(base) -
    base.cashDownCents -
    base.rebatesCents -
    positiveEquity(base);
  if (amountFinancedCents <= 0) return problem('cashDownCents', m.cashDownCoversDeal);
  const paymentCents = instalment(amountFinancedCents, band.aprPercent, termMonths);
  const totalOfPaymentsCents = paymentCents * termMonths;
  return {
    ok: true,
    quote: {
      type: 'finance',
      tierId: tier.id,
      aprPercent: band.aprPercent,
      termMonths,
      amountFinancedCents,
      paymentCents,
      numberOfPayments: termMonths,
      totalOfPaymentsCents,
      financeChargeCents: totalOfPaymentsCents - amountFinancedCents,
      ...base,
    },
  };
}

/**
 * The level payment of a fully amortising loan, P·r / (1 − (1 + r)^−n) with r = APR / 12, in double
 * precision and rounded half up to the cent once; at 0 % the principal split evenly, rounded the same way.
 */
export function instalment(principalCents: number, aprPercent: number, termMonths: number): number {
  const rate = aprPercent / 100 / 12;
  if (rate === 0) return divideRoundHalfUp(principalCents, termMonths);
  return Math.round((principalCents * rate) / (1 - (1 + rate) ** -termMonths));
}

function quoteLease(base: DealBase, car: DealCar, input: DealInput, settings: DealSettings, rule: StateTaxRule | null): DealOutcome {
  if (car.msrpCents === null) return problem('type', m.leaseNoMsrp);
  const make = car.make.trim().toLowerCase();
  const program =
    settings.leasePrograms.byMake.find((entry) => entry.make.trim().toLowerCase() === make)?.program ?? settings.leasePrograms.default;
  if (!program) return problem('type', m.leaseNoProgram);
  const tier = chosenTier(input, settings);
  if ('ok' in tier) return tier;
  const { termMonths, milesPerYear } = input;
  if (termMonths === null || !(LEASE_TERMS as readonly number[]).includes(termMonths)) return problem('termMonths', m.termInvalid);
  if (milesPerYear === null || !(LEASE_MILEAGES as readonly number[]).includes(milesPerYear))
    return problem('milesPerYear', m.mileageInvalid);
  const residual = program.residuals.find((entry) => entry.termMonths === termMonths && entry.milesPerYear === milesPerYear);
  if (!residual) return problem('termMonths', m.leaseTermNotOffered);

  const capitalisedProductsCents = sum(base.products.filter((product) => product.capitalised).map((product) => product.cents));
  const upfrontProductsCents = base.productsCents - capitalisedProductsCents;
  const grossCapCostCents = base.priceCents + settings.acquisitionFeeCents + capitalisedProductsCents + negativeEquity(base);
  const capCostReductionCents = base.cashDownCents + base.rebatesCents + positiveEquity(base);
  const adjustedCapCostCents = grossCapCostCents - capCostReductionCents;
  const residualCents = percentOf(car.msrpCents, residual.residualPercent);
  if (adjustedCapCostCents < residualCents) {
    return base.cashDownCents > 0 ? problem('cashDownCents', m.cashDownTooHigh) : problem('type', m.leaseNoProgram);
  }
  const depreciationCents = divideRoundHalfUp(adjustedCapCostCents - residualCents, termMonths);
  const rentChargeCents = divideRoundHalfUp((adjustedCapCostCents + residualCents) * moneyFactorToMillionths(tier.moneyFactor), 1_000_000);
  const basePaymentCents = depreciationCents + rentChargeCents;

  const method = rule?.leaseTaxMethod ?? null;
  const rate = rule?.taxRatePercent ?? 0;
  // What is paid at signing and taxable there whatever the method: a taxable doc fee and taxable products not capitalised.
  const upfrontTaxableCents =
    (rule?.docFeeTaxable ? base.docFeeCents : 0) +
    sum(base.products.filter((product) => product.taxable && !product.capitalised).map((product) => product.cents));
  const monthlyTaxCents = method === 'monthly' ? percentOf(basePaymentCents, rate) : 0;
  const paymentCents = basePaymentCents + monthlyTaxCents;
  const upfrontTaxCents = !rule
    ? 0
    : method === 'monthly'
      ? percentOf(upfrontTaxableCents, rate)
      : method === 'upfront-payments'
        ? percentOf(basePaymentCents * termMonths + upfrontTaxableCents, rate)
        : taxCents(base);
  const tax: DealTax = rule
    ? {
        included: true,
        state: base.state,
        ratePercent: rate,
        taxableCents: leaseTaxable(method, base, basePaymentCents, termMonths, upfrontTaxableCents),
        taxCents: monthlyTaxCents * termMonths + upfrontTaxCents,
      }
    : base.tax;
  const dueAtSigningCents =
    paymentCents + base.cashDownCents + base.docFeeCents + base.governmentFeesCents + upfrontProductsCents + upfrontTaxCents;
  return {
    ok: true,
    quote: {
      type: 'lease',
      tierId: tier.id,
      moneyFactor: tier.moneyFactor,
      termMonths,
      milesPerYear,
      msrpCents: car.msrpCents,
      residualPercent: residual.residualPercent,
      residualCents,
      acquisitionFeeCents: settings.acquisitionFeeCents,
      grossCapCostCents,
      capCostReductionCents,
      adjustedCapCostCents,
      depreciationCents,
      rentChargeCents,
      basePaymentCents,
      leaseTaxMethod: method,
      monthlyTaxCents,
      paymentCents,
      numberOfPayments: termMonths,
      totalOfPaymentsCents: paymentCents * termMonths,
      upfrontTaxCents,
      dueAtSigningCents,
      securityDepositCents: 0,
      dispositionFeeCents: settings.dispositionFeeCents,
      excessMileageCentsPerMile: settings.excessMileageCentsPerMile,
      ...base,
      tax,
    },
  };
}

/** The amount a lease's tax is computed on, shown on the tax line. */
function leaseTaxable(
  method: LeaseTaxMethod | null,
  base: DealBase,
  basePaymentCents: number,
  termMonths: number,
  upfrontTaxableCents: number,
): number {
  if (method === 'upfront-cap-cost') return base.tax.included ? base.tax.taxableCents : 0;
  return basePaymentCents * termMonths + upfrontTaxableCents;
}
