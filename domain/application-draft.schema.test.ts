import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { savedDraftSchema } from './application-draft.schema.ts';

describe('a saved wizard draft', () => {
  it('keeps any incomplete step as the form held it', () => {
    const draft = { personal: { firstName: 'Ann', ssn: '123-45' }, income: { monthlyIncome: 4200, employerName: null } };
    expect(v.parse(savedDraftSchema, draft)).toEqual(draft);
  });

  it('takes an empty draft', () => {
    expect(v.parse(savedDraftSchema, {})).toEqual({});
  });

  it('refuses an unknown step', () => {
    expect(v.safeParse(savedDraftSchema, { payment: {} }).success).toBe(false);
  });

  it('refuses a step that is not an object, or a field that is not text, a number or empty', () => {
    expect(v.safeParse(savedDraftSchema, { personal: 'Ann' }).success).toBe(false);
    expect(v.safeParse(savedDraftSchema, { personal: { firstName: { first: 'Ann' } } }).success).toBe(false);
  });

  it("drops a field a newer client added inside a step, keeping the applicant's work", () => {
    expect(v.parse(savedDraftSchema, { personal: { firstName: 'Ann', nickname: 'A' } })).toEqual({ personal: { firstName: 'Ann' } });
  });
});
