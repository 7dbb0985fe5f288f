import * as v from 'valibot';
import type { ApplicationRecord, DealerBlock } from './application.schema.ts';
import { getFieldErrors } from './contracts/errors.ts';
import type { Clock } from './dates.ts';
import {
  applicationStatusLabels,
  carConditionLabels,
  carSpecLabels,
  employmentStatusLabels,
  housingStatusLabels,
  listingStateLabels,
  maritalStatusLabels,
  suffixLabels,
} from './enums.ts';

/** Test data for domain tests: valid values with overrides, so each test shows only what matters to it. */

/** Monday 15 June 2026, noon local time. */
export const TODAY = new Date(2026, 5, 15, 12, 0, 0);
export const fixedClock: Clock = () => new Date(TODAY);

/** Field errors of a failed parse, {} when the input passes. */
export function errorsOf(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  return result.success ? {} : getFieldErrors(result.issues);
}

export const personalInput = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Mary Ann',
  lastName: "O'Brien",
  suffix: 'none',
  email: 'mary@example.com',
  verifyEmail: 'mary@example.com',
  phone: '(555) 123-4567',
  dateOfBirth: '01/31/1990',
  ssn: '123-45-6789',
  maritalStatus: 'Married',
  ...overrides,
});

export const addressInput = (overrides: Record<string, unknown> = {}) => ({
  line1: '9 Oak Ave',
  line2: '',
  city: 'Peoria',
  state: 'IL',
  postalCode: '61602',
  ...overrides,
});

export const housingInput = (overrides: Record<string, unknown> = {}) => ({
  ownership: 'Rent',
  monthlyPayment: '1200',
  address: '12 Elm St.',
  suiteAptNumber: 'Apt 4B',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  yearsAtAddress: '3',
  monthsAtAddress: '0',
  previousAddress: { line1: '', line2: '', city: '', state: '', postalCode: '' },
  ...overrides,
});

export const previousEmploymentInput = (overrides: Record<string, unknown> = {}) => ({
  employerName: 'Globex',
  yearsEmployed: '2',
  monthsEmployed: '6',
  occupation: 'Clerk',
  status: 'Employed',
  address: addressInput(),
  ...overrides,
});

export const incomeInput = (overrides: Record<string, unknown> = {}) => ({
  employmentStatus: 'Employed',
  monthlyIncome: '4500',
  employerName: 'Acme Corp',
  schoolName: '',
  occupation: 'Engineer',
  employerPhone: '(555) 987-6543',
  schoolPhone: '',
  suitNumber: '',
  streetAddress: '1 Acme Way',
  city: 'Springfield',
  state: 'IL',
  zip: '62702',
  yearsAtEmployer: '3',
  monthsAtEmployer: '0',
  additionalIncomeSource: '',
  additionalIncomeAmount: '',
  noPreviousEmployment: '',
  previousEmployment: { employerName: '', yearsEmployed: '', monthsEmployed: '', occupation: '', status: '', address: {} },
  ...overrides,
});

export const draftInput = (overrides: Record<string, unknown> = {}) => ({
  carId: '3f1c2b4a-1111-4222-8333-444455556666',
  personal: personalInput(),
  housing: housingInput(),
  income: incomeInput(),
  driverLicense: { front: 'data:image/png;base64,AAAA', back: 'upload-42' },
  ...overrides,
});

export const dealerBlock: DealerBlock = {
  creditProvider: 'ExampleCredit',
  dealerId: 'DLR-1',
  partnerDealerId: 'PD-9',
  toggles: { autoDecision: false, softPull: true },
  experience: 'Standalone',
  sourcePartnerId: 'SRC-3',
  correlationId: 'corr-123',
};

export const applicationRecord = (overrides: Partial<ApplicationRecord> = {}): ApplicationRecord => ({
  id: 11,
  userId: 7,
  status: 'in_review',
  carId: null,
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
    employerAddress: { line1: '1 Acme Way', line2: null, city: 'Springfield', state: 'IL', postalCode: '62702' },
    totalMonthsEmployed: 14,
  },
  previousEmployment: {
    employerName: 'Globex',
    occupation: 'Clerk',
    workPhone: null,
    status: 'Employed',
    employerAddress: { line1: '5 Main St', line2: 'Suite 200', city: 'Peoria', state: 'IL', postalCode: '61602' },
    totalMonthsEmployed: 30,
  },
  noPreviousEmployment: false,
  ...overrides,
});

/**
 * Every English display name in enums.ts that a translator must see. US state names and language names read the
 * same in every language and are left out. The suffixes are in: a select translates every option it shows,
 * and each language keeps the Latin abbreviation of the driver's license.
 */
export const displayLabelMessages: readonly string[] = [
  ...new Set([
    ...Object.values(suffixLabels),
    ...Object.values(maritalStatusLabels),
    ...Object.values(housingStatusLabels),
    ...Object.values(employmentStatusLabels),
    ...Object.values(applicationStatusLabels),
    ...Object.values(carConditionLabels),
    ...Object.values(listingStateLabels),
    ...Object.values(carSpecLabels).flatMap((labels) => Object.values(labels)),
  ]),
];
