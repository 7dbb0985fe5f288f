import type { ConsentKind } from '../../../../domain/consents.ts';

/**
 * Field labels of the detail page, shared by the read-only view and the edit form so that a field
 * is called the same in both. They are the PDF's labels (the same English ids in the catalogues).
 */
export const FIELD_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  suffix: 'Suffix',
  dateOfBirth: 'Date of Birth',
  email: 'Email',
  phone: 'Phone',
  ssn: 'SSN',
  maritalStatus: 'Marital Status',
  consentGiven: 'Consent Given',
  housingStatus: 'Housing Type',
  mortgageOrRentAmount: 'Monthly Payment',
  monthsAtCurrentAddress: 'Time at Current Address',
  address: 'Current Address',
  previousAddress: 'Previous Address',
  income: 'Monthly Income',
  incomeFrequency: 'Income Frequency',
  otherIncomeSource: 'Additional Income Source',
  otherIncomeAmount: 'Additional Income Amount',
  currentEmployment: 'Current Employment',
  previousEmployment: 'Previous Employment',
  carId: 'Vehicle',
} as const;

export const ADDRESS_LABELS = { line1: 'Street', line2: 'Suite/Apt', city: 'City', state: 'State', postalCode: 'ZIP Code' } as const;

export const EMPLOYMENT_LABELS = {
  employerName: 'Employer Name',
  occupation: 'Occupation',
  workPhone: 'Work Phone',
  status: 'Employment Status',
  totalMonthsEmployed: 'Time Employed',
  employerAddress: 'Employer Address',
} as const;

/** The consents by kind, as the PDF names them. */
export const CONSENT_LABELS: Record<ConsentKind, string> = {
  credit_check: 'Credit check authorization',
  privacy_notice: 'Privacy notice',
  electronic_records: 'Electronic records (E-SIGN)',
  marketing_contact: 'Marketing contact',
};
