import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { vinMessages } from '../vin.ts';
import {
  TRADE_IN_CONDITION_QUESTIONS,
  tradeInDraftSchema,
  tradeInMessageRequestSchema,
  tradeInMessages,
  tradeInPayoffCents,
  tradeInProblems,
  type TradeInDraft,
} from './trade-in.schema.ts';

const EMPTY = v.parse(tradeInDraftSchema, {});
const ANSWERED = Object.fromEntries(TRADE_IN_CONDITION_QUESTIONS.map((question) => [question, question === 'keys' ? 'one' : false]));
const COMPLETE: TradeInDraft = v.parse(tradeInDraftSchema, {
  year: 2015,
  make: 'Honda',
  model: 'Civic',
  mileage: 80_000,
  condition: { ...ANSWERED, accidents: 'none', tyres: 'good', bodyDamage: 'none' },
  ownership: 'owned',
});
const fieldsOf = (draft: TradeInDraft) => tradeInProblems(draft).map((problem) => problem.field);

describe('a trade-in draft', () => {
  it('may be empty: every answer starts unanswered', () => {
    expect(EMPTY).toMatchObject({ vin: null, year: null, mileage: null, ownership: null, notes: null });
    expect(Object.values(EMPTY.condition)).toEqual(TRADE_IN_CONDITION_QUESTIONS.map(() => null));
  });

  it('takes a VIN in any case, and blank text as no answer', () => {
    expect(v.parse(tradeInDraftSchema, { vin: ' 1hgcm82633a004352 ', make: '   ', notes: '' })).toMatchObject({
      vin: '1HGCM82633A004352',
      make: null,
      notes: null,
    });
  });

  it('refuses a VIN with a wrong check digit, a mileage out of range and an unknown answer, naming each', () => {
    const result = v.safeParse(tradeInDraftSchema, { vin: '1HGCM82643A004352', mileage: 1_000_000, ownership: 'borrowed' });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => issue.message)).toEqual([
      vinMessages.checkDigit,
      tradeInMessages.mileageInvalid,
      tradeInMessages.answerInvalid,
    ]);
  });
});

describe('what stops a trade-in from being submitted', () => {
  it('is nothing for a complete description of a car owned outright', () => {
    expect(tradeInProblems(COMPLETE)).toEqual([]);
  });

  it('asks for the VIN, or the year, make and model, naming only those missing', () => {
    expect(fieldsOf({ ...COMPLETE, year: null, model: null })).toEqual(['year', 'model']);
    expect(fieldsOf({ ...COMPLETE, vin: '1HGCM82633A004352', year: null, make: null, model: null })).toEqual([]);
  });

  it('refuses a typed year the VIN disagrees with', () => {
    expect(tradeInProblems({ ...COMPLETE, vin: '1HGCM82633A004352', year: 2004 })).toEqual([
      { field: 'year', message: vinMessages.yearMismatch },
    ]);
  });

  it('asks for the mileage and every condition question, in the screen’s order', () => {
    expect(fieldsOf({ ...COMPLETE, mileage: null, condition: { ...COMPLETE.condition, smokedIn: null, tyres: null } })).toEqual([
      'mileage',
      'condition.smokedIn',
      'condition.tyres',
    ]);
  });

  it('asks for the lender and the payoff of a financed or leased car', () => {
    for (const ownership of ['financed', 'leased'] as const) {
      expect(tradeInProblems({ ...COMPLETE, ownership })).toEqual([
        { field: 'payoffLender', message: tradeInMessages.lenderRequired },
        { field: 'payoffCents', message: tradeInMessages.payoffRequired },
      ]);
    }
    expect(tradeInProblems({ ...COMPLETE, ownership: 'financed', payoffLender: 'Ally', payoffCents: 0 })).toEqual([]);
  });

  it('asks whether the car is owned, and refuses a payoff on a car owned outright', () => {
    expect(fieldsOf({ ...COMPLETE, ownership: null })).toEqual(['ownership']);
    expect(tradeInProblems({ ...COMPLETE, payoffCents: 100 })).toEqual([{ field: 'payoffCents', message: tradeInMessages.payoffNotOwned }]);
  });
});

describe('what is still owed on a trade', () => {
  it('is the payoff of a financed or leased car, and nothing on one owned outright', () => {
    expect(tradeInPayoffCents({ ownership: 'financed', payoffCents: 500_000 })).toBe(500_000);
    expect(tradeInPayoffCents({ ownership: 'leased', payoffCents: null })).toBe(0);
    expect(tradeInPayoffCents({ ownership: 'owned', payoffCents: 500_000 })).toBe(0);
  });
});

describe("a shopper's message", () => {
  it('is trimmed, and refused when empty', () => {
    expect(v.parse(tradeInMessageRequestSchema, { text: '  Yes.\r\n ' })).toEqual({ text: 'Yes.' });
    expect(v.safeParse(tradeInMessageRequestSchema, { text: ' ' }).issues?.[0]?.message).toBe(tradeInMessages.messageRequired);
  });
});
