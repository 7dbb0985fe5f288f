import { describe, expect, it } from 'vitest';
import { dealSettingsAnswer, pricedDeal } from '../../test/deal-fixtures.ts';
import { offerValuesOf, toOfferRequest } from './offer-values.ts';

const answer = dealSettingsAnswer();
const LEASE = pricedDeal({
  type: 'lease',
  zip: '75201',
  tierId: 'good',
  cashDownCents: 150_050,
  termMonths: 36,
  milesPerYear: 12_000,
  productIds: ['gap'],
  trade: { allowanceCents: 800_000, payoffCents: 500_000 },
});

describe('the offer form’s values', () => {
  it('start from the applicant’s deal, its amounts in dollars', () => {
    const values = offerValuesOf(LEASE, answer);
    expect(values.deal).toMatchObject({ type: 'lease', zip: '75201', tierId: 'good', down: '1500.50', trade: '8000', payoff: '5000' });
    expect([values.price, values.apr, values.moneyFactor, values.docFee]).toEqual(['', '', '', '']);
  });

  it('send a lease’s money factor and never an APR typed before the kind changed', () => {
    const values = { ...offerValuesOf(LEASE, answer), apr: '3.9', moneyFactor: '0.0011' };
    const request = toOfferRequest(values, answer);
    if (!request.ok) throw new Error(JSON.stringify(request.errors));
    expect(request.revision.terms).toEqual({ priceCents: null, aprPercent: null, moneyFactor: 0.0011, docFeeCents: null });
    expect(request.revision.input).toMatchObject({ cashDownCents: 150_050, trade: { allowanceCents: 800_000, payoffCents: 500_000 } });
  });

  it('drop what a cash deal does not have: the tier, the term, the mileage, the down payment and GAP', () => {
    const values = offerValuesOf(LEASE, answer);
    const request = toOfferRequest({ ...values, deal: { ...values.deal, type: 'cash' } }, answer);
    if (!request.ok) throw new Error(JSON.stringify(request.errors));
    expect(request.revision.input).toMatchObject({ type: 'cash', tierId: null, termMonths: null, milesPerYear: null, cashDownCents: 0 });
    expect(request.revision.input.productIds).toEqual([]);
  });

  it('name a money factor that is not a number at its field', () => {
    const request = toOfferRequest({ ...offerValuesOf(LEASE, answer), moneyFactor: 'low' }, answer);
    expect(request).toEqual({ ok: false, errors: { moneyFactor: 'Money factor must be from 0 to 0.01 with at most six decimals.' } });
  });
});
