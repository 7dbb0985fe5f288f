import * as v from 'valibot';
import { MIN_PREVIOUS_EMPLOYMENT_MONTHS } from './constants.ts';
import { type Clock, systemClock } from './dates.ts';
import { employmentQuestions, PREVIOUS_JOB_STATUSES } from './employment.ts';
import { EMPLOYMENT_STATUSES, HOUSING_STATUSES, MARITAL_STATUSES } from './enums.ts';
import {
  additionalIncomeField,
  carIdField,
  dateOfBirthField,
  emailField,
  imageField,
  monthlyIncomeField,
  monthlyPaymentField,
  monthsField,
  optionalPhoneField,
  optionalPostalCodeField,
  optionalStateField,
  optionalText,
  phoneField,
  postalCodeField,
  rentPaymentRule,
  requireGroupWhen,
  requiredChoice,
  requiredWhen,
  requiredText,
  ssnField,
  stateField,
  suffixField,
  textRules,
  yearsField,
} from './fields.ts';
import { requiresPreviousHistory, toTotalMonths } from './format.ts';
import { validationMessages as m } from './messages.ts';

/**
 * The application wizard's steps (docs/product/application-wizard.md#application-wizard). Each step validates the text of its form and
 * outputs clean values: trimmed text, numbers, phone (XXX) XXX-XXXX, SSN XXX-XX-XXXX, dates MM/DD/YYYY.
 * Feeding an output back in gives the same output, so a draft can be stored either way.
 */

export function createPersonalSchema(clock: Clock = systemClock) {
  return v.pipe(
    v.object(
      {
        firstName: requiredText(textRules.firstName, m.firstNameRequired),
        lastName: requiredText(textRules.lastName, m.lastNameRequired),
        suffix: suffixField,
        email: emailField,
        verifyEmail: v.pipe(v.optional(v.string(m.verifyEmailRequired), ''), v.trim(), v.nonEmpty(m.verifyEmailRequired)),
        phone: phoneField,
        dateOfBirth: dateOfBirthField(clock),
        ssn: ssnField,
        maritalStatus: requiredChoice(MARITAL_STATUSES, m.maritalStatusRequired),
      },
      m.invalidValue,
    ),
    // Compared case-insensitively: mail systems deliver Jane@Example.com and jane@example.com to the same box.
    v.forward(
      v.partialCheck(
        [['email'], ['verifyEmail']],
        (personal) => personal.email.toLowerCase() === personal.verifyEmail.toLowerCase(),
        m.emailsMustMatch,
      ),
      ['verifyEmail'],
    ),
  );
}

/** An address group as the form holds it before validation: any text, possibly missing. */
const addressDraftEntries = {
  line1: v.optional(v.string(m.invalidValue), ''),
  line2: v.optional(v.string(m.invalidValue), ''),
  city: v.optional(v.string(m.invalidValue), ''),
  state: v.optional(v.string(m.invalidValue), ''),
  postalCode: v.optional(v.string(m.invalidValue), ''),
};

/** A complete address (previous address, previous employer, edit form addresses); line2 is '' when empty. */
export const addressFormSchema = v.object(
  {
    line1: requiredText(textRules.addressLine, m.addressRequired),
    line2: optionalText(textRules.suite),
    city: requiredText(textRules.city, m.cityRequired),
    state: stateField,
    postalCode: postalCodeField,
  },
  m.invalidValue,
);

const housingFields = v.object(
  {
    ownership: requiredChoice(HOUSING_STATUSES, m.housingStatusRequired),
    monthlyPayment: monthlyPaymentField,
    address: requiredText(textRules.addressLine, m.addressRequired),
    suiteAptNumber: optionalText(textRules.suite),
    city: requiredText(textRules.city, m.cityRequired),
    state: stateField,
    postalCode: postalCodeField,
    yearsAtAddress: yearsField,
    monthsAtAddress: monthsField,
    previousAddress: v.optional(v.object(addressDraftEntries, m.invalidValue), {}),
  },
  m.invalidValue,
);
type HousingFields = v.InferOutput<typeof housingFields>;

const livedUnderTwoYears = (housing: Pick<HousingFields, 'yearsAtAddress' | 'monthsAtAddress'>) =>
  requiresPreviousHistory(toTotalMonths(housing.yearsAtAddress, housing.monthsAtAddress));

export const housingSchema = v.pipe(
  housingFields,
  rentPaymentRule('ownership', 'monthlyPayment'),
  requireGroupWhen<HousingFields>({
    key: 'previousAddress',
    schema: addressFormSchema,
    dependsOn: ['yearsAtAddress', 'monthsAtAddress'],
    when: livedUnderTwoYears,
  }),
  // What the applicant typed into a previous address they no longer need is dropped, not submitted.
  v.transform(({ previousAddress, ...housing }) => ({
    ...housing,
    previousAddress: livedUnderTwoYears(housing) ? v.parse(addressFormSchema, previousAddress) : undefined,
  })),
);

const previousEmploymentFields = v.object(
  {
    employerName: requiredText(textRules.organization, m.employerNameRequired),
    yearsEmployed: yearsField,
    monthsEmployed: monthsField,
    occupation: requiredText(textRules.organization, m.occupationRequired),
    status: requiredChoice(PREVIOUS_JOB_STATUSES, m.employmentStatusRequired),
    address: v.optional(addressFormSchema, {}),
  },
  m.invalidValue,
);

/** A previous job, its time in years and months like the current one's (docs/product/application-wizard.md#income: at least 1 month in all). */
export const previousEmploymentFormSchema = v.pipe(
  previousEmploymentFields,
  v.forward(
    v.partialCheck(
      [['yearsEmployed'], ['monthsEmployed']],
      (job) => toTotalMonths(job.yearsEmployed, job.monthsEmployed) >= MIN_PREVIOUS_EMPLOYMENT_MONTHS,
      m.previousEmploymentTooShort,
    ),
    ['monthsEmployed'],
  ),
);

const previousEmploymentDraft = v.optional(
  v.object(
    {
      employerName: v.optional(v.string(m.invalidValue), ''),
      yearsEmployed: v.optional(v.union([v.string(), v.number()], m.invalidValue), ''),
      monthsEmployed: v.optional(v.union([v.string(), v.number()], m.invalidValue), ''),
      occupation: v.optional(v.string(m.invalidValue), ''),
      status: v.optional(v.string(m.invalidValue), ''),
      address: v.optional(v.object(addressDraftEntries, m.invalidValue), {}),
    },
    m.invalidValue,
  ),
  {},
);

/** The form's "I have no previous employment" box: 'yes' when ticked, '' otherwise (a draft holds text). */
export const NO_PREVIOUS_EMPLOYMENT = 'yes';

const incomeFields = v.object(
  {
    employmentStatus: requiredChoice(EMPLOYMENT_STATUSES, m.employmentStatusRequired),
    monthlyIncome: monthlyIncomeField,
    employerName: optionalText(textRules.organization),
    schoolName: optionalText(textRules.organization),
    occupation: optionalText(textRules.organization),
    employerPhone: optionalPhoneField,
    schoolPhone: optionalPhoneField,
    suitNumber: optionalText(textRules.suite),
    streetAddress: optionalText(textRules.addressLine),
    city: optionalText(textRules.city),
    state: optionalStateField,
    zip: optionalPostalCodeField,
    yearsAtEmployer: yearsField,
    monthsAtEmployer: monthsField,
    additionalIncomeSource: optionalText(textRules.organization),
    additionalIncomeAmount: additionalIncomeField,
    // Text from the form, or the boolean of an already validated draft.
    noPreviousEmployment: v.pipe(
      v.optional(v.union([v.string(), v.boolean()], m.invalidValue), ''),
      v.transform((ticked) => ticked === true || ticked === NO_PREVIOUS_EMPLOYMENT),
    ),
    previousEmployment: previousEmploymentDraft,
  },
  m.invalidValue,
);
type IncomeFields = v.InferOutput<typeof incomeFields>;

const employedUnderTwoYears = (income: Pick<IncomeFields, 'yearsAtEmployer' | 'monthsAtEmployer'>) =>
  requiresPreviousHistory(toTotalMonths(income.yearsAtEmployer, income.monthsAtEmployer));

/** docs/product/application-wizard.md#income: a previous job is needed under 2 years at the current one, unless the applicant declares there was none. */
const needsPreviousJob = (income: Pick<IncomeFields, 'yearsAtEmployer' | 'monthsAtEmployer' | 'noPreviousEmployment'>) =>
  employedUnderTwoYears(income) && !income.noPreviousEmployment;

export const incomeSchema = v.pipe(
  incomeFields,
  v.forward(
    v.partialCheck(
      [['employmentStatus'], ['employerName']],
      (income) => employmentQuestions(income.employmentStatus).school || income.employerName !== '',
      m.employerNameRequired,
    ),
    ['employerName'],
  ),
  v.forward(
    v.partialCheck(
      [['employmentStatus'], ['schoolName']],
      (income) => !employmentQuestions(income.employmentStatus).school || income.schoolName !== '',
      m.schoolNameRequired,
    ),
    ['schoolName'],
  ),
  // A workplace's address is required, as a previous job's is (decision 012).
  requiredWhen<IncomeFields>({
    dependsOn: ['employmentStatus', 'streetAddress', 'suitNumber', 'city', 'state', 'zip'],
    when: (income) => employmentQuestions(income.employmentStatus).address,
    required: [
      ['streetAddress', m.addressRequired],
      ['city', m.cityRequired],
      ['state', m.stateRequired],
      ['zip', m.zipRequired],
    ],
  }),
  v.forward(
    v.partialCheck(
      [['additionalIncomeSource'], ['additionalIncomeAmount']],
      (income) => income.additionalIncomeSource !== '' || !income.additionalIncomeAmount,
      m.additionalIncomeSourceRequired,
    ),
    ['additionalIncomeSource'],
  ),
  requireGroupWhen<IncomeFields>({
    key: 'previousEmployment',
    schema: previousEmploymentFormSchema,
    dependsOn: ['yearsAtEmployer', 'monthsAtEmployer', 'noPreviousEmployment'],
    when: needsPreviousJob,
  }),
  // What a status does not ask (an employer's address for a retiree), or a section no longer needed, is dropped.
  v.transform(({ previousEmployment, noPreviousEmployment, ...income }) => {
    const asked = employmentQuestions(income.employmentStatus);
    const whenAsked = <T>(value: T, question: boolean) => (question ? value : '');
    return {
      ...income,
      suitNumber: whenAsked(income.suitNumber, asked.address),
      streetAddress: whenAsked(income.streetAddress, asked.address),
      city: whenAsked(income.city, asked.address),
      state: whenAsked(income.state, asked.address),
      zip: whenAsked(income.zip, asked.address),
      employerName: whenAsked(income.employerName, !asked.school),
      schoolName: whenAsked(income.schoolName, asked.school),
      occupation: whenAsked(income.occupation, asked.occupation),
      employerPhone: whenAsked(income.employerPhone, asked.phone && !asked.school),
      schoolPhone: whenAsked(income.schoolPhone, asked.phone && asked.school),
      noPreviousEmployment: employedUnderTwoYears(income) && noPreviousEmployment,
      previousEmployment: needsPreviousJob({ ...income, noPreviousEmployment })
        ? v.parse(previousEmploymentFormSchema, previousEmployment)
        : undefined,
    };
  }),
);

export const driverLicenseSchema = v.object(
  {
    front: imageField(m.frontOfLicenseRequired),
    back: imageField(m.backOfLicenseRequired),
  },
  m.invalidValue,
);

/** The whole client-side draft (docs/product/application-wizard.md#drafts), validated before submission. */
export function createApplicationDraftSchema(clock: Clock = systemClock) {
  return v.object(
    {
      carId: carIdField,
      personal: createPersonalSchema(clock),
      housing: housingSchema,
      income: incomeSchema,
      driverLicense: driverLicenseSchema,
    },
    m.invalidValue,
  );
}

export const applicationDraftSchema = createApplicationDraftSchema();

export type AddressFormValues = v.InferOutput<typeof addressFormSchema>;
export type HousingInput = v.InferInput<typeof housingSchema>;
export type IncomeInput = v.InferInput<typeof incomeSchema>;
export type DriverLicenseInput = v.InferInput<typeof driverLicenseSchema>;
export type ApplicationDraftInput = v.InferInput<typeof applicationDraftSchema>;
export type ApplicationDraft = v.InferOutput<typeof applicationDraftSchema>;

const emptyAddress = () => ({ line1: '', line2: '', city: '', state: '', postalCode: '' });

/** The draft's initial state (everything reset to the initial empty state); a new object each call. */
export function createEmptyApplicationDraft() {
  return {
    carId: '',
    personal: {
      firstName: '',
      lastName: '',
      suffix: 'none',
      email: '',
      verifyEmail: '',
      phone: '',
      dateOfBirth: '',
      ssn: '',
      maritalStatus: '',
    },
    housing: {
      ownership: '',
      monthlyPayment: '',
      address: '',
      suiteAptNumber: '',
      city: '',
      state: '',
      postalCode: '',
      yearsAtAddress: '',
      monthsAtAddress: '',
      previousAddress: emptyAddress(),
    },
    income: {
      employmentStatus: '',
      monthlyIncome: '',
      employerName: '',
      schoolName: '',
      occupation: '',
      employerPhone: '',
      schoolPhone: '',
      suitNumber: '',
      streetAddress: '',
      city: '',
      state: '',
      zip: '',
      yearsAtEmployer: '',
      monthsAtEmployer: '',
      additionalIncomeSource: '',
      additionalIncomeAmount: '',
      noPreviousEmployment: '',
      previousEmployment: { employerName: '', yearsEmployed: '', monthsEmployed: '', occupation: '', status: '', address: emptyAddress() },
    },
    driverLicense: { front: '', back: '' },
  } satisfies Required<ApplicationDraftInput>;
}
