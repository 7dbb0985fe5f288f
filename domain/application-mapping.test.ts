import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applicationEditSchema } from './application-edit.schema.ts';
import { applicationToFormValues, buildSubmissionPayload, formValuesToApplicantPatch } from './application-mapping.ts';
import { applicantPatchSchema, applicationRecordSchema, createCreationPayloadSchema } from './application.schema.ts';
import {
  addressInput,
  applicationRecord,
  dealerBlock,
  draftInput,
  fixedClock,
  housingInput,
  incomeInput,
  personalInput,
  previousEmploymentInput,
} from './test-fixtures.ts';
import { createApplicationDraftSchema } from './wizard.schema.ts';

const draftSchema = createApplicationDraftSchema(fixedClock);
const payloadSchema = createCreationPayloadSchema(fixedClock);
const context = { userId: 7 };
const draftFrom = (overrides: Record<string, unknown> = {}) => v.parse(draftSchema, draftInput(overrides));

describe('creation payload (POST /api/applications)', () => {
  it('is exactly the creation payload, less the dealer block the server adds, for an applicant with under 2 years of history', () => {
    const draft = draftFrom({
      personal: personalInput({ suffix: 'Jr.', phone: '555.123.4567', ssn: '123 45 6789' }),
      housing: housingInput({ yearsAtAddress: '1', monthsAtAddress: '6', monthlyPayment: '1,200.50', previousAddress: addressInput() }),
      income: incomeInput({
        yearsAtEmployer: '1',
        monthsAtEmployer: '2',
        suitNumber: 'Suite 5',
        additionalIncomeSource: 'Rental income',
        additionalIncomeAmount: '300',
        previousEmployment: previousEmploymentInput({ address: addressInput({ line2: 'Unit 2' }) }),
      }),
    });
    expect(buildSubmissionPayload(draft, context)).toStrictEqual({
      userId: 7,
      carId: '3f1c2b4a-1111-4222-8333-444455556666',
      images: { front: 'data:image/png;base64,AAAA', back: 'upload-42' },
      application: {
        applicant: {
          firstName: 'Mary Ann',
          lastName: "O'Brien",
          suffix: 'Jr.',
          phone: '+15551234567',
          ssn: '123456789',
          dateOfBirth: '1990-01-31',
          email: 'mary@example.com',
          maritalStatus: 'Married',
          consentGiven: true,
          monthsAtCurrentAddress: 18,
          housingStatus: 'Rent',
          mortgageOrRentAmount: 1200.5,
          address: { line1: '12 Elm St.', line2: 'Apt 4B', city: 'Springfield', state: 'IL', postalCode: '62701' },
          previousAddress: { line1: '9 Oak Ave', line2: null, city: 'Peoria', state: 'IL', postalCode: '61602' },
          income: 4500,
          incomeFrequency: 'Monthly',
          otherIncomeSource: 'Rental income',
          otherIncomeAmount: 300,
          currentEmployment: {
            employerName: 'Acme Corp',
            occupation: 'Engineer',
            workPhone: '+15559876543',
            status: 'Employed',
            employerAddress: { line1: '1 Acme Way', line2: 'Suite 5', city: 'Springfield', state: 'IL', postalCode: '62702' },
            totalMonthsEmployed: 14,
          },
          previousEmployment: {
            employerName: 'Globex',
            occupation: 'Clerk',
            workPhone: null,
            status: 'Employed',
            employerAddress: { line1: '9 Oak Ave', line2: 'Unit 2', city: 'Peoria', state: 'IL', postalCode: '61602' },
            totalMonthsEmployed: 30,
          },
          noPreviousEmployment: false,
        },
        communityPropertyDisclosureIndicator: false,
        regulationBIndicator: false,
        privacyNoticeIndicator: true,
      },
    });
  });

  it('with 2 years or more at the address and the job, and no extras, sends nulls and zero', () => {
    const draft = draftFrom({
      carId: '',
      housing: housingInput({ ownership: 'OwnOutright', monthlyPayment: '', suiteAptNumber: '' }),
      income: incomeInput({ employmentStatus: 'Retired', employerName: 'Social Security' }),
    });
    const applicant = buildSubmissionPayload(draft, context).application.applicant;
    expect(buildSubmissionPayload(draft, context).carId).toBeNull();
    expect(applicant).toMatchObject({
      suffix: null,
      housingStatus: 'OwnOutright',
      mortgageOrRentAmount: null,
      address: { line2: null },
      previousAddress: null,
      otherIncomeSource: null,
      otherIncomeAmount: 0,
      currentEmployment: { occupation: null, workPhone: null, employerAddress: null, totalMonthsEmployed: 36 },
      previousEmployment: null,
    });
  });

  it('sends a declaration of no previous employment as such, and no previous job', () => {
    const draft = draftFrom({ income: incomeInput({ yearsAtEmployer: '0', monthsAtEmployer: '8', noPreviousEmployment: 'yes' }) });
    const payload = buildSubmissionPayload(draft, context);
    expect(payload.application.applicant).toMatchObject({ previousEmployment: null, noPreviousEmployment: true });
    expect(v.safeParse(payloadSchema, { ...payload, dealer: dealerBlock }).success).toBe(true);
  });

  it("sends a student's school as the employer, with the school's phone", () => {
    const draft = draftFrom({
      income: incomeInput({ employmentStatus: 'Student', employerName: '', schoolName: 'State University', schoolPhone: '(555) 000-1111' }),
    });
    expect(buildSubmissionPayload(draft, context).application.applicant.currentEmployment).toMatchObject({
      employerName: 'State University',
      workPhone: '+15550001111',
      status: 'Student',
    });
  });

  it.each([
    [
      'under 2 years of history',
      { yearsAtAddress: '0', previousAddress: addressInput() },
      { yearsAtEmployer: '0', previousEmployment: previousEmploymentInput() },
    ],
    ['2 years of history', {}, {}],
  ])('passes the server’s payload schema unchanged with %s', (_case, housing, income) => {
    const payload = {
      ...buildSubmissionPayload(draftFrom({ housing: housingInput(housing), income: incomeInput(income) }), context),
      dealer: dealerBlock,
    };
    expect(v.parse(payloadSchema, payload)).toStrictEqual(payload);
  });
});

describe('edit form round trip', () => {
  const roundTrip = (record = applicationRecord()) =>
    formValuesToApplicantPatch(record.id, v.parse(applicationEditSchema, applicationToFormValues(record)));

  it('opens the application with display values', () => {
    expect(applicationToFormValues(applicationRecord())).toStrictEqual({
      firstName: 'Mary Ann',
      lastName: "O'Brien",
      suffix: 'Jr.',
      phone: '(555) 123-4567',
      ssn: '123-45-6789',
      dateOfBirth: '01/31/1990',
      email: 'mary@example.com',
      maritalStatus: 'Married',
      housingStatus: 'Rent',
      mortgageOrRentAmount: '1200.5',
      monthsAtCurrentAddress: '18',
      address: { line1: '12 Elm St.', line2: 'Apt 4B', city: 'Springfield', state: 'IL', postalCode: '62701' },
      previousAddress: { line1: '9 Oak Ave', line2: '', city: 'Peoria', state: 'IL', postalCode: '61602' },
      income: '4500',
      incomeFrequency: 'Monthly',
      otherIncomeSource: 'Rental income',
      otherIncomeAmount: '300',
      currentEmployment: {
        employerName: 'Acme Corp',
        occupation: 'Engineer',
        workPhone: '(555) 987-6543',
        status: 'Employed',
        employerAddress: { line1: '1 Acme Way', line2: '', city: 'Springfield', state: 'IL', postalCode: '62702' },
        totalMonthsEmployed: '14',
      },
      previousEmployment: {
        employerName: 'Globex',
        occupation: 'Clerk',
        workPhone: '',
        status: 'Employed',
        employerAddress: { line1: '5 Main St', line2: 'Suite 200', city: 'Peoria', state: 'IL', postalCode: '61602' },
        totalMonthsEmployed: '30',
      },
    });
  });

  it('saving without changes sends back exactly the stored applicant', () => {
    const {
      id,
      userId: _userId,
      status: _status,
      carId: _carId,
      consentGiven: _consent,
      noPreviousEmployment: _none,
      ...applicant
    } = applicationRecord();
    expect(roundTrip()).toStrictEqual({ applicationId: id, ...applicant });
  });

  it('the PATCH body passes the server’s patch schema unchanged', () => {
    const patch = roundTrip();
    expect(v.parse(applicantPatchSchema, patch)).toStrictEqual(patch);
  });

  it('an application with empty optional parts round-trips to nulls and zero', () => {
    const record = applicationRecord({
      suffix: null,
      ssn: null,
      dateOfBirth: null,
      housingStatus: 'Mortgage',
      mortgageOrRentAmount: null,
      previousAddress: null,
      otherIncomeSource: null,
      otherIncomeAmount: 0,
      currentEmployment: { employerName: 'Acme Corp', occupation: null, workPhone: null, status: 'Retired', employerAddress: null },
      previousEmployment: null,
    });
    expect(roundTrip(record)).toMatchObject({
      suffix: null,
      ssn: null,
      dateOfBirth: null,
      mortgageOrRentAmount: null,
      previousAddress: null,
      otherIncomeSource: null,
      otherIncomeAmount: 0,
      currentEmployment: { occupation: null, workPhone: null, employerAddress: null, totalMonthsEmployed: undefined },
      previousEmployment: null,
    });
  });

  it.each([
    ['a masked SSN is left out, so the server keeps the stored number', '***-**-6789', false, undefined],
    ['an emptied SSN is sent as null', '', true, null],
    ['a new SSN is sent as nine digits', '234-56-7890', true, '234567890'],
  ])('%s', (_case, ssn, sent, expected) => {
    const values = v.parse(applicationEditSchema, { ...applicationToFormValues(applicationRecord()), ssn });
    const patch = formValuesToApplicantPatch(11, values);
    expect(['ssn' in patch, patch.ssn]).toEqual([sent, expected]);
  });

  it('an emptied other income amount is sent as 0 and an emptied date of birth as null', () => {
    const values = v.parse(applicationEditSchema, {
      ...applicationToFormValues(applicationRecord()),
      otherIncomeAmount: '',
      otherIncomeSource: '',
      dateOfBirth: '',
    });
    expect(formValuesToApplicantPatch(11, values)).toMatchObject({ otherIncomeAmount: 0, otherIncomeSource: null, dateOfBirth: null });
  });

  it('reads an answer with numeric text columns and missing optional keys', () => {
    const answer = {
      ...applicationRecord(),
      mortgageOrRentAmount: '1200.50',
      income: '4500.00',
      otherIncomeAmount: undefined,
      address: { line1: '12 Elm St.', city: 'Springfield', state: 'IL', postalCode: '62701' },
    };
    expect(v.parse(applicationRecordSchema, answer)).toMatchObject({
      mortgageOrRentAmount: 1200.5,
      income: 4500,
      otherIncomeAmount: 0,
      address: { line2: null },
    });
  });
});
