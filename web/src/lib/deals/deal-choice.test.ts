import { describe, expect, it } from 'vitest';
import type { DealSettingsAnswer } from '../../../../domain/contracts/deals.ts';
import { exampleDealSettings, FINANCE_TERMS, LEASE_MILEAGES, LEASE_TERMS } from '../../../../domain/deals/deal-settings.ts';
import {
  dealFieldErrors,
  parseDealParams,
  serializeDealParams,
  termFor,
  toDealRequest,
  withoutDealParams,
  type DealChoice,
} from './deal-choice.ts';

const answer: DealSettingsAnswer = {
  version: 1,
  settings: exampleDealSettings('TX'),
  financeTerms: [...FINANCE_TERMS],
  leaseTerms: [...LEASE_TERMS],
  leaseMileages: [...LEASE_MILEAGES],
  taxedStates: ['TX'],
};

const parse = (search: string) => parseDealParams(new URLSearchParams(search));
const choice = (patch: Partial<DealChoice> = {}): DealChoice => ({ ...parse(''), ...patch });

describe('the deal in the URL', () => {
  it('reads every parameter back as it was written', () => {
    const written: DealChoice = {
      type: 'lease',
      zip: '75201',
      tierId: 'good',
      down: '3000',
      termMonths: 39,
      milesPerYear: 15_000,
      productIds: ['gap', 'service-contract'],
      trade: '8000.5',
      payoff: '5000',
    };
    const search = serializeDealParams(written);
    expect(search.toString()).toBe(
      'deal=lease&zip=75201&tier=good&down=3000&term=39&miles=15000&products=gap%2Cservice-contract&trade=8000.5&payoff=5000',
    );
    expect(parseDealParams(search)).toEqual(written);
  });

  it('ignores each bad value on its own and keeps the rest', () => {
    expect(parse('deal=barter&zip=752011&tier=Good!&down=-5&term=30&miles=11000&products=gap,BAD&trade=lots&payoff=2,500')).toEqual(
      choice({ payoff: '2,500' }),
    );
    expect(parse('deal=cash&term=72&products=gap,gap')).toEqual(choice({ type: 'cash', termMonths: 72, productIds: ['gap'] }));
  });

  it('writes only what the shopper set, keeps the page’s other parameters, and leaves a mistyped amount out', () => {
    const others = new URLSearchParams('ref=ad&zip=10001');
    expect(serializeDealParams(choice({ down: '3,0x0', trade: '$8,000' }), others).toString()).toBe('ref=ad&deal=finance&trade=8000');
    // A cash deal has no down payment, term or mileage to keep.
    expect(serializeDealParams(choice({ type: 'cash', down: '500', termMonths: 36 })).toString()).toBe('deal=cash');
  });

  it('takes the deal out of an address and leaves the rest, as the application does once it keeps the deal', () => {
    const search = new URLSearchParams(
      'car=abc&deal=lease&zip=75201&tier=good&down=3000&term=36&miles=12000&products=gap&trade=1&payoff=2',
    );
    expect(withoutDealParams(search).toString()).toBe('car=abc');
  });
});

describe('the quote to ask for', () => {
  it('starts from the usual term of each kind of deal, and keeps a chosen one it offers', () => {
    expect(termFor(choice(), answer.financeTerms)).toBe(60);
    expect(termFor(choice({ type: 'lease' }), answer.leaseTerms)).toBe(36);
    expect(termFor(choice({ type: 'lease', termMonths: 72 }), answer.leaseTerms)).toBe(36);
    expect(termFor(choice({ termMonths: 72 }), answer.financeTerms)).toBe(72);
    expect(termFor(choice({ type: 'cash', termMonths: 72 }), answer.financeTerms)).toBeNull();
  });

  it('waits for a ZIP code, then for a credit tier the dealer offers', () => {
    expect(toDealRequest(choice({ zip: '7520' }), answer)).toEqual({ ok: false, missing: 'zip', invalid: {} });
    expect(toDealRequest(choice({ zip: '75201', tierId: 'platinum' }), answer)).toEqual({ ok: false, missing: 'tierId', invalid: {} });
    expect(toDealRequest(choice({ type: 'cash', zip: '75201' }), answer).ok).toBe(true);
  });

  it('names each amount that is not one', () => {
    expect(toDealRequest(choice({ zip: '75201', tierId: 'good', down: 'lots', payoff: '-1' }), answer)).toEqual({
      ok: false,
      missing: null,
      invalid: { down: true, payoff: true },
    });
  });

  it('sends cents, the products this kind of deal offers, and a trade only when one is typed', () => {
    const request = toDealRequest(
      choice({ zip: '75201', tierId: 'good', down: '$3,000.50', productIds: ['gap', 'retired'], trade: '8000' }),
      answer,
    );
    expect(request).toEqual({
      ok: true,
      input: {
        type: 'finance',
        zip: '75201',
        tierId: 'good',
        cashDownCents: 300_050,
        termMonths: 60,
        milesPerYear: null,
        productIds: ['gap'],
        trade: { allowanceCents: 800_000, payoffCents: 0 },
      },
    });
    const cash = toDealRequest(choice({ type: 'cash', zip: '75201', tierId: 'good', down: '100', productIds: ['gap'] }), answer);
    expect(cash).toMatchObject({ ok: true, input: { tierId: null, cashDownCents: 0, termMonths: null, productIds: [], trade: null } });
  });

  it('puts each refusal of the server under its field', () => {
    expect(
      dealFieldErrors({ 'deal.cashDownCents': 'too much', 'deal.trade.payoffCents': 'no', 'deal.carId': 'odd', deal: 'whole' }),
    ).toEqual({ down: 'too much', payoff: 'no', '': 'odd' });
  });

  it('puts a submission’s refusal of its deal’s input under the same field', () => {
    expect(dealFieldErrors({ 'deal.input.termMonths': 'not offered', 'deal.settingsVersion': 'gone' })).toEqual({
      termMonths: 'not offered',
      '': 'gone',
    });
  });
});
