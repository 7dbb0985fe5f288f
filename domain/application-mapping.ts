import type { ApplicationEditInput, ApplicationEditValues, EmploymentFormValues } from './application-edit.schema.ts';
import type { ApplicantPatch, ApplicationRecord, CreationPayload, WireAddress, WireEmployment } from './application.schema.ts';
import type { ErasedRecordField } from './contracts/applications.ts';
import { APPLICATION_INDICATORS, INCOME_FREQUENCY } from './constants.ts';
import { formatDateForApi, formatDateFromApi } from './dates.ts';
import { employmentQuestions } from './employment.ts';
import { formatPhoneDisplay, formatPhoneForApi, formatSsnDisplay, formatSsnForApi, isMaskedSsn, toTotalMonths } from './format.ts';
import type { AddressFormValues, ApplicationDraft } from './wizard.schema.ts';

/** What the submitting side adds to the draft: the verified user and the dealer block from its configuration. */
const emptyToNull = (text: string) => (text === '' ? null : text);
const phoneOrNull = (phone: string) => (phone === '' ? null : formatPhoneForApi(phone));

function toWireAddress(address: AddressFormValues): WireAddress {
  return { ...address, line2: emptyToNull(address.line2) };
}

/** The creation payload without its dealer block: what the wizard sends, since the server adds its own block. */
export type SubmissionPayload = Omit<CreationPayload, 'dealer'>;

/**
 * The creation payload (docs/product/submission.md#submission-and-statuses) minus its dealer block, from a draft
 * that passed applicationDraftSchema, for POST /api/applications (application-submission.schema.ts).
 */
export function buildSubmissionPayload(draft: ApplicationDraft, context: { readonly userId: number }): SubmissionPayload {
  const { personal, housing, income } = draft;
  // A student's school stands in for the employer (docs/product/application-wizard.md#income); the schema has already
  // emptied what the status does not ask (domain/employment.ts).
  const asked = employmentQuestions(income.employmentStatus);
  const previous = income.previousEmployment;
  return {
    userId: context.userId,
    carId: draft.carId,
    images: { front: draft.driverLicense.front, back: draft.driverLicense.back },
    application: {
      applicant: {
        firstName: personal.firstName,
        lastName: personal.lastName,
        suffix: personal.suffix === 'none' ? null : personal.suffix,
        phone: formatPhoneForApi(personal.phone),
        ssn: formatSsnForApi(personal.ssn),
        dateOfBirth: formatDateForApi(personal.dateOfBirth),
        email: personal.email,
        maritalStatus: personal.maritalStatus,
        consentGiven: true,
        monthsAtCurrentAddress: toTotalMonths(housing.yearsAtAddress, housing.monthsAtAddress),
        housingStatus: housing.ownership,
        mortgageOrRentAmount: housing.monthlyPayment ?? null,
        address: {
          line1: housing.address,
          line2: emptyToNull(housing.suiteAptNumber),
          city: housing.city,
          state: housing.state,
          postalCode: housing.postalCode,
        },
        previousAddress: housing.previousAddress ? toWireAddress(housing.previousAddress) : null,
        income: income.monthlyIncome,
        incomeFrequency: INCOME_FREQUENCY,
        otherIncomeSource: emptyToNull(income.additionalIncomeSource),
        otherIncomeAmount: income.additionalIncomeAmount ?? 0,
        currentEmployment: {
          employerName: asked.school ? income.schoolName : income.employerName,
          occupation: emptyToNull(income.occupation),
          workPhone: phoneOrNull(asked.school ? income.schoolPhone : income.employerPhone),
          status: income.employmentStatus,
          // The schema empties the address of a status without a workplace and requires it otherwise.
          employerAddress:
            income.state === ''
              ? null
              : {
                  line1: income.streetAddress,
                  line2: emptyToNull(income.suitNumber),
                  city: income.city,
                  state: income.state,
                  postalCode: income.zip,
                },
          totalMonthsEmployed: toTotalMonths(income.yearsAtEmployer, income.monthsAtEmployer),
        },
        previousEmployment: previous
          ? {
              employerName: previous.employerName,
              occupation: previous.occupation,
              workPhone: null,
              status: previous.status,
              employerAddress: toWireAddress(previous.address),
              totalMonthsEmployed: toTotalMonths(previous.yearsEmployed, previous.monthsEmployed),
            }
          : null,
        noPreviousEmployment: income.noPreviousEmployment,
      },
      ...APPLICATION_INDICATORS,
    },
  };
}

const blankAddress = { line1: '', line2: '', city: '', state: '', postalCode: '' } as const;
const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

type RecordAddress = ApplicationRecord['address'];
type RecordEmployment = ApplicationRecord['currentEmployment'];

function toAddressForm(address: RecordAddress | null) {
  return address ? { ...address, line2: address.line2 ?? '' } : { ...blankAddress };
}

function toEmploymentForm(employment: RecordEmployment | null) {
  return {
    employerName: employment?.employerName ?? '',
    occupation: employment?.occupation ?? '',
    workPhone: formatPhoneDisplay(employment?.workPhone ?? ''),
    status: employment?.status ?? '',
    employerAddress: toAddressForm(employment?.employerAddress ?? null),
    totalMonthsEmployed: numberText(employment?.totalMonthsEmployed),
  };
}

/** A record as staff get it: the fields the retention job erases may be null (docs/product/retention.md#data-retention). */
type StaffRecord = Omit<ApplicationRecord, ErasedRecordField> & {
  maritalStatus: ApplicationRecord['maritalStatus'] | null;
  housingStatus: ApplicationRecord['housingStatus'] | null;
  monthsAtCurrentAddress: number | null;
  incomeFrequency: ApplicationRecord['incomeFrequency'] | null;
  address: RecordAddress | null;
  income: number | null;
  otherIncomeAmount: number | null;
  currentEmployment: RecordEmployment | null;
};

/** The edit form's starting values from the application the server answered (docs/product/staff-dashboard.md#editing-an-application: Cancel resets to them). */
export function applicationToFormValues(record: StaffRecord) {
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    suffix: record.suffix ?? 'none',
    phone: formatPhoneDisplay(record.phone),
    ssn: formatSsnDisplay(record.ssn ?? ''),
    dateOfBirth: formatDateFromApi(record.dateOfBirth ?? ''),
    email: record.email,
    maritalStatus: record.maritalStatus ?? '',
    housingStatus: record.housingStatus ?? '',
    mortgageOrRentAmount: numberText(record.mortgageOrRentAmount),
    monthsAtCurrentAddress: numberText(record.monthsAtCurrentAddress),
    address: toAddressForm(record.address),
    previousAddress: toAddressForm(record.previousAddress),
    income: numberText(record.income),
    incomeFrequency: record.incomeFrequency,
    otherIncomeSource: record.otherIncomeSource ?? '',
    otherIncomeAmount: numberText(record.otherIncomeAmount),
    currentEmployment: toEmploymentForm(record.currentEmployment),
    previousEmployment: toEmploymentForm(record.previousEmployment),
  } satisfies ApplicationEditInput;
}

function toWireEmployment(employment: EmploymentFormValues): WireEmployment {
  return {
    ...employment,
    occupation: emptyToNull(employment.occupation),
    workPhone: phoneOrNull(employment.workPhone),
    employerAddress: employment.employerAddress && toWireAddress(employment.employerAddress),
  };
}

/**
 * The PATCH /api/applications/applicant body from validated edit-form values (docs/product/application-wizard.md#validation:
 * ssn null when empty, otherIncomeAmount 0 when empty). A masked SSN was never changed, so it is left out
 * and the server keeps the stored number.
 */
export function formValuesToApplicantPatch(applicationId: number, values: ApplicationEditValues): ApplicantPatch {
  const { ssn, ...rest } = values;
  return {
    ...rest,
    applicationId,
    suffix: values.suffix === 'none' ? null : values.suffix,
    phone: formatPhoneForApi(values.phone),
    ...(isMaskedSsn(ssn) ? {} : { ssn: ssn === '' ? null : formatSsnForApi(ssn) }),
    dateOfBirth: values.dateOfBirth === '' ? null : formatDateForApi(values.dateOfBirth),
    mortgageOrRentAmount: values.mortgageOrRentAmount ?? null,
    address: toWireAddress(values.address),
    previousAddress: values.previousAddress && toWireAddress(values.previousAddress),
    otherIncomeSource: emptyToNull(values.otherIncomeSource),
    otherIncomeAmount: values.otherIncomeAmount ?? 0,
    currentEmployment: toWireEmployment(values.currentEmployment),
    previousEmployment: values.previousEmployment && toWireEmployment(values.previousEmployment),
  };
}

/**
 * A blank additional income is stored as no source and 0: staff read it as nothing, not as "$0"
 * (docs/product/staff-dashboard.md#application-detail), on the dashboard and in the PDF alike.
 */
export function hasOtherIncome(application: { otherIncomeSource: string | null; otherIncomeAmount: number | null }): boolean {
  return Boolean(application.otherIncomeSource?.trim()) || (application.otherIncomeAmount ?? 0) !== 0;
}
