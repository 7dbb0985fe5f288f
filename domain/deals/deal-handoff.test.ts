import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { TradeInHandoff } from '../contracts/trade-ins.ts';
import type { ApplicationDeal } from './application-deal.schema.ts';
import { quoteDeal, type DealCar } from './deal-calculator.ts';
import { dealHandoff, dealNames } from './deal-handoff.ts';
import { dealInputSchema } from './deal-input.schema.ts';
import { exampleDealSettings, type DealSettings } from './deal-settings.ts';

/** The seeded example for Texas, with one rebate so a rebate's name can be read. */
const settings: DealSettings = {
  ...exampleDealSettings('TX'),
  rebates: [
    {
      id: 'loyalty',
      name: { en: 'Loyalty rebate', uk: 'Знижка за лояльність', es: 'Reembolso por lealtad', ru: 'Скидка за лояльность' },
      amountCents: 50_000,
      makes: [],
      dealTypes: ['cash', 'finance', 'lease'],
    },
  ],
};
const car: DealCar = { id: 'car-1', make: 'Ford', stockNumber: 'S1', priceCents: 3_000_000, msrpCents: 3_400_000 };

/** An application's deal as the server stores it: the input and the quote quoteDeal priced from it. */
function applicationDeal(input: Record<string, unknown>): ApplicationDeal {
  const parsed = v.parse(dealInputSchema, { zip: '75201', ...input });
  const outcome = quoteDeal(car, parsed, settings);
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.message}`);
  return { input: parsed, settingsVersion: 3, quote: outcome.quote };
}

const trade = { allowanceCents: 800_000, payoffCents: 500_000 };

/** A shopper's accepted trade-in, as the trade-ins service hands it over. */
const tradeIn: TradeInHandoff = {
  tradeInId: 41,
  vin: '2HGFB2F50FH512345',
  year: 2015,
  make: 'Honda',
  model: 'Civic',
  trim: 'EX',
  mileage: 98_000,
  offerCents: 800_000,
  payoffCents: 500_000,
};

describe('the deal handed to the lender', () => {
  it('carries a finance deal as priced: every amount in cents, the term, the APR, the tier, the trade and the tax', () => {
    const deal = applicationDeal({ type: 'finance', tierId: 'excellent', termMonths: 72, cashDownCents: 200_000, trade });
    const handoff = dealHandoff(deal, settings, null);
    if (deal.quote.type !== 'finance') throw new Error('not finance');
    expect(handoff).toEqual({
      type: 'finance',
      settingsVersion: 3,
      carId: 'car-1',
      state: 'TX',
      priceCents: 3_000_000,
      docFeeCents: 49_900,
      governmentFeesCents: 35_000,
      products: [],
      productsCents: 0,
      rebates: [{ id: 'loyalty', name: 'Loyalty rebate', amountCents: 50_000 }],
      rebatesCents: 50_000,
      trade: { allowanceCents: 800_000, payoffCents: 500_000, equityCents: 300_000 },
      tax: { state: 'TX', included: true, ratePercent: 6.25, taxableCents: 2_249_900, amountCents: 140_619 },
      cashDownCents: 200_000,
      creditTier: { id: 'excellent', name: 'Excellent 720+' },
      termMonths: 72,
      aprPercent: 5.99,
      amountFinancedCents: deal.quote.amountFinancedCents,
      paymentCents: deal.quote.paymentCents,
      numberOfPayments: 72,
      totalOfPaymentsCents: deal.quote.totalOfPaymentsCents,
      financeChargeCents: deal.quote.financeChargeCents,
    });
  });

  it('names each protection product in English with its price', () => {
    const deal = applicationDeal({ type: 'finance', tierId: 'good', termMonths: 60, productIds: ['gap', 'service-contract'] });
    expect(dealHandoff(deal, settings, null).products).toEqual([
      { id: 'gap', name: 'GAP protection', priceCents: 79_500 },
      { id: 'service-contract', name: 'Vehicle service contract', priceCents: 189_500 },
    ]);
  });

  it('carries a lease with its money factor, its residual as a percent and in cents, its miles and what is due at signing', () => {
    const deal = applicationDeal({ type: 'lease', tierId: 'good', termMonths: 36, milesPerYear: 12_000, cashDownCents: 100_000 });
    if (deal.quote.type !== 'lease') throw new Error('not lease');
    expect(dealHandoff(deal, settings, null)).toMatchObject({
      type: 'lease',
      creditTier: { id: 'good', name: 'Good 660–719' },
      termMonths: 36,
      milesPerYear: 12_000,
      moneyFactor: 0.0029,
      msrpCents: 3_400_000,
      residual: { percent: 56, cents: 1_904_000 },
      leaseTaxMethod: 'monthly',
      paymentCents: deal.quote.paymentCents,
      dueAtSigningCents: deal.quote.dueAtSigningCents,
      dispositionFeeCents: 39_500,
      excessMileageCentsPerMile: 25,
    });
  });

  it('carries a cash deal with the amount due and no credit tier or term', () => {
    const deal = applicationDeal({ type: 'cash', trade });
    if (deal.quote.type !== 'cash') throw new Error('not cash');
    const handoff = dealHandoff(deal, settings, null);
    expect(handoff).toMatchObject({ type: 'cash', amountDueCents: deal.quote.amountDueCents });
    expect(Object.keys(handoff)).not.toContain('creditTier');
    expect(Object.keys(handoff)).not.toContain('termMonths');
  });

  it('says tax is not included in a state the dealer has no tax rule for', () => {
    const handoff = dealHandoff(applicationDeal({ type: 'cash', zip: '98101' }), settings, null);
    expect(handoff.tax).toEqual({ state: 'WA', included: false });
    expect(handoff.governmentFeesCents).toBe(0);
  });

  it('writes every amount as a whole number of cents', () => {
    for (const input of [
      { type: 'cash' },
      { type: 'finance', tierId: 'fair', termMonths: 84, cashDownCents: 123_456 },
      { type: 'lease', tierId: 'rebuilding', termMonths: 39, milesPerYear: 15_000, productIds: ['gap'] },
    ]) {
      const handoff = dealHandoff(applicationDeal(input), settings, null) as unknown as Record<string, unknown>;
      const amounts = Object.entries(handoff).filter(([key]) => key.endsWith('Cents'));
      expect(amounts.length).toBeGreaterThan(5);
      for (const [key, amount] of amounts) expect(Number.isInteger(amount), key).toBe(true);
    }
  });

  it('carries the accepted trade-in as the trade: the car, its appraisal, and the numbers the deal was priced with', () => {
    const deal = applicationDeal({ type: 'finance', tierId: 'excellent', termMonths: 72, trade });
    expect(dealHandoff(deal, settings, tradeIn).trade).toEqual({
      allowanceCents: 800_000,
      payoffCents: 500_000,
      equityCents: 300_000,
      tradeIn: {
        tradeInId: 41,
        year: 2015,
        make: 'Honda',
        model: 'Civic',
        trim: 'EX',
        vin: '2HGFB2F50FH512345',
        mileage: 98_000,
        appraisalCents: 800_000,
      },
    });
  });

  it('carries an accepted trade-in the deal was priced without, with its own offer and payoff', () => {
    const deal = applicationDeal({ type: 'cash' });
    expect(dealHandoff(deal, settings, { ...tradeIn, offerCents: 650_000, payoffCents: 700_000 }).trade).toMatchObject({
      allowanceCents: 650_000,
      payoffCents: 700_000,
      equityCents: -50_000,
      tradeIn: { tradeInId: 41, appraisalCents: 650_000 },
    });
  });

  it('names no car for a trade the applicant priced themselves', () => {
    const handoff = dealHandoff(applicationDeal({ type: 'cash', trade }), settings, null);
    expect(handoff.trade).toEqual({ allowanceCents: 800_000, payoffCents: 500_000, equityCents: 300_000 });
  });

  it('names products, rebates and tiers by their ids when the settings they were priced under cannot be read', () => {
    const deal = applicationDeal({ type: 'finance', tierId: 'good', termMonths: 60, productIds: ['gap'] });
    expect(dealHandoff(deal, undefined, null)).toMatchObject({
      products: [{ id: 'gap', name: 'gap' }],
      rebates: [{ id: 'loyalty', name: 'loyalty' }],
      creditTier: { id: 'good', name: 'good' },
    });
  });
});

describe('the names of a deal’s items', () => {
  it('are the dealer’s, in the reader’s language', () => {
    const names = dealNames(settings, 'es');
    expect([names.product('gap'), names.rebate('loyalty'), names.tier('fair')]).toEqual([
      'Protección GAP',
      'Reembolso por lealtad',
      'Regular 600–659',
    ]);
  });
});
