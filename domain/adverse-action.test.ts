import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { getFieldErrors } from './contracts/errors.ts';
import { CREDIT_BUREAUS, keyFactorLimit, statusChangeSchema } from './adverse-action.ts';

const parse = (body: unknown) => v.safeParse(statusChangeSchema, body);
const fieldsOf = (body: unknown) => {
  const result = parse(body);
  if (result.success) throw new Error(`expected ${JSON.stringify(body)} to be refused`);
  return Object.keys(getFieldErrors(result.issues));
};
const bureau = { name: 'Experian', address: 'P.O. Box 2002, Allen, TX 75013', phone: '1-888-397-3742' };

describe('a status change', () => {
  it('takes a status other than rejected on its own, with no notice', () => {
    expect(parse({ status: 'approved' }).output).toEqual({ status: 'approved', rejection: null });
  });

  it('records a rejection with its reasons and no credit report', () => {
    expect(parse({ status: 'rejected', reasons: ['insufficient_income', 'length_of_employment'] }).output).toEqual({
      status: 'rejected',
      rejection: { reasons: ['insufficient_income', 'length_of_employment'], otherReason: null, creditReport: null },
    });
  });

  it('keeps the text of the other reason and the bureau of a credit report used', () => {
    const result = parse({ status: 'rejected', reasons: ['other'], otherReason: '  Vehicle  sold ', creditReport: { bureau } });
    expect(result.output).toEqual({
      status: 'rejected',
      rejection: { reasons: ['other'], otherReason: 'Vehicle sold', creditReport: { bureau } },
    });
  });

  it('refuses a rejection without reasons, naming the reasons field', () => {
    expect(fieldsOf({ status: 'rejected' })).toEqual(['reasons']);
    expect(fieldsOf({ status: 'rejected', reasons: [] })).toEqual(['reasons']);
  });

  it('refuses more than four reasons', () => {
    const five = [
      'insufficient_income',
      'excessive_obligations',
      'unable_to_verify_income',
      'length_of_employment',
      'incomplete_application',
    ];
    expect(fieldsOf({ status: 'rejected', reasons: five })).toEqual(['reasons']);
  });

  it('refuses a reason outside the list, naming its place', () => {
    expect(fieldsOf({ status: 'rejected', reasons: ['bad_vibes'] })).toEqual(['reasons.0']);
  });

  it('refuses the same reason twice', () => {
    expect(fieldsOf({ status: 'rejected', reasons: ['incomplete_application', 'incomplete_application'] })).toEqual(['reasons']);
  });

  it('refuses reasons with any status but rejected', () => {
    expect(fieldsOf({ status: 'approved', reasons: ['insufficient_income'] })).toEqual(['reasons']);
    expect(fieldsOf({ status: 'in_review', creditReport: { bureau } })).toEqual(['creditReport']);
  });

  it('asks for the text of the other reason, and no more than 200 characters of it', () => {
    expect(fieldsOf({ status: 'rejected', reasons: ['other'] })).toEqual(['otherReason']);
    expect(fieldsOf({ status: 'rejected', reasons: ['other'], otherReason: 'x'.repeat(201) })).toEqual(['otherReason']);
  });

  it('refuses an other text without the reason other', () => {
    expect(fieldsOf({ status: 'rejected', reasons: ['insufficient_income'], otherReason: 'Because' })).toEqual(['otherReason']);
  });

  it('asks for every detail of the credit bureau', () => {
    expect(
      fieldsOf({ status: 'rejected', reasons: ['insufficient_income'], creditReport: { bureau: { ...bureau, phone: 'call us' } } }),
    ).toEqual(['creditReport.bureau.phone']);
    expect(fieldsOf({ status: 'rejected', reasons: ['insufficient_income'], creditReport: { bureau: { ...bureau, name: ' ' } } })).toEqual([
      'creditReport.bureau.name',
    ]);
  });
});

describe('the credit score a rejection used', () => {
  const score = {
    score: 580,
    min: 300,
    max: 850,
    createdOn: '2026-11-02',
    keyFactors: ['Serious delinquency', 'Proportion of balances to credit limits is too high'],
  };
  const withScore = (overrides: Record<string, unknown>) => ({
    status: 'rejected',
    reasons: ['delinquent_obligations'],
    creditReport: { bureau, score: { ...score, ...overrides } },
  });
  const factors = (count: number) => Array.from({ length: count }, (_, i) => `Factor number ${i + 1}`);

  it('keeps the score, its range, its date and its key factors with the bureau', () => {
    expect(parse(withScore({ keyFactors: ['  Serious  delinquency '] })).output).toEqual({
      status: 'rejected',
      rejection: {
        reasons: ['delinquent_obligations'],
        otherReason: null,
        creditReport: { bureau, score: { ...score, keyFactors: ['Serious delinquency'] } },
      },
    });
  });

  it('refuses a score outside its range, naming the score', () => {
    expect(fieldsOf(withScore({ score: 900 }))).toEqual(['creditReport.score.score']);
    expect(fieldsOf(withScore({ score: 299 }))).toEqual(['creditReport.score.score']);
  });

  it('refuses a range whose lowest score is not below its highest', () => {
    expect(fieldsOf(withScore({ min: 850, max: 300 }))).toEqual(['creditReport.score.max']);
  });

  it('refuses a score that is not a whole number', () => {
    expect(fieldsOf(withScore({ score: 612.5 }))).toEqual(['creditReport.score.score']);
  });

  it('refuses a date that is not a calendar day or lies in the future', () => {
    expect(fieldsOf(withScore({ createdOn: '2026-02-30' }))).toEqual(['creditReport.score.createdOn']);
    expect(fieldsOf(withScore({ createdOn: '2999-01-01' }))).toEqual(['creditReport.score.createdOn']);
  });

  it('takes up to four key factors, and a fifth only when one of them is the number of inquiries', () => {
    expect(parse(withScore({ keyFactors: factors(4) })).success).toBe(true);
    expect(fieldsOf(withScore({ keyFactors: factors(5) }))).toEqual(['creditReport.score.keyFactors']);
    expect(parse(withScore({ keyFactors: [...factors(4), 'Too many inquiries last 12 months'] })).success).toBe(true);
    expect(fieldsOf(withScore({ keyFactors: [...factors(5), 'Number of recent inquiries'] }))).toEqual(['creditReport.score.keyFactors']);
    expect(fieldsOf(withScore({ keyFactors: [] }))).toEqual(['creditReport.score.keyFactors']);
  });

  it('counts a factor as the number of inquiries however the scoring model words it', () => {
    expect(keyFactorLimit(['Number of recent enquiries'])).toBe(5);
    expect(keyFactorLimit(['INQUIRIES IMPACTED YOUR SCORE'])).toBe(5);
    expect(keyFactorLimit(['Length of time accounts have been established'])).toBe(4);
  });

  it('names the three nationwide consumer reporting agencies with their addresses and toll-free numbers', () => {
    for (const agency of Object.values(CREDIT_BUREAUS))
      expect(parse({ status: 'rejected', reasons: ['limited_credit_experience'], creditReport: { bureau: agency } }).success).toBe(true);
  });
});
