import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { getFieldErrors } from './contracts/errors.ts';
import { statusChangeSchema } from './adverse-action.ts';

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
