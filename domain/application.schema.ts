import * as v from 'valibot';
import { MAX_TEXT_LENGTH, MIN_PREVIOUS_EMPLOYMENT_MONTHS } from './constants.ts';
import { type Clock, systemClock } from './dates.ts';
import { employmentQuestions, PREVIOUS_JOB_STATUSES } from './employment.ts';
import {
  APPLICATION_STATUSES,
  EMPLOYMENT_STATUSES,
  HOUSING_STATUSES,
  INCOME_FREQUENCIES,
  MARITAL_STATUSES,
  WIRE_SUFFIXES,
} from './enums.ts';
import {
  carIdField,
  emailField,
  idField,
  imageField,
  optionalTextOrNull,
  optionalWireDateField,
  optionalWirePhoneField,
  postalCodeField,
  rentPaymentRule,
  requiredChoice,
  requiredText,
  stateField,
  textRules,
  wireAdditionalIncomeField,
  wireDateOfBirthField,
  wireMonthlyIncomeField,
  wireMonthlyPaymentField,
  wirePhoneField,
  wireSsnField,
  wireSuffixField,
  wireTotalMonthsField,
} from './fields.ts';
import { requiresPreviousHistory } from './format.ts';
import { validationMessages as m } from './messages.ts';

/**
 * The application on the wire (docs/product/submission.md#submission-and-statuses,
 * docs/product/staff-dashboard.md#editing-an-application).
 * Phones are +1XXXXXXXXXX, SSNs nine digits, dates YYYY-MM-DD, "none" is null. The server validates request
 * bodies with these schemas, with the same field rules as the wizard and the edit form.
 */

export const wireAddressSchema = v.object(
  {
    line1: requiredText(textRules.addressLine, m.addressRequired),
    line2: optionalTextOrNull(textRules.suite),
    city: requiredText(textRules.city, m.cityRequired),
    state: stateField,
    postalCode: postalCodeField,
  },
  m.invalidValue,
);

const employmentEntries = {
  employerName: requiredText(textRules.organization, m.employerNameRequired),
  occupation: optionalTextOrNull(textRules.organization),
  workPhone: optionalWirePhoneField,
  status: requiredChoice(EMPLOYMENT_STATUSES, m.employmentStatusRequired),
  employerAddress: v.nullish(wireAddressSchema, null),
};

/** Current employment at creation: total months at the job (years*12 + months, docs/product/application-wizard.md#validation). */
export const wireCurrentEmploymentSchema = v.object(
  { ...employmentEntries, totalMonthsEmployed: wireTotalMonthsField(0, m.totalMonthsInvalid) },
  m.invalidValue,
);

/** Previous employment at creation: the wizard asks occupation and address, and at least one month (docs/product/application-wizard.md#income). */
export const wirePreviousEmploymentSchema = v.object(
  {
    ...employmentEntries,
    status: requiredChoice(PREVIOUS_JOB_STATUSES, m.employmentStatusRequired),
    occupation: requiredText(textRules.organization, m.occupationRequired),
    employerAddress: wireAddressSchema,
    totalMonthsEmployed: wireTotalMonthsField(MIN_PREVIOUS_EMPLOYMENT_MONTHS, m.totalMonthsEmployedInvalid),
  },
  m.invalidValue,
);

/** Employment as stored and as staff edit it: the total months is kept when known. */
export const wireEmploymentSchema = v.object(
  { ...employmentEntries, totalMonthsEmployed: v.optional(wireTotalMonthsField(0, m.totalMonthsInvalid)) },
  m.invalidValue,
);

const applicantEntries = {
  firstName: requiredText(textRules.firstName, m.firstNameRequired),
  lastName: requiredText(textRules.lastName, m.lastNameRequired),
  suffix: wireSuffixField,
  phone: wirePhoneField,
  email: emailField,
  maritalStatus: requiredChoice(MARITAL_STATUSES, m.maritalStatusRequired),
  monthsAtCurrentAddress: wireTotalMonthsField(0, m.totalMonthsInvalid),
  housingStatus: requiredChoice(HOUSING_STATUSES, m.housingStatusRequired),
  mortgageOrRentAmount: wireMonthlyPaymentField,
  address: wireAddressSchema,
  previousAddress: v.nullish(wireAddressSchema, null),
  income: wireMonthlyIncomeField,
  incomeFrequency: v.nullish(v.picklist(INCOME_FREQUENCIES, m.chooseOption), 'Monthly'),
  otherIncomeSource: optionalTextOrNull(textRules.organization),
  otherIncomeAmount: wireAdditionalIncomeField,
};

export function createCreationApplicantSchema(clock: Clock = systemClock) {
  return v.pipe(
    v.object(
      {
        ...applicantEntries,
        ssn: wireSsnField,
        dateOfBirth: wireDateOfBirthField(clock),
        consentGiven: v.literal(true, m.consentRequired),
        currentEmployment: wireCurrentEmploymentSchema,
        previousEmployment: v.nullish(wirePreviousEmploymentSchema, null),
        /** The applicant declared that there was no job before the current one (decision 012). */
        noPreviousEmployment: v.optional(v.boolean(m.invalidValue), false),
      },
      m.invalidValue,
    ),
    rentPaymentRule('housingStatus', 'mortgageOrRentAmount'),
    v.forward(
      v.partialCheck(
        [['monthsAtCurrentAddress'], ['previousAddress']],
        (applicant) => !requiresPreviousHistory(applicant.monthsAtCurrentAddress) || applicant.previousAddress !== null,
        m.previousAddressRequired,
      ),
      ['previousAddress'],
    ),
    v.forward(
      v.partialCheck(
        [['currentEmployment', 'totalMonthsEmployed'], ['previousEmployment'], ['noPreviousEmployment']],
        (applicant) =>
          !requiresPreviousHistory(applicant.currentEmployment.totalMonthsEmployed) ||
          applicant.previousEmployment !== null ||
          applicant.noPreviousEmployment,
        m.previousEmploymentRequired,
      ),
      ['previousEmployment'],
    ),
    v.forward(
      v.partialCheck(
        [['previousEmployment'], ['noPreviousEmployment']],
        (applicant) => !(applicant.previousEmployment !== null && applicant.noPreviousEmployment),
        m.previousEmploymentContradiction,
      ),
      ['noPreviousEmployment'],
    ),
    v.forward(
      v.partialCheck(
        [
          ['currentEmployment', 'status'],
          ['currentEmployment', 'employerAddress'],
        ],
        (applicant) =>
          !employmentQuestions(applicant.currentEmployment.status).address || applicant.currentEmployment.employerAddress !== null,
        m.employerAddressRequired,
      ),
      ['currentEmployment', 'employerAddress'],
    ),
    v.forward(
      v.partialCheck(
        [['otherIncomeSource'], ['otherIncomeAmount']],
        (applicant) => applicant.otherIncomeSource !== null || applicant.otherIncomeAmount === 0,
        m.additionalIncomeSourceRequired,
      ),
      ['otherIncomeSource'],
    ),
  );
}

const configText = v.pipe(v.string(m.invalidValue), v.trim(), v.nonEmpty(m.invalidValue), v.maxLength(MAX_TEXT_LENGTH, m.tooLong100));

/**
 * The dealer and routing block sent with every application (docs/product/submission.md#submission-and-statuses: credit provider, dealer identifiers,
 * toggles, experience Standalone, correlation identifiers). The values are deployment configuration, never
 * user input: the caller reads them from its config and passes them in.
 */
export const dealerBlockSchema = v.object(
  {
    creditProvider: configText,
    dealerId: configText,
    partnerDealerId: configText,
    /** Named on/off switches of the credit provider, e.g. { autoDecision: false }. */
    toggles: v.record(v.string(m.invalidValue), v.boolean(m.invalidValue), m.invalidValue),
    experience: v.literal('Standalone', m.invalidValue),
    sourcePartnerId: configText,
    correlationId: configText,
  },
  m.invalidValue,
);

export function createCreationPayloadSchema(clock: Clock = systemClock) {
  return v.object(
    {
      userId: idField,
      carId: carIdField,
      images: v.object({ front: imageField(m.frontOfLicenseRequired), back: imageField(m.backOfLicenseRequired) }, m.invalidValue),
      application: v.object(
        {
          applicant: createCreationApplicantSchema(clock),
          communityPropertyDisclosureIndicator: v.literal(false, m.invalidValue),
          regulationBIndicator: v.literal(false, m.invalidValue),
          privacyNoticeIndicator: v.literal(true, m.invalidValue),
        },
        m.invalidValue,
      ),
      dealer: dealerBlockSchema,
    },
    m.invalidValue,
  );
}

/** Body of POST /api/applications. */
export const creationPayloadSchema = createCreationPayloadSchema();

/**
 * Body of PATCH /api/applications/applicant (docs/product/staff-dashboard.md#editing-an-application). ssn: a number replaces the
 * stored one, null clears it, absent keeps it (the form showed only the masked value). Consent is not here:
 * staff cannot give or withdraw an applicant's consent.
 */
export const applicantPatchSchema = v.pipe(
  v.object(
    {
      applicationId: idField,
      ...applicantEntries,
      ssn: v.optional(v.nullable(wireSsnField)),
      dateOfBirth: optionalWireDateField,
      currentEmployment: wireEmploymentSchema,
      previousEmployment: v.nullish(wireEmploymentSchema, null),
    },
    m.invalidValue,
  ),
  rentPaymentRule('housingStatus', 'mortgageOrRentAmount'),
);

/** A money or count column as the server may answer it (PostgreSQL numeric comes back as text). */
const recordNumber = v.union(
  [v.number(), v.pipe(v.string(), v.regex(/^-?\d+(?:\.\d+)?$/, m.invalidValue), v.transform(Number))],
  m.invalidValue,
);

const recordAddress = v.object(
  {
    line1: v.string(m.invalidValue),
    line2: v.nullish(v.string(m.invalidValue), null),
    city: v.string(m.invalidValue),
    state: v.string(m.invalidValue),
    postalCode: v.string(m.invalidValue),
  },
  m.invalidValue,
);

const recordEmployment = v.object(
  {
    employerName: v.string(m.invalidValue),
    occupation: v.nullish(v.string(m.invalidValue), null),
    workPhone: v.nullish(v.string(m.invalidValue), null),
    status: v.picklist(EMPLOYMENT_STATUSES, m.invalidValue),
    employerAddress: v.nullish(recordAddress, null),
    totalMonthsEmployed: v.optional(recordNumber),
  },
  m.invalidValue,
);

/**
 * An application as the server answers it (docs/product/staff-dashboard.md#application-detail). Checked for shape, not re-validated
 * against today's rules: staff must still be able to open an application that an older rule let in.
 * ssn is null, masked (***-**-1234) or, after an audited reveal, nine digits.
 */
export const applicationRecordSchema = v.object(
  {
    id: v.number(m.invalidValue),
    userId: v.number(m.invalidValue),
    status: v.picklist(APPLICATION_STATUSES, m.invalidValue),
    carId: v.nullish(v.string(m.invalidValue), null),
    firstName: v.string(m.invalidValue),
    lastName: v.string(m.invalidValue),
    suffix: v.nullish(v.picklist(WIRE_SUFFIXES, m.invalidValue), null),
    phone: v.string(m.invalidValue),
    ssn: v.nullish(v.string(m.invalidValue), null),
    dateOfBirth: v.nullish(v.string(m.invalidValue), null),
    email: v.string(m.invalidValue),
    maritalStatus: v.picklist(MARITAL_STATUSES, m.invalidValue),
    consentGiven: v.boolean(m.invalidValue),
    monthsAtCurrentAddress: recordNumber,
    housingStatus: v.picklist(HOUSING_STATUSES, m.invalidValue),
    mortgageOrRentAmount: v.nullish(recordNumber, null),
    address: recordAddress,
    previousAddress: v.nullish(recordAddress, null),
    income: recordNumber,
    incomeFrequency: v.picklist(INCOME_FREQUENCIES, m.invalidValue),
    otherIncomeSource: v.nullish(v.string(m.invalidValue), null),
    otherIncomeAmount: v.nullish(recordNumber, 0),
    currentEmployment: recordEmployment,
    previousEmployment: v.nullish(recordEmployment, null),
    noPreviousEmployment: v.optional(v.boolean(m.invalidValue), false),
    submittedAt: v.optional(v.string(m.invalidValue)),
    updatedAt: v.optional(v.string(m.invalidValue)),
  },
  m.invalidValue,
);

export type WireAddress = v.InferOutput<typeof wireAddressSchema>;
export type WireEmployment = v.InferOutput<typeof wireEmploymentSchema>;
export type DealerBlock = v.InferOutput<typeof dealerBlockSchema>;
export type CreationPayload = v.InferOutput<typeof creationPayloadSchema>;
export type ApplicantPatch = v.InferOutput<typeof applicantPatchSchema>;
export type ApplicationRecord = v.InferOutput<typeof applicationRecordSchema>;
