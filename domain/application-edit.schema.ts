import * as v from 'valibot';
import { EMPLOYMENT_STATUSES, HOUSING_STATUSES, INCOME_FREQUENCIES, MARITAL_STATUSES } from './enums.ts';
import {
  additionalIncomeField,
  blankableGroup,
  editDateOfBirthField,
  editSsnField,
  emailField,
  monthlyIncomeField,
  monthlyPaymentField,
  optionalPhoneField,
  optionalText,
  optionalTotalMonthsInput,
  phoneField,
  rentPaymentRule,
  requiredChoice,
  requiredText,
  suffixField,
  textRules,
  totalMonthsInput,
} from './fields.ts';
import { validationMessages as m } from './messages.ts';
import { addressFormSchema } from './wizard.schema.ts';

/**
 * The staff edit form of an application (docs/product/staff-dashboard.md#editing-an-application), with the field names of the staff view of an application.
 * Values are what the inputs hold: text, phone (XXX) XXX-XXXX, SSN XXX-XX-XXXX or the masked ***-**-1234
 * meaning "unchanged", date of birth MM/DD/YYYY or ''. A nullable group (previous address, previous
 * employment, employer address) left entirely blank becomes null. formValuesToApplicantPatch turns the
 * output into the PATCH body.
 */

export const employmentFormSchema = v.object(
  {
    employerName: requiredText(textRules.organization, m.employerNameRequired),
    occupation: optionalText(textRules.organization),
    workPhone: optionalPhoneField,
    status: requiredChoice(EMPLOYMENT_STATUSES, m.employmentStatusRequired),
    employerAddress: blankableGroup(addressFormSchema),
    totalMonthsEmployed: optionalTotalMonthsInput,
  },
  m.invalidValue,
);

export const applicationEditSchema = v.pipe(
  v.object(
    {
      firstName: requiredText(textRules.firstName, m.firstNameRequired),
      lastName: requiredText(textRules.lastName, m.lastNameRequired),
      suffix: suffixField,
      phone: phoneField,
      ssn: editSsnField,
      dateOfBirth: editDateOfBirthField,
      email: emailField,
      maritalStatus: requiredChoice(MARITAL_STATUSES, m.maritalStatusRequired),
      housingStatus: requiredChoice(HOUSING_STATUSES, m.housingStatusRequired),
      mortgageOrRentAmount: monthlyPaymentField,
      monthsAtCurrentAddress: totalMonthsInput(0, { required: m.monthsRequired, notNumber: m.totalMonthsInvalid }),
      address: v.optional(addressFormSchema, {}),
      previousAddress: blankableGroup(addressFormSchema),
      income: monthlyIncomeField,
      incomeFrequency: v.nullish(v.picklist(INCOME_FREQUENCIES, m.chooseOption), 'Monthly'),
      otherIncomeSource: optionalText(textRules.organization),
      otherIncomeAmount: additionalIncomeField,
      currentEmployment: v.optional(employmentFormSchema, {}),
      previousEmployment: blankableGroup(employmentFormSchema),
    },
    m.invalidValue,
  ),
  rentPaymentRule('housingStatus', 'mortgageOrRentAmount'),
);

export type EmploymentFormValues = v.InferOutput<typeof employmentFormSchema>;
export type ApplicationEditInput = v.InferInput<typeof applicationEditSchema>;
export type ApplicationEditValues = v.InferOutput<typeof applicationEditSchema>;
