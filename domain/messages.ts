/**
 * Every message a domain rule can produce. The English text is also the Lingui message id, so web, bot and
 * PDF translate a failed rule through `locales/<lang>/messages.po` (docs/product/application-wizard.md#validation: field errors show under inputs).
 * The original design's texts are kept, with one change of substance: a name in other letters is told that
 * only Latin letters work (the Cyrillic-writing audience meets this rule first). Every message is a
 * sentence ending in a period, and names its field where it can, so an error summary need not repeat the
 * label (see `messagesNamingNoField`).
 */
export const validationMessages = {
  required: 'This field is required.',
  invalidValue: 'Invalid value.',
  chooseOption: 'Choose one of the listed options.',
  tooLong50: 'Must be 50 characters or fewer.',
  tooLong100: 'Must be 100 characters or fewer.',
  tooLong254: 'Must be 254 characters or fewer.',

  firstNameRequired: 'First name is required.',
  firstNameInvalid: "Type your first name in Latin letters (A–Z) as on your driver's license.",
  lastNameRequired: 'Last name is required.',
  lastNameInvalid: "Type your last name in Latin letters (A–Z) as on your driver's license.",
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email address.',
  verifyEmailRequired: 'Please confirm your email address.',
  emailsMustMatch: 'Emails must match.',
  phoneRequired: 'Phone number is required.',
  phoneInvalid: 'Phone number must be 10 digits.',
  dateOfBirthRequired: 'Date of birth is required.',
  dateInvalid: 'Please enter a valid date (MM/DD/YYYY).',
  isoDateInvalid: 'Date must be a valid date in YYYY-MM-DD format.',
  dateOfBirthInFuture: 'Date of birth cannot be in the future.',
  applicantUnderage: 'You must be at least 18 years old to apply.',
  ssnRequired: 'SSN is required.',
  ssnInvalid: 'SSN must be 9 digits.',
  ssnNeverIssued:
    'This is not a valid SSN: none start with 000, 666 or 9, or have 00 in the middle or 0000 at the end. Check the number on the Social Security card.',
  maritalStatusRequired: 'Marital status is required.',
  consentRequired: 'Consent is required to submit the application.',

  housingStatusRequired: 'Housing status is required.',
  monthlyPaymentRequired: 'Monthly payment is required.',
  monthlyPaymentNotNumber: 'Monthly payment must be a number.',
  monthlyPaymentNegative: 'Monthly payment cannot be negative.',
  rentTooLow: 'Rent must be at least $100.',
  amountTooLarge: 'Amount cannot exceed $10,000,000.',
  addressRequired: 'Address is required.',
  addressInvalid: 'Use only Latin letters, digits, spaces, commas, periods, hyphens and apostrophes.',
  suiteInvalid: 'Use only Latin letters, digits, spaces, #, periods, slashes and hyphens.',
  cityRequired: 'City is required.',
  cityInvalid: 'Use only Latin letters, spaces, periods, hyphens and apostrophes.',
  stateRequired: 'State is required.',
  stateInvalid: 'Choose a US state from the list.',
  zipRequired: 'ZIP code is required.',
  zipInvalid: 'ZIP code must be exactly 5 digits.',
  yearsRequired: 'Years are required.',
  yearsInvalid: 'Years must be a whole number, 0 or more.',
  monthsRequired: 'Months are required.',
  monthsInvalid: 'Months must be between 0 and 11.',
  totalMonthsInvalid: 'Months must be a whole number, 0 or more.',
  timeTooLong: 'Time at an address or employer cannot exceed 100 years.',
  previousAddressRequired: 'Previous address is required when you have lived at your current address for less than 2 years.',

  employmentStatusRequired: 'Employment status is required.',
  monthlyIncomeRequired: 'Monthly income is required.',
  monthlyIncomeNotNumber: 'Monthly income must be a number.',
  monthlyIncomeTooLow: 'Monthly income must be at least $1.',
  employerNameRequired: 'Employer name is required.',
  schoolNameRequired: 'School name is required.',
  occupationRequired: 'Occupation is required.',
  organizationInvalid:
    'Use only Latin letters, digits, spaces, ampersands, periods, commas, apostrophes, hyphens, parentheses and slashes.',
  additionalIncomeSourceRequired: 'Additional income source is required.',
  additionalIncomeNotNumber: 'Additional income must be a number.',
  additionalIncomeNegative: 'Additional income cannot be negative.',
  totalMonthsEmployedInvalid: 'Total months employed must be a whole number, at least 1.',
  previousEmploymentTooShort: 'Time at your previous job must be at least 1 month.',
  previousEmploymentContradiction: 'Either give your previous job or declare that you had none, not both.',
  employerAddressRequired: "The employer's address is required.",
  previousEmploymentRequired: 'Previous employment is required when you have been at your current job for less than 2 years.',

  carUnavailable: 'This car is no longer available. Choose another car.',

  frontOfLicenseRequired: 'Front of license is required.',
  backOfLicenseRequired: 'Back of license is required.',
  licensePhotoNotUploaded: 'Upload the photo of your license again.',

  creditCheckConsentRequired: 'Authorize the credit check to submit your application.',
  privacyNoticeConsentRequired: 'Acknowledge the privacy notice to submit your application.',
  electronicRecordsConsentRequired: 'Agree to electronic records to submit your application.',
  consentOutdated: 'This text has changed since you read it. Read it again and accept it.',
  consentRepeated: 'Accept each consent once.',
} as const;

const m = validationMessages;

/**
 * The messages that do not say which field they are about ("Use only Latin letters…"): an error summary
 * names the field before these, and only these, so no line reads "First name: First name is required.".
 */
export const messagesNamingNoField: ReadonlySet<string> = new Set<ValidationMessage>([
  m.required,
  m.invalidValue,
  m.chooseOption,
  m.tooLong50,
  m.tooLong100,
  m.tooLong254,
  m.addressInvalid,
  m.suiteInvalid,
  m.cityInvalid,
  m.stateInvalid,
  m.organizationInvalid,
  m.consentOutdated,
  m.consentRepeated,
]);

export type ValidationMessageKey = keyof typeof validationMessages;
export type ValidationMessage = (typeof validationMessages)[ValidationMessageKey];
