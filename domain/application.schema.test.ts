import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applicationToFormValues, buildSubmissionPayload, formValuesToApplicantPatch } from './application-mapping.ts';
import { applicationEditSchema } from './application-edit.schema.ts';
import { applicantPatchSchema, applicationRecordSchema, createCreationPayloadSchema, creationPayloadSchema } from './application.schema.ts';
import { validationMessages as m } from './messages.ts';
import {
  addressInput,
  applicationRecord,
  dealerBlock,
  draftInput,
  errorsOf,
  fixedClock,
  housingInput,
  incomeInput,
  previousEmploymentInput,
} from './test-fixtures.ts';
import { createApplicationDraftSchema } from './wizard.schema.ts';

const schema = createCreationPayloadSchema(fixedClock); // today is 06/15/2026

/** A valid creation payload with a previous address and employment, as the wizard builds it. */
function payload() {
  const draft = v.parse(
    createApplicationDraftSchema(fixedClock),
    draftInput({
      housing: housingInput({ yearsAtAddress: '1', previousAddress: addressInput() }),
      income: incomeInput({ yearsAtEmployer: '1', previousEmployment: previousEmploymentInput() }),
    }),
  );
  return { ...buildSubmissionPayload(draft, { userId: 7 }), dealer: dealerBlock };
}

function withApplicant(changes: Record<string, unknown>) {
  const body = payload();
  return { ...body, application: { ...body.application, applicant: { ...body.application.applicant, ...changes } } };
}

const applicantErrors = (changes: Record<string, unknown>) => {
  const prefix = 'application.applicant.';
  return Object.fromEntries(
    Object.entries(errorsOf(schema, withApplicant(changes))).map(([path, message]) => [path.replace(prefix, ''), message]),
  );
};

describe('server validation of POST /api/applications', () => {
  it('accepts the payload the wizard builds', () => {
    expect(errorsOf(schema, payload())).toEqual({});
  });

  it('the exported schema checks the age against the real date', () => {
    expect(errorsOf(creationPayloadSchema, payload())).toEqual({});
  });

  it.each([
    ['a formatted phone, stored in the wire form', { phone: '(555) 123-4567' }, { phone: '+15551234567' }],
    ['a formatted SSN, stored as digits', { ssn: '123-45-6789' }, { ssn: '123456789' }],
    ['a missing income frequency, taken as Monthly', { incomeFrequency: undefined }, { incomeFrequency: 'Monthly' }],
    ['a missing other income amount, taken as 0', { otherIncomeAmount: undefined }, { otherIncomeAmount: 0 }],
  ])('accepts %s', (_case, changes, expected) => {
    expect(v.parse(schema, withApplicant(changes)).application.applicant).toMatchObject(expected);
  });

  it.each([
    ['a phone of +1 and 9 digits', { phone: '+1555123456' }, { phone: m.phoneInvalid }],
    ['an SSN of 8 digits', { ssn: '12345678' }, { ssn: m.ssnInvalid }],
    ['an SSN with the area 000', { ssn: '000123456' }, { ssn: m.ssnNeverIssued }],
    ['a first name in Cyrillic', { firstName: 'Иван' }, { firstName: m.firstNameInvalid }],
    ['an unknown suffix', { suffix: 'none' }, { suffix: m.chooseOption }],
    ['a date of birth in MM/DD/YYYY', { dateOfBirth: '01/31/1990' }, { dateOfBirth: m.isoDateInvalid }],
    ['02/29 of a year that is not a leap year', { dateOfBirth: '2001-02-29' }, { dateOfBirth: m.isoDateInvalid }],
    ['an applicant who is 17 today', { dateOfBirth: '2008-06-16' }, { dateOfBirth: m.applicantUnderage }],
    ['a date of birth in the future', { dateOfBirth: '2026-06-16' }, { dateOfBirth: m.dateOfBirthInFuture }],
    ['no consent', { consentGiven: false }, { consentGiven: m.consentRequired }],
    ['rent of $99.99', { housingStatus: 'Rent', mortgageOrRentAmount: 99.99 }, { mortgageOrRentAmount: m.rentTooLow }],
    ['rent with no amount', { housingStatus: 'Rent', mortgageOrRentAmount: null }, { mortgageOrRentAmount: m.monthlyPaymentRequired }],
    ['a rent amount sent as text', { mortgageOrRentAmount: '1200' }, { mortgageOrRentAmount: m.monthlyPaymentNotNumber }],
    ['an income of $0', { income: 0 }, { income: m.monthlyIncomeTooLow }],
    ['a fraction of a month at the address', { monthsAtCurrentAddress: 1.5 }, { monthsAtCurrentAddress: m.totalMonthsInvalid }],
    ['more than 100 years at the address', { monthsAtCurrentAddress: 1212 }, { monthsAtCurrentAddress: m.timeTooLong }],
    [
      '23 months at the address and no previous address',
      { monthsAtCurrentAddress: 23, previousAddress: null },
      { previousAddress: m.previousAddressRequired },
    ],
    [
      'other income without its source',
      { otherIncomeAmount: 300, otherIncomeSource: null },
      { otherIncomeSource: m.additionalIncomeSourceRequired },
    ],
    ['a negative other income', { otherIncomeAmount: -1, otherIncomeSource: 'Gifts' }, { otherIncomeAmount: m.additionalIncomeNegative }],
    ['another income frequency', { incomeFrequency: 'Weekly' }, { incomeFrequency: m.chooseOption }],
  ])('refuses %s', (_case, changes, errors) => {
    expect(applicantErrors(changes)).toEqual(errors);
  });

  it.each([
    ['24 months at the address', { monthsAtCurrentAddress: 24, previousAddress: null }],
    ['a mortgage with no amount', { housingStatus: 'Mortgage', mortgageOrRentAmount: null }],
  ])('accepts %s', (_case, changes) => {
    expect(applicantErrors(changes)).toEqual({});
  });

  it.each([
    ['23 months at the job and no previous employment', 23, null, { previousEmployment: m.previousEmploymentRequired }],
    ['24 months at the job and no previous employment', 24, null, {}],
  ])('%s gives %j', (_case, totalMonthsEmployed, previousEmployment, errors) => {
    const current = payload().application.applicant.currentEmployment;
    expect(applicantErrors({ currentEmployment: { ...current, totalMonthsEmployed }, previousEmployment })).toEqual(errors);
  });

  it.each([
    ['0 months', { totalMonthsEmployed: 0 }, { 'previousEmployment.totalMonthsEmployed': m.totalMonthsEmployedInvalid }],
    ['1 month', { totalMonthsEmployed: 1 }, {}],
    ['no occupation', { occupation: null }, { 'previousEmployment.occupation': m.occupationRequired }],
    ['no address', { employerAddress: null }, { 'previousEmployment.employerAddress': m.invalidValue }],
    ['a status that is not a job', { status: 'Retired' }, { 'previousEmployment.status': m.chooseOption }],
  ])('previous employment with %s gives %j', (_case, changes, errors) => {
    const previous = payload().application.applicant.previousEmployment;
    expect(applicantErrors({ previousEmployment: { ...previous, ...changes } })).toEqual(errors);
  });

  it.each([
    ['user id 0', { userId: 0 }, { userId: m.invalidValue }],
    ['a car id that is not a uuid', { carId: 'car-1' }, { carId: m.invalidValue }],
    ['no front image', { images: { front: '', back: 'upload-1' } }, { 'images.front': m.frontOfLicenseRequired }],
    ['no back image', { images: { front: 'upload-1' } }, { 'images.back': m.backOfLicenseRequired }],
    ['another experience', { dealer: { ...dealerBlock, experience: 'Embedded' } }, { 'dealer.experience': m.invalidValue }],
    ['an empty dealer id', { dealer: { ...dealerBlock, dealerId: ' ' } }, { 'dealer.dealerId': m.invalidValue }],
    [
      'a toggle that is not on/off',
      { dealer: { ...dealerBlock, toggles: { softPull: 'yes' } } },
      { 'dealer.toggles.softPull': m.invalidValue },
    ],
    ['no dealer block', { dealer: undefined }, { dealer: m.invalidValue }],
  ])('refuses a payload with %s', (_case, changes, errors) => {
    expect(errorsOf(schema, { ...payload(), ...changes })).toEqual(errors);
  });

  it.each([
    ['privacyNoticeIndicator', false],
    ['regulationBIndicator', true],
    ['communityPropertyDisclosureIndicator', true],
  ])('refuses %s set to %s', (indicator, value) => {
    const body = payload();
    expect(errorsOf(schema, { ...body, application: { ...body.application, [indicator]: value } })).toEqual({
      [`application.${indicator}`]: m.invalidValue,
    });
  });
});

describe('server validation of PATCH /api/applications/applicant', () => {
  const patch = () => formValuesToApplicantPatch(11, v.parse(applicationEditSchema, applicationToFormValues(applicationRecord())));

  it.each([
    ['left out (keep the stored SSN)', undefined, undefined],
    ['null (clear it)', null, null],
    ['formatted', '234-56-7890', '234567890'],
  ])('accepts an SSN %s', (_case, ssn, expected) => {
    expect(v.parse(applicantPatchSchema, { ...patch(), ssn }).ssn).toBe(expected);
  });

  it.each([
    ['a masked SSN', { ssn: '***-**-6789' }, { ssn: m.ssnInvalid }],
    ['an SSN the SSA never issues', { ssn: '666-12-3456' }, { ssn: m.ssnNeverIssued }],
    ['an impossible date of birth', { dateOfBirth: '2001-02-29' }, { dateOfBirth: m.isoDateInvalid }],
    ['rent of $99.99', { housingStatus: 'Rent', mortgageOrRentAmount: 99.99 }, { mortgageOrRentAmount: m.rentTooLow }],
    ['no application id', { applicationId: undefined }, { applicationId: m.invalidValue }],
    ['an income of $0', { income: 0 }, { income: m.monthlyIncomeTooLow }],
  ])('refuses %s', (_case, changes, errors) => {
    expect(errorsOf(applicantPatchSchema, { ...patch(), ...changes })).toEqual(errors);
  });

  it('accepts a missing date of birth as null', () => {
    expect(v.parse(applicantPatchSchema, { ...patch(), dateOfBirth: undefined }).dateOfBirth).toBeNull();
  });
});

describe('application record (server answer)', () => {
  it('opens an application that today’s rules would refuse', () => {
    expect(
      errorsOf(applicationRecordSchema, applicationRecord({ firstName: 'Иван', monthsAtCurrentAddress: 3, previousAddress: null })),
    ).toEqual({});
  });

  it.each([
    ['an unknown status', { status: 'pending' }, { status: m.invalidValue }],
    ['a money column that is not a number', { income: 'lots' }, { income: m.invalidValue }],
    ['a money column of another type', { income: true }, { income: m.invalidValue }],
  ])('refuses %s', (_case, changes, errors) => {
    expect(errorsOf(applicationRecordSchema, { ...applicationRecord(), ...changes })).toEqual(errors);
  });
});
