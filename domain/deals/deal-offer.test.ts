import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { instalment, quoteDeal, type DealCar, type DealOutcome } from './deal-calculator.ts';
import type { DealInput } from './deal-input.schema.ts';
import { offerTermsSchema, quoteOffer, type OfferOutcome, type OfferTerms } from './deal-offer.ts';
import { exampleDealSettings } from './deal-settings.ts';

const settings = exampleDealSettings('TX');
const car: DealCar = {
  id: '00000000-0000-4000-8000-000000000001',
  make: 'Toyota',
  stockNumber: 'S1',
  priceCents: 3_000_000,
  msrpCents: 3_200_000,
};
const noTerms: OfferTerms = { priceCents: null, aprPercent: null, moneyFactor: null, docFeeCents: null };
const financeInput: DealInput = {
  type: 'finance',
  zip: '75201',
  tierId: 'good',
  cashDownCents: 300_000,
  termMonths: 72,
  milesPerYear: null,
  productIds: [],
  trade: null,
};
const leaseInput: DealInput = { ...financeInput, type: 'lease', termMonths: 36, milesPerYear: 12_000 };

function quoted(outcome: OfferOutcome | DealOutcome) {
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.message}`);
  return outcome.quote;
}

describe('an offer from the desk', () => {
  it('without terms of its own is priced exactly as the shopper’s quote', () => {
    expect(quoteOffer(car, financeInput, noTerms, settings)).toEqual(quoteDeal(car, financeInput, settings));
  });

  it('at a lower price is priced as the same car listed at that price', () => {
    const offer = quoted(quoteOffer(car, financeInput, { ...noTerms, priceCents: 2_850_000 }, settings));
    expect(offer).toEqual(quoted(quoteDeal({ ...car, priceCents: 2_850_000 }, financeInput, settings)));
    expect(offer.priceCents).toBe(2_850_000);
  });

  it('at its own APR charges that APR for the term, whatever band the term falls in', () => {
    const offer = quoted(quoteOffer(car, financeInput, { ...noTerms, aprPercent: 4.9 }, settings));
    if (offer.type !== 'finance') throw new Error('expected a finance offer');
    expect(offer.aprPercent).toBe(4.9);
    expect(offer.paymentCents).toBe(instalment(offer.amountFinancedCents, 4.9, 72));
  });

  it('at its own money factor charges rent at it', () => {
    const offer = quoted(quoteOffer(car, leaseInput, { ...noTerms, moneyFactor: 0.0015 }, settings));
    if (offer.type !== 'lease') throw new Error('expected a lease offer');
    expect(offer.moneyFactor).toBe(0.0015);
    // The rent charge is (adjusted cap cost + residual) × money factor, rounded half up to the cent.
    expect(offer.rentChargeCents).toBe(Math.round((offer.adjustedCapCostCents + offer.residualCents) * 0.0015));
  });

  it('with its own doc fee itemises and taxes that fee', () => {
    const offer = quoted(quoteOffer(car, financeInput, { ...noTerms, docFeeCents: 15_000 }, settings));
    const shopper = quoted(quoteDeal(car, financeInput, settings));
    expect(offer.docFeeCents).toBe(15_000);
    expect(offer.tax.included && shopper.tax.included && shopper.tax.taxableCents - offer.tax.taxableCents).toBe(
      shopper.docFeeCents - 15_000,
    );
  });

  it('refuses an APR on a lease and a money factor on a loan, naming the term', () => {
    expect(quoteOffer(car, leaseInput, { ...noTerms, aprPercent: 3 }, settings)).toMatchObject({ ok: false, field: 'terms.aprPercent' });
    expect(quoteOffer(car, financeInput, { ...noTerms, moneyFactor: 0.001 }, settings)).toMatchObject({
      ok: false,
      field: 'terms.moneyFactor',
    });
  });

  it('refuses terms no payment could come from: a negative APR, a price of nothing, an absurd money factor', () => {
    for (const terms of [{ aprPercent: -1 }, { priceCents: 0 }, { moneyFactor: 0.5 }, { docFeeCents: 1.5 }]) {
      expect(v.safeParse(offerTermsSchema, terms).success).toBe(false);
    }
    expect(v.parse(offerTermsSchema, {})).toEqual(noTerms);
  });
});
