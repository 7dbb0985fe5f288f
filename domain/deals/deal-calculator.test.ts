import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { instalment, quoteDeal, type DealCar, type DealOutcome } from './deal-calculator.ts';
import { dealQuoteSchema, type DealQuote } from './deal-quote.schema.ts';
import type { DealInput } from './deal-input.schema.ts';
import type { DealSettings } from './deal-settings.ts';

type FinanceQuote = Extract<DealQuote, { type: 'finance' }>;
type LeaseQuote = Extract<DealQuote, { type: 'lease' }>;

const en = (text: string) => ({ en: text, uk: text, es: text, ru: text });

/** Each state here has the rule its worked example needs; WA has none. */
const settings: DealSettings = {
  states: [
    {
      state: 'FL',
      taxRatePercent: 6.25,
      tradeInCredit: true,
      docFeeTaxable: true,
      productsTaxable: false,
      leaseTaxMethod: 'monthly',
      governmentFeesCents: 35_000,
    },
    {
      state: 'TX',
      taxRatePercent: 7,
      tradeInCredit: false,
      docFeeTaxable: true,
      productsTaxable: true,
      leaseTaxMethod: 'monthly',
      governmentFeesCents: 35_000,
    },
    {
      state: 'CA',
      taxRatePercent: 6.25,
      tradeInCredit: true,
      docFeeTaxable: true,
      productsTaxable: true,
      leaseTaxMethod: 'monthly',
      governmentFeesCents: 35_000,
    },
    {
      state: 'IL',
      taxRatePercent: 7,
      tradeInCredit: true,
      docFeeTaxable: false,
      productsTaxable: true,
      leaseTaxMethod: 'upfront-payments',
      governmentFeesCents: 35_000,
    },
    {
      state: 'NY',
      taxRatePercent: 6,
      tradeInCredit: true,
      docFeeTaxable: true,
      productsTaxable: false,
      leaseTaxMethod: 'upfront-cap-cost',
      governmentFeesCents: 35_000,
    },
  ],
  docFeeCents: 49_900,
  acquisitionFeeCents: 69_500,
  dispositionFeeCents: 39_500,
  excessMileageCentsPerMile: 25,
  tiers: [
    {
      id: 'excellent',
      name: en('Excellent'),
      minScore: 720,
      maxScore: null,
      aprBands: [
        { upToMonths: 60, aprPercent: 5.49 },
        { upToMonths: 72, aprPercent: 6.49 },
        { upToMonths: 84, aprPercent: 6.99 },
      ],
      moneyFactor: 0.0021,
    },
    { id: 'good', name: en('Good'), minScore: 660, maxScore: 719, aprBands: [{ upToMonths: 84, aprPercent: 7.49 }], moneyFactor: 0.0029 },
    { id: 'fair', name: en('Fair'), minScore: 600, maxScore: 659, aprBands: [{ upToMonths: 84, aprPercent: 10.99 }], moneyFactor: 0.0038 },
    {
      id: 'promo',
      name: en('Promotional'),
      minScore: 720,
      maxScore: null,
      aprBands: [{ upToMonths: 84, aprPercent: 0 }],
      moneyFactor: 0.0001,
    },
  ],
  leasePrograms: {
    default: {
      residuals: [
        { termMonths: 24, milesPerYear: 10_000, residualPercent: 66 },
        { termMonths: 36, milesPerYear: 12_000, residualPercent: 56 },
        { termMonths: 48, milesPerYear: 15_000, residualPercent: 45 },
      ],
    },
    byMake: [{ make: 'Kia', program: { residuals: [{ termMonths: 36, milesPerYear: 12_000, residualPercent: 50 }] } }],
  },
  rebates: [
    { id: 'honda-finance', name: en('Honda finance cash'), amountCents: 100_000, makes: ['Honda'], dealTypes: ['finance'] },
    { id: 'toyota-lease', name: en('Toyota lease cash'), amountCents: 150_000, makes: ['Toyota'], dealTypes: ['lease'] },
    { id: 'cash-buyer', name: en('Cash buyer bonus'), amountCents: 50_000, makes: [], dealTypes: ['cash'] },
  ],
  products: [
    {
      id: 'gap',
      name: en('GAP'),
      description: en('GAP'),
      priceCents: 79_500,
      dealTypes: ['finance', 'lease'],
      taxable: false,
      capitalisable: true,
    },
    {
      id: 'service',
      name: en('Service contract'),
      description: en('Service'),
      priceCents: 189_500,
      dealTypes: ['cash', 'finance', 'lease'],
      taxable: true,
      capitalisable: true,
    },
  ],
};

const car = (make: string, priceDollars: number, msrpDollars: number | null = null): DealCar => ({
  id: '00000000-0000-4000-8000-000000000001',
  make,
  stockNumber: 'S100',
  priceCents: priceDollars * 100,
  msrpCents: msrpDollars === null ? null : msrpDollars * 100,
});

const deal = (input: Partial<DealInput> & Pick<DealInput, 'type' | 'zip'>): DealInput => ({
  tierId: null,
  cashDownCents: 0,
  termMonths: null,
  milesPerYear: null,
  productIds: [],
  trade: null,
  ...input,
});

function quoted(outcome: DealOutcome) {
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.message}`);
  return outcome.quote;
}
const finance = (outcome: DealOutcome) => quoted(outcome) as FinanceQuote;
const lease = (outcome: DealOutcome) => quoted(outcome) as LeaseQuote;

describe('a cash deal', () => {
  it('adds fees, products and tax, and takes off rebates and the trade', () => {
    // CA: trade credited, doc fee and products taxed. Taxable 18,000 + 499 + 1,895 − 5,000 = 15,394; tax 962.125 → 962.13.
    const quote = quoted(
      quoteDeal(
        car('Ford', 18_000),
        deal({ type: 'cash', zip: '90001', productIds: ['service'], trade: { allowanceCents: 500_000, payoffCents: 0 } }),
        settings,
      ),
    );
    expect(quote.tax).toEqual({ included: true, state: 'CA', ratePercent: 6.25, taxableCents: 1_539_400, taxCents: 96_213 });
    expect(quote.rebates).toEqual([{ id: 'cash-buyer', cents: 50_000 }]);
    // 18,000 + 499 + 350 + 1,895 + 962.13 − 500 − 5,000
    expect(quote).toMatchObject({ type: 'cash', amountDueCents: 1_620_613 });
  });

  it('has no separate down payment', () => {
    expect(quoteDeal(car('Ford', 18_000), deal({ type: 'cash', zip: '90001', cashDownCents: 100 }), settings)).toMatchObject({
      ok: false,
      field: 'cashDownCents',
    });
  });
});

describe('a finance deal', () => {
  it('credits the trade-in allowance against the tax and takes its equity off the amount financed', () => {
    // FL: taxable 30,000 + 499 − 8,000 = 22,499; tax 1,406.1875 → 1,406.19.
    // Financed 30,000 + 499 + 350 + 1,406.19 − 2,000 down − 3,000 equity = 27,255.19; 72 months at 6.49 %.
    const quote = finance(
      quoteDeal(
        car('Ford', 30_000),
        deal({
          type: 'finance',
          zip: '33101',
          tierId: 'excellent',
          termMonths: 72,
          cashDownCents: 200_000,
          trade: { allowanceCents: 800_000, payoffCents: 500_000 },
        }),
        settings,
      ),
    );
    expect(quote.tax).toMatchObject({ taxableCents: 2_249_900, taxCents: 140_619 });
    expect(quote).toMatchObject({
      aprPercent: 6.49,
      amountFinancedCents: 2_725_519,
      paymentCents: 45_803,
      numberOfPayments: 72,
      totalOfPaymentsCents: 3_297_816,
      financeChargeCents: 572_297,
    });
  });

  it('rolls negative equity into the amount financed where the state gives no trade credit', () => {
    // TX: no trade credit, doc fee and products taxed: 24,500 + 499 + 1,895 = 26,894; tax 1,882.58.
    // Financed 24,500 + 499 + 350 + 1,895 + 1,882.58 + 4,000 negative equity − 1,000 = 32,126.58; 60 months at 7.49 %.
    const quote = finance(
      quoteDeal(
        car('Ford', 24_500),
        deal({
          type: 'finance',
          zip: '75201',
          tierId: 'good',
          termMonths: 60,
          cashDownCents: 100_000,
          productIds: ['service'],
          trade: { allowanceCents: 1_000_000, payoffCents: 1_400_000 },
        }),
        settings,
      ),
    );
    expect(quote.trade).toEqual({ allowanceCents: 1_000_000, payoffCents: 1_400_000, equityCents: -400_000 });
    expect(quote.tax).toMatchObject({ taxableCents: 2_689_400, taxCents: 188_258 });
    expect(quote).toMatchObject({
      amountFinancedCents: 3_212_658,
      paymentCents: 64_360,
      totalOfPaymentsCents: 3_861_600,
      financeChargeCents: 648_942,
    });
  });

  it('splits the amount financed evenly at 0 %, the finance charge being only the rounding', () => {
    // FL: taxable 21,000 + 499 = 21,499 (rebates do not lower it); tax 1,343.6875 → 1,343.69.
    // Financed 21,000 + 499 + 350 + 1,343.69 − 1,000 rebate = 22,192.69; / 36 = 616.4636 → 616.46; 36 × 616.46 = 22,192.56.
    const quote = finance(
      quoteDeal(car('Honda', 21_000), deal({ type: 'finance', zip: '33101', tierId: 'promo', termMonths: 36 }), settings),
    );
    expect(quote.rebates).toEqual([{ id: 'honda-finance', cents: 100_000 }]);
    expect(quote).toMatchObject({
      aprPercent: 0,
      amountFinancedCents: 2_219_269,
      paymentCents: 61_646,
      totalOfPaymentsCents: 2_219_256,
      financeChargeCents: -13,
    });
  });

  it('takes the APR of the term band the term falls in', () => {
    const at = (termMonths: number) =>
      finance(quoteDeal(car('Ford', 30_000), deal({ type: 'finance', zip: '33101', tierId: 'excellent', termMonths }), settings))
        .aprPercent;
    expect([24, 60, 72, 84].map(at)).toEqual([5.49, 5.49, 6.49, 6.99]);
  });

  it('refuses a cash down that covers the whole deal', () => {
    const outcome = quoteDeal(
      car('Ford', 10_000),
      deal({ type: 'finance', zip: '33101', tierId: 'good', termMonths: 60, cashDownCents: 2_000_000 }),
      settings,
    );
    expect(outcome).toMatchObject({ ok: false, field: 'cashDownCents' });
  });
});

describe('a lease', () => {
  it('taxes each payment in a monthly-tax state and capitalises the acquisition fee and GAP', () => {
    // FL, 36 months, 12,000 miles: residual 56 % of 40,000 = 22,400. Gross cap 38,000 + 695 + 795 = 39,490; less 3,000 down = 36,490.
    // Depreciation (36,490 − 22,400) / 36 = 391.3889 → 391.39; rent (36,490 + 22,400) × 0.0021 = 123.669 → 123.67; base 515.06.
    // Monthly tax 6.25 % of 515.06 = 32.19125 → 32.19; payment 547.25. Doc fee tax 31.1875 → 31.19.
    // Due at signing 547.25 + 3,000 + 499 + 350 + 31.19 = 4,427.44.
    const quote = lease(
      quoteDeal(
        car('Ford', 38_000, 40_000),
        deal({
          type: 'lease',
          zip: '33101',
          tierId: 'excellent',
          termMonths: 36,
          milesPerYear: 12_000,
          cashDownCents: 300_000,
          productIds: ['gap'],
        }),
        settings,
      ),
    );
    expect(quote).toMatchObject({
      residualCents: 2_240_000,
      grossCapCostCents: 3_949_000,
      capCostReductionCents: 300_000,
      adjustedCapCostCents: 3_649_000,
      depreciationCents: 39_139,
      rentChargeCents: 12_367,
      basePaymentCents: 51_506,
      monthlyTaxCents: 3_219,
      paymentCents: 54_725,
      upfrontTaxCents: 3_119,
      dueAtSigningCents: 442_744,
      totalOfPaymentsCents: 1_970_100,
      dispositionFeeCents: 39_500,
      excessMileageCentsPerMile: 25,
    });
  });

  it('taxes the total of the payments at signing in an upfront-tax state', () => {
    // IL, 24 months, 10,000 miles: residual 66 % of 40,000 = 26,400. Gross cap 38,000 + 695 + 1,895 = 40,590.
    // Depreciation 14,190 / 24 = 591.25; rent 66,990 × 0.0029 = 194.271 → 194.27; payment 785.52.
    // Tax 7 % of 24 × 785.52 = 18,852.48 → 1,319.6736 → 1,319.67. Due at signing 785.52 + 499 + 350 + 1,319.67 = 2,954.19.
    const quote = lease(
      quoteDeal(
        car('Mazda', 38_000, 40_000),
        deal({ type: 'lease', zip: '60601', tierId: 'good', termMonths: 24, milesPerYear: 10_000, productIds: ['service'] }),
        settings,
      ),
    );
    expect(quote).toMatchObject({
      basePaymentCents: 78_552,
      monthlyTaxCents: 0,
      paymentCents: 78_552,
      upfrontTaxCents: 131_967,
      dueAtSigningCents: 295_419,
      totalOfPaymentsCents: 1_885_248,
    });
  });

  it('takes a rebate and trade equity off the capitalised cost and taxes the capitalised cost at signing', () => {
    // NY, 48 months, 15,000 miles: residual 45 % of 36,500 = 16,425. Gross cap 35,000 + 695 = 35,695;
    // reduction 1,000 down + 1,500 rebate + 3,000 equity = 5,500; adjusted 30,195.
    // Depreciation 13,770 / 48 = 286.875 → 286.88; rent 46,620 × 0.0038 = 177.156 → 177.16; payment 464.04.
    // Tax 6 % of 35,000 + 499 − 4,000 allowance = 31,499 → 1,889.94. Due 464.04 + 1,000 + 499 + 350 + 1,889.94 = 4,202.98.
    const quote = lease(
      quoteDeal(
        car('Toyota', 35_000, 36_500),
        deal({
          type: 'lease',
          zip: '10001',
          tierId: 'fair',
          termMonths: 48,
          milesPerYear: 15_000,
          cashDownCents: 100_000,
          trade: { allowanceCents: 400_000, payoffCents: 100_000 },
        }),
        settings,
      ),
    );
    expect(quote.rebates).toEqual([{ id: 'toyota-lease', cents: 150_000 }]);
    expect(quote.tax).toMatchObject({ taxableCents: 3_149_900, taxCents: 188_994 });
    expect(quote).toMatchObject({
      acquisitionFeeCents: 69_500,
      grossCapCostCents: 3_569_500,
      capCostReductionCents: 550_000,
      adjustedCapCostCents: 3_019_500,
      depreciationCents: 28_688,
      rentChargeCents: 17_716,
      paymentCents: 46_404,
      upfrontTaxCents: 188_994,
      dueAtSigningCents: 420_298,
      totalOfPaymentsCents: 2_227_392,
    });
  });

  it('uses the make’s own program over the default one', () => {
    const quote = lease(
      quoteDeal(
        car('KIA', 30_000, 32_000),
        deal({ type: 'lease', zip: '33101', tierId: 'good', termMonths: 36, milesPerYear: 12_000 }),
        settings,
      ),
    );
    expect(quote.residualPercent).toBe(50);
  });

  it('is not offered for a car without an MSRP, or a term its program has no residual for', () => {
    expect(
      quoteDeal(car('Ford', 30_000), deal({ type: 'lease', zip: '33101', tierId: 'good', termMonths: 36, milesPerYear: 12_000 }), settings),
    ).toMatchObject({
      ok: false,
      field: 'type',
      message: 'This car has no MSRP, so it cannot be leased here.',
    });
    expect(
      quoteDeal(
        car('Kia', 30_000, 32_000),
        deal({ type: 'lease', zip: '33101', tierId: 'good', termMonths: 24, milesPerYear: 10_000 }),
        settings,
      ),
    ).toMatchObject({
      ok: false,
      field: 'termMonths',
    });
  });

  it('is not offered at all without a program', () => {
    const noPrograms = { ...settings, leasePrograms: { default: null, byMake: [] } };
    expect(
      quoteDeal(
        car('Ford', 30_000, 32_000),
        deal({ type: 'lease', zip: '33101', tierId: 'good', termMonths: 36, milesPerYear: 12_000 }),
        noPrograms,
      ),
    ).toMatchObject({
      ok: false,
      field: 'type',
      message: 'This car has no lease program.',
    });
  });
});

describe('a rebate that names cars', () => {
  const demo = {
    id: 'demo-car',
    name: en('Demonstrator'),
    amountCents: 75_000,
    makes: [],
    stockNumbers: ['S100'],
    dealTypes: ['cash' as const],
  };
  const withDemo: DealSettings = { ...settings, rebates: [demo] };

  it('applies to the cars it names by stock number, and to no other car of any make', () => {
    const named = quoted(quoteDeal(car('Ford', 18_000), deal({ type: 'cash', zip: '98101' }), withDemo));
    expect(named.rebates).toEqual([{ id: 'demo-car', cents: 75_000 }]);
    const other = quoted(quoteDeal({ ...car('Ford', 18_000), stockNumber: 'S101' }, deal({ type: 'cash', zip: '98101' }), withDemo));
    expect(other.rebates).toEqual([]);
  });
});

describe('a state without a tax rule', () => {
  it('leaves tax and government fees out and says so', () => {
    const quote = finance(
      quoteDeal(car('Ford', 20_000), deal({ type: 'finance', zip: '98101', tierId: 'good', termMonths: 60 }), settings),
    );
    expect(quote.tax).toEqual({ included: false, state: 'WA' });
    expect(quote.governmentFeesCents).toBe(0);
    expect(quote.amountFinancedCents).toBe(2_049_900);
  });
});

describe('choices the settings do not have', () => {
  const financeAt = (input: Partial<DealInput>) =>
    quoteDeal(car('Ford', 20_000), deal({ type: 'finance', zip: '33101', tierId: 'good', termMonths: 60, ...input }), settings);
  it.each([
    [{ tierId: null }, 'tierId'],
    [{ tierId: 'platinum' }, 'tierId'],
    [{ termMonths: 66 }, 'termMonths'],
    [{ termMonths: 96 }, 'termMonths'],
    [{ productIds: ['undercoating'] }, 'productIds'],
    [{ zip: '00901' }, 'zip'],
  ] satisfies [Partial<DealInput>, string][])('names the field of %o', (input, field) => {
    expect(financeAt(input)).toMatchObject({ ok: false, field });
  });

  it('refuses a product not offered with the kind of deal', () => {
    expect(quoteDeal(car('Ford', 20_000), deal({ type: 'cash', zip: '33101', productIds: ['gap'] }), settings)).toMatchObject({
      ok: false,
      field: 'productIds',
      message: 'This product is not offered with this kind of deal.',
    });
  });

  it('refuses a lease mileage outside the program', () => {
    expect(
      quoteDeal(
        car('Ford', 30_000, 32_000),
        deal({ type: 'lease', zip: '33101', tierId: 'good', termMonths: 36, milesPerYear: 20_000 }),
        settings,
      ),
    ).toMatchObject({
      ok: false,
      field: 'milesPerYear',
    });
  });
});

describe('properties', () => {
  const priceDollars = fc.integer({ min: 5_000, max: 150_000 });
  const down = fc.integer({ min: 0, max: 5_000_00 });
  const zip = fc.constantFrom('33101', '75201', '90001', '60601', '10001', '98101');

  it('a higher down payment never raises a finance payment', () => {
    fc.assert(
      fc.property(priceDollars, down, down, fc.constantFrom(24, 36, 48, 60, 72, 84), zip, (price, a, b, termMonths, zipCode) => {
        const at = (cashDownCents: number) =>
          quoteDeal(car('Ford', price), deal({ type: 'finance', zip: zipCode, tierId: 'fair', termMonths, cashDownCents }), settings);
        const [low, high] = [at(Math.min(a, b)), at(Math.max(a, b))];
        if (low.ok && high.ok)
          expect((high.quote as FinanceQuote).paymentCents).toBeLessThanOrEqual((low.quote as FinanceQuote).paymentCents);
      }),
    );
  });

  it('a higher down payment never raises a lease payment', () => {
    fc.assert(
      fc.property(fc.integer({ min: 20_000, max: 150_000 }), down, down, zip, (price, a, b, zipCode) => {
        const at = (cashDownCents: number) =>
          quoteDeal(
            car('Ford', price, price + 2_000),
            deal({ type: 'lease', zip: zipCode, tierId: 'good', termMonths: 36, milesPerYear: 12_000, cashDownCents }),
            settings,
          );
        const [low, high] = [at(Math.min(a, b)), at(Math.max(a, b))];
        if (low.ok && high.ok) expect((high.quote as LeaseQuote).paymentCents).toBeLessThanOrEqual((low.quote as LeaseQuote).paymentCents);
      }),
    );
  });

  it('the finance charge is the total of payments less the amount financed, to the cent', () => {
    fc.assert(
      fc.property(
        priceDollars,
        down,
        fc.constantFrom('excellent', 'good', 'fair', 'promo'),
        fc.constantFrom(24, 36, 48, 60, 72, 84),
        zip,
        (price, cashDownCents, tierId, termMonths, zipCode) => {
          const outcome = quoteDeal(
            car('Ford', price),
            deal({ type: 'finance', zip: zipCode, tierId, termMonths, cashDownCents }),
            settings,
          );
          if (!outcome.ok) return;
          const quote = outcome.quote as FinanceQuote;
          expect(quote.totalOfPaymentsCents).toBe(quote.paymentCents * quote.numberOfPayments);
          expect(quote.financeChargeCents).toBe(quote.totalOfPaymentsCents - quote.amountFinancedCents);
          expect(v.is(dealQuoteSchema, quote)).toBe(true);
        },
      ),
    );
  });

  it('a lease’s depreciation plus rent charge is its base payment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20_000, max: 150_000 }),
        down,
        fc.constantFrom(24, 36, 48),
        zip,
        (price, cashDownCents, termMonths, zipCode) => {
          const milesPerYear = { 24: 10_000, 36: 12_000, 48: 15_000 }[termMonths] ?? 12_000;
          const outcome = quoteDeal(
            car('Ford', price, price + 1_000),
            deal({ type: 'lease', zip: zipCode, tierId: 'excellent', termMonths, milesPerYear, cashDownCents }),
            settings,
          );
          if (!outcome.ok) return;
          const quote = outcome.quote as LeaseQuote;
          expect(quote.depreciationCents + quote.rentChargeCents).toBe(quote.basePaymentCents);
          expect(quote.paymentCents).toBe(quote.basePaymentCents + quote.monthlyTaxCents);
          expect(v.is(dealQuoteSchema, quote)).toBe(true);
        },
      ),
    );
  });
});

describe('the amortising payment', () => {
  it('matches the textbook figure for $10,000 at 6 % over 36 months', () => {
    // 10,000 × 0.005 / (1 − 1.005^−36) = 304.2194 → 304.22
    expect(instalment(1_000_000, 6, 36)).toBe(30_422);
  });
});
