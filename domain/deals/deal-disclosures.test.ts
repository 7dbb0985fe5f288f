import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { quoteDeal, type DealCar } from './deal-calculator.ts';
import { dealDisclosureMessages as m, dealDisclosures } from './deal-disclosures.ts';
import { dealInputSchema, type DealInput } from './deal-input.schema.ts';
import type { DealQuote } from './deal-quote.schema.ts';
import { exampleDealSettings } from './deal-settings.ts';

const settings = exampleDealSettings('TX');
const car: DealCar = { id: 'car', make: 'Ford', stockNumber: 'S1', priceCents: 3_200_000, msrpCents: 3_400_000 };

function quote(input: Partial<DealInput>): DealQuote {
  const outcome = quoteDeal(car, v.parse(dealInputSchema, { zip: '75201', ...input }), settings);
  if (!outcome.ok) throw new Error(`${outcome.field}: ${outcome.message}`);
  return outcome.quote;
}

describe('deal disclosures', () => {
  it('a finance payment comes with the down payment, the number and amount of payments, the APR and the total', () => {
    const finance = quote({ type: 'finance', tierId: 'good', termMonths: 60, cashDownCents: 300_000 });
    if (finance.type !== 'finance') throw new Error('not finance');
    expect(dealDisclosures(finance)).toEqual([
      {
        id: m.finance,
        values: {
          down: '$3,000',
          payments: 60,
          payment: `$${(finance.paymentCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
          apr: '7.49%',
          total: `$${(finance.totalOfPaymentsCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
        },
      },
    ]);
  });

  it('counts a trade’s positive equity as down payment, and never its negative equity', () => {
    const withEquity = quote({ type: 'finance', tierId: 'good', termMonths: 60, trade: { allowanceCents: 800_000, payoffCents: 500_000 } });
    expect(dealDisclosures(withEquity)[0]?.values.down).toBe('$3,000');
    const underwater = quote({ type: 'finance', tierId: 'good', termMonths: 60, trade: { allowanceCents: 500_000, payoffCents: 800_000 } });
    expect(dealDisclosures(underwater)[0]?.values.down).toBe('$0');
  });

  it('a lease says it is a lease, what is due at signing, the payments, the deposit and the end-of-term charges', () => {
    const lease = quote({ type: 'lease', tierId: 'good', termMonths: 36, milesPerYear: 12_000 });
    if (lease.type !== 'lease') throw new Error('not lease');
    const texts = dealDisclosures(lease);
    expect(texts.map((text) => text.id)).toEqual([m.lease, m.noSecurityDeposit, m.leaseEnd]);
    expect(texts[0]?.values).toMatchObject({ payments: 36 });
    expect(texts[2]?.values).toEqual({ dispositionFee: '$395', excessMileage: '$0.25', miles: '36,000 miles' });
  });

  it('writes amounts and miles in the reader’s language', () => {
    const lease = quote({ type: 'lease', tierId: 'good', termMonths: 36, milesPerYear: 12_000 });
    const values = Object.values(dealDisclosures(lease, 'uk')[2]?.values ?? {}).map((text) => String(text).replace(/\s/g, ' '));
    expect(values).toEqual(['395 $', '0,25 $', '36 000 миль']);
  });

  it('a cash deal has no payment to disclose; a state without a tax rule says tax and fees are not included', () => {
    expect(dealDisclosures(quote({ type: 'cash' }))).toEqual([]);
    expect(dealDisclosures(quote({ type: 'cash', zip: '98101' }))).toEqual([{ id: m.taxNotIncluded, values: { state: 'Washington' } }]);
  });
});
