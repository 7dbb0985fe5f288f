import * as v from 'valibot';
import {
  MAX_AMOUNT,
  MAX_EMAIL_LENGTH,
  MAX_MONTHS,
  MAX_NAME_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TOTAL_MONTHS,
  MAX_YEARS,
  MIN_ADDITIONAL_INCOME,
  MIN_APPLICANT_AGE,
  MIN_BIRTH_YEAR,
  MIN_MONTHLY_INCOME,
  MIN_MONTHS,
  MIN_RENT,
  POSTAL_CODE_LENGTH,
} from './constants.ts';
import { ageOn, type CalendarDate, calendarDateOf, type Clock, parseIsoDate, parseUsDate } from './dates.ts';
import { WIRE_SUFFIXES, SUFFIXES } from './enums.ts';
import {
  formatPhoneDisplay,
  formatPhoneForApi,
  formatSsnDisplay,
  formatSsnForApi,
  isMaskedSsn,
  parseNumber,
  toPhoneDigits,
  toSsnDigits,
} from './format.ts';
import { type ValidationMessage, validationMessages as m } from './messages.ts';
import { US_STATE_CODES } from './us-states.ts';

/**
 * Field rules shared by the wizard, the edit form and the wire schemas, so a rule exists once (docs/product/application-wizard.md#validation).
 * Form values arrive as text; each field trims what it reads. A field reports one problem at a time where it
 * can: the character rules accept '' and leave the empty case to the required rule.
 */

// Latin only (docs/product/application-wizard.md#validation). Letters are ASCII: credit bureaus and the PDF expect plain Latin text.
const PERSON_NAME = /^(?:[A-Za-z]+(?:[ '-][A-Za-z]+)*)?$/;
const ADDRESS_LINE = /^(?:(?=.*[A-Za-z0-9])[A-Za-z0-9 ,.'-]+)?$/;
const SUITE = /^(?:(?=.*[A-Za-z0-9])[A-Za-z0-9 #./-]+)?$/;
// The original design listed letters, spaces, hyphens and apostrophes; the period is added for St. Louis and Ft. Worth.
const CITY = /^(?:[A-Za-z][A-Za-z .'-]*)?$/;
const ORGANIZATION = /^(?:(?=.*[A-Za-z0-9])[A-Za-z0-9 &.,'()/-]+)?$/;
const POSTAL_CODE = new RegExp(`^(?:\\d{${POSTAL_CODE_LENGTH}})?$`);

export interface TextRule {
  readonly pattern: RegExp;
  readonly invalid: ValidationMessage;
  readonly maxLength: number;
  readonly tooLong: ValidationMessage;
}

export const textRules = {
  firstName: { pattern: PERSON_NAME, invalid: m.firstNameInvalid, maxLength: MAX_NAME_LENGTH, tooLong: m.tooLong50 },
  lastName: { pattern: PERSON_NAME, invalid: m.lastNameInvalid, maxLength: MAX_NAME_LENGTH, tooLong: m.tooLong50 },
  addressLine: { pattern: ADDRESS_LINE, invalid: m.addressInvalid, maxLength: MAX_TEXT_LENGTH, tooLong: m.tooLong100 },
  suite: { pattern: SUITE, invalid: m.suiteInvalid, maxLength: MAX_TEXT_LENGTH, tooLong: m.tooLong100 },
  city: { pattern: CITY, invalid: m.cityInvalid, maxLength: MAX_NAME_LENGTH, tooLong: m.tooLong50 },
  organization: { pattern: ORGANIZATION, invalid: m.organizationInvalid, maxLength: MAX_TEXT_LENGTH, tooLong: m.tooLong100 },
} as const satisfies Record<string, TextRule>;

/** Trims, collapses runs of spaces and turns typographic apostrophes (phone keyboards type ’) into '. */
export function normalizeText(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\u2018\u2019\u02BC]/g, "'");
}

export function requiredText(rule: TextRule, required: ValidationMessage) {
  return v.pipe(
    v.optional(v.string(required), ''),
    v.transform(normalizeText),
    v.nonEmpty(required),
    v.maxLength(rule.maxLength, rule.tooLong),
    v.regex(rule.pattern, rule.invalid),
  );
}

/** '' when left empty. */
export function optionalText(rule: TextRule) {
  return v.pipe(
    v.nullish(v.string(rule.invalid), ''),
    v.transform(normalizeText),
    v.maxLength(rule.maxLength, rule.tooLong),
    v.regex(rule.pattern, rule.invalid),
  );
}

/** null when left empty: the wire and the database say "none" with null. */
export function optionalTextOrNull(rule: TextRule) {
  return v.pipe(optionalText(rule), v.transform(emptyToNull));
}

const emptyToNull = (value: string) => (value === '' ? null : value);

export function requiredChoice<const TOptions extends readonly [string, ...string[]]>(
  options: TOptions,
  required: ValidationMessage,
  invalid: ValidationMessage = m.chooseOption,
) {
  return v.pipe(v.optional(v.string(required), ''), v.trim(), v.nonEmpty(required), v.picklist(options, invalid));
}

/** The form's suffix: missing or '' means none. */
export const suffixField = v.pipe(
  v.nullish(v.string(m.chooseOption), 'none'),
  v.trim(),
  v.transform((suffix) => (suffix === '' ? 'none' : suffix)),
  v.picklist(SUFFIXES, m.chooseOption),
);

/** The wire's suffix: null means none. */
export const wireSuffixField = v.nullish(v.picklist(WIRE_SUFFIXES, m.chooseOption), null);

export const stateField = v.pipe(
  v.optional(v.string(m.stateRequired), ''),
  v.trim(),
  v.toUpperCase(),
  v.nonEmpty(m.stateRequired),
  v.picklist(US_STATE_CODES, m.stateInvalid),
);

export const optionalStateField = v.pipe(
  v.nullish(v.string(m.stateInvalid), ''),
  v.trim(),
  v.toUpperCase(),
  v.union([v.literal(''), v.picklist(US_STATE_CODES)], m.stateInvalid),
);

export const postalCodeField = v.pipe(
  v.optional(v.string(m.zipRequired), ''),
  v.trim(),
  v.nonEmpty(m.zipRequired),
  v.regex(POSTAL_CODE, m.zipInvalid),
);

export const optionalPostalCodeField = v.pipe(v.nullish(v.string(m.zipInvalid), ''), v.trim(), v.regex(POSTAL_CODE, m.zipInvalid));

export const emailField = v.pipe(
  v.optional(v.string(m.emailRequired), ''),
  v.trim(),
  v.nonEmpty(m.emailRequired),
  v.maxLength(MAX_EMAIL_LENGTH, m.tooLong254),
  v.check((email) => email === '' || v.EMAIL_REGEX.test(email), m.emailInvalid),
);

const isPhone = (phone: string) => phone === '' || toPhoneDigits(phone) !== undefined;

/** Required phone in the display form (XXX) XXX-XXXX. */
export const phoneField = v.pipe(
  v.optional(v.string(m.phoneRequired), ''),
  v.trim(),
  v.nonEmpty(m.phoneRequired),
  v.check(isPhone, m.phoneInvalid),
  v.transform(formatPhoneDisplay),
);

/** Optional phone in the display form, '' when empty. */
export const optionalPhoneField = v.pipe(
  v.nullish(v.string(m.phoneInvalid), ''),
  v.trim(),
  v.check(isPhone, m.phoneInvalid),
  v.transform(formatPhoneDisplay),
);

/** Required phone in the wire form +1XXXXXXXXXX; any spelling of the number is accepted. */
export const wirePhoneField = v.pipe(phoneField, v.transform(formatPhoneForApi));

/** Optional phone in the wire form, null when empty. */
export const optionalWirePhoneField = v.pipe(
  optionalPhoneField,
  v.transform((phone) => emptyToNull(formatPhoneForApi(phone))),
);

const isSsn = (ssn: string) => ssn === '' || toSsnDigits(ssn) !== undefined;

/**
 * The SSA never issues an area (first three digits) of 000, 666 or 900–999, a group (middle two) of 00 or a
 * serial (last four) of 0000, so such a number is a typo or made up. Text that is not nine digits passes here:
 * the nine-digit rule reports it.
 */
function isIssuableSsn(ssn: string): boolean {
  const digits = toSsnDigits(ssn);
  if (digits === undefined) return true;
  const area = digits.slice(0, 3);
  return area !== '000' && area !== '666' && !area.startsWith('9') && digits.slice(3, 5) !== '00' && digits.slice(5) !== '0000';
}

/** Required SSN in the display form XXX-XX-XXXX. */
export const ssnField = v.pipe(
  v.optional(v.string(m.ssnRequired), ''),
  v.trim(),
  v.nonEmpty(m.ssnRequired),
  v.check(isSsn, m.ssnInvalid),
  v.check(isIssuableSsn, m.ssnNeverIssued),
  v.transform(formatSsnDisplay),
);

/** Required SSN in the wire form: nine digits. */
export const wireSsnField = v.pipe(ssnField, v.transform(formatSsnForApi));

/**
 * The edit form's SSN: optional, and the server's masked ***-**-1234 passes unchanged because it means
 * "keep the stored number" (staff see the full SSN only through an audited reveal).
 */
export const editSsnField = v.pipe(
  v.nullish(v.string(m.ssnInvalid), ''),
  v.trim(),
  v.check((ssn) => isMaskedSsn(ssn) || isSsn(ssn), m.ssnInvalid),
  v.check(isIssuableSsn, m.ssnNeverIssued),
  v.transform(formatSsnDisplay),
);

export type BirthDateStatus = 'invalid' | 'future' | 'underage' | 'adult';

/** Where a date of birth stands on `today`: not a plausible date, in the future, under 18, or fine. */
export function birthDateStatus(birth: CalendarDate | null, today: CalendarDate): BirthDateStatus {
  if (birth === null || birth.year < MIN_BIRTH_YEAR) return 'invalid';
  const age = ageOn(birth, today);
  if (age < 0) return 'future';
  return age < MIN_APPLICANT_AGE ? 'underage' : 'adult';
}

function birthDateChecks(parse: (value: string) => CalendarDate | null, clock: Clock, invalid: ValidationMessage) {
  const status = (value: string) => birthDateStatus(parse(value), calendarDateOf(clock()));
  return [
    v.check((value: string) => value === '' || status(value) !== 'invalid', invalid),
    v.check((value: string) => status(value) !== 'future', m.dateOfBirthInFuture),
    v.check((value: string) => status(value) !== 'underage', m.applicantUnderage),
  ] as const;
}

/** Wizard date of birth, MM/DD/YYYY: a real date, not in the future, applicant at least 18 on the clock's day. */
export function dateOfBirthField(clock: Clock) {
  return v.pipe(
    v.optional(v.string(m.dateOfBirthRequired), ''),
    v.trim(),
    v.nonEmpty(m.dateOfBirthRequired),
    ...birthDateChecks(parseUsDate, clock, m.dateInvalid),
  );
}

/** Wire date of birth, YYYY-MM-DD, same rules as the wizard. */
export function wireDateOfBirthField(clock: Clock) {
  return v.pipe(
    v.optional(v.string(m.dateOfBirthRequired), ''),
    v.trim(),
    v.nonEmpty(m.dateOfBirthRequired),
    ...birthDateChecks(parseIsoDate, clock, m.isoDateInvalid),
  );
}

const isPlausibleDate = (date: CalendarDate | null) => date !== null && date.year >= MIN_BIRTH_YEAR;

/** Edit form date of birth (docs/product/staff-dashboard.md#editing-an-application): optional, MM/DD/YYYY, a real calendar date. */
export const editDateOfBirthField = v.pipe(
  v.nullish(v.string(m.dateInvalid), ''),
  v.trim(),
  v.check((value) => value === '' || isPlausibleDate(parseUsDate(value)), m.dateInvalid),
);

/** Wire form of the edit form's date of birth: YYYY-MM-DD or null. */
export const optionalWireDateField = v.nullish(
  v.pipe(
    v.string(m.isoDateInvalid),
    v.trim(),
    v.check((value) => isPlausibleDate(parseIsoDate(value)), m.isoDateInvalid),
  ),
  null,
);

interface NumberMessages {
  readonly required: ValidationMessage;
  readonly notNumber: ValidationMessage;
}

/** A required number from an input's text ("2500", "2,500.50") or a number. */
export function numberInput({ required, notNumber }: NumberMessages) {
  return v.pipe(
    v.optional(v.union([v.string(), v.number()], required), ''),
    v.rawTransform<string | number, number>(({ dataset, addIssue, NEVER }) => {
      const value = parseNumber(dataset.value);
      if (value === undefined) {
        addIssue({ message: required });
        return NEVER;
      }
      if (!Number.isFinite(value)) {
        addIssue({ message: notNumber });
        return NEVER;
      }
      return value;
    }),
  );
}

/** An optional number; empty text, null and a missing key give undefined. */
export function optionalNumberInput(notNumber: ValidationMessage) {
  return v.pipe(
    v.nullish(v.union([v.string(), v.number()], notNumber), ''),
    v.rawTransform<string | number, number | undefined>(({ dataset, addIssue, NEVER }) => {
      const value = parseNumber(dataset.value);
      if (value !== undefined && !Number.isFinite(value)) {
        addIssue({ message: notNumber });
        return NEVER;
      }
      return value;
    }),
  );
}

const atMost = (max: number) => (value: number | undefined) => value === undefined || value <= max;
const atLeast = (min: number) => (value: number | undefined) => value === undefined || value >= min;

export const yearsField = v.pipe(
  numberInput({ required: m.yearsRequired, notNumber: m.yearsInvalid }),
  v.integer(m.yearsInvalid),
  v.minValue(0, m.yearsInvalid),
  v.maxValue(MAX_YEARS, m.timeTooLong),
);

export const monthsField = v.pipe(
  numberInput({ required: m.monthsRequired, notNumber: m.monthsInvalid }),
  v.integer(m.monthsInvalid),
  v.minValue(MIN_MONTHS, m.monthsInvalid),
  v.maxValue(MAX_MONTHS, m.monthsInvalid),
);

/** A total of months typed into a form (edit form's months at address, previous job's months). */
export function totalMonthsInput(min: number, messages: NumberMessages) {
  return v.pipe(
    numberInput(messages),
    v.integer(messages.notNumber),
    v.minValue(min, messages.notNumber),
    v.maxValue(MAX_TOTAL_MONTHS, m.timeTooLong),
  );
}

export const optionalTotalMonthsInput = v.pipe(
  optionalNumberInput(m.totalMonthsInvalid),
  v.check((value) => value === undefined || (Number.isInteger(value) && value >= 0), m.totalMonthsInvalid),
  v.check(atMost(MAX_TOTAL_MONTHS), m.timeTooLong),
);

export const monthlyIncomeField = v.pipe(
  numberInput({ required: m.monthlyIncomeRequired, notNumber: m.monthlyIncomeNotNumber }),
  v.minValue(MIN_MONTHLY_INCOME, m.monthlyIncomeTooLow),
  v.maxValue(MAX_AMOUNT, m.amountTooLarge),
);

/** Monthly rent or mortgage; whether it is required depends on the housing status (see rentPaymentRule). */
export const monthlyPaymentField = v.pipe(
  optionalNumberInput(m.monthlyPaymentNotNumber),
  v.check(atLeast(0), m.monthlyPaymentNegative),
  v.check(atMost(MAX_AMOUNT), m.amountTooLarge),
);

export const additionalIncomeField = v.pipe(
  optionalNumberInput(m.additionalIncomeNotNumber),
  v.check(atLeast(MIN_ADDITIONAL_INCOME), m.additionalIncomeNegative),
  v.check(atMost(MAX_AMOUNT), m.amountTooLarge),
);

export const wireMonthlyIncomeField = v.pipe(
  v.number(m.monthlyIncomeNotNumber),
  v.minValue(MIN_MONTHLY_INCOME, m.monthlyIncomeTooLow),
  v.maxValue(MAX_AMOUNT, m.amountTooLarge),
);

export const wireMonthlyPaymentField = v.nullish(
  v.pipe(v.number(m.monthlyPaymentNotNumber), v.minValue(0, m.monthlyPaymentNegative), v.maxValue(MAX_AMOUNT, m.amountTooLarge)),
  null,
);

/** docs/product/application-wizard.md#validation: otherIncomeAmount defaults to 0. */
export const wireAdditionalIncomeField = v.nullish(
  v.pipe(
    v.number(m.additionalIncomeNotNumber),
    v.minValue(MIN_ADDITIONAL_INCOME, m.additionalIncomeNegative),
    v.maxValue(MAX_AMOUNT, m.amountTooLarge),
  ),
  0,
);

export function wireTotalMonthsField(min: number, invalid: ValidationMessage) {
  return v.pipe(v.number(invalid), v.integer(invalid), v.minValue(min, invalid), v.maxValue(MAX_TOTAL_MONTHS, m.timeTooLong));
}

type Fields = Record<string, unknown>;

/**
 * docs/product/application-wizard.md#housing: rent is required and at least $100 when the applicant rents; other housing may leave it
 * empty. One rule for the wizard, the wire and the edit form, which name the two fields
 * differently; checked once both fields are valid on their own, and reported on the payment.
 */
export function rentPaymentRule<TObject extends Fields>(housingKey: keyof TObject & string, paymentKey: keyof TObject & string) {
  // valibot cannot follow paths through a generic object type, so the rule is built on plain
  // records; the keys were checked against TObject above.
  const housing: string = housingKey;
  const payment: string = paymentKey;
  const rule = v.forward(
    v.partialCheck<Fields, [[string], [string]], Fields, (issue: v.PartialCheckIssue<Fields>) => ValidationMessage>(
      [[housing], [payment]],
      (object) => {
        const amount = object[payment];
        return object[housing] !== 'Rent' || (typeof amount === 'number' && amount >= MIN_RENT);
      },
      (issue) => (typeof issue.input[payment] === 'number' ? m.rentTooLow : m.monthlyPaymentRequired),
    ),
    [payment],
  );
  return rule as unknown as v.BaseValidation<TObject, TObject, v.BaseIssue<unknown>>;
}

/** A licence image: a data URL or an upload id, never empty. */
export function imageField(required: ValidationMessage) {
  return v.pipe(v.nullish(v.string(required), ''), v.trim(), v.nonEmpty(required));
}

export const idField = v.pipe(v.number(m.invalidValue), v.integer(m.invalidValue), v.minValue(1, m.invalidValue));

/** A car chosen in the catalogue, or null when the applicant applies without one (docs/product/application-wizard.md#application-wizard). */
export const carIdField = v.pipe(
  v.nullish(v.string(m.invalidValue), ''),
  v.trim(),
  v.check((id) => id === '' || v.UUID_REGEX.test(id), m.invalidValue),
  v.transform(emptyToNull),
);

function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'object') return Object.values(value).every(isBlank);
  return false;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * A form group that maps to a nullable object on the wire (previous address, previous employment, employer
 * address): left entirely blank it is null, otherwise every rule of `schema` applies, with errors on its fields.
 */
export function blankableGroup<TInput extends Record<string, unknown>, TOutput>(schema: v.GenericSchema<TInput, TOutput>) {
  return v.pipe(
    v.nullish(v.custom<TInput>(isRecord, m.invalidValue), null),
    v.rawTransform<TInput | null, TOutput | null>(({ dataset, addIssue, NEVER }) => {
      if (isBlank(dataset.value)) return null;
      const result = v.safeParse(schema, dataset.value);
      if (result.success) return result.output;
      for (const issue of result.issues) addIssue({ message: issue.message, input: issue.input, path: issue.path });
      return NEVER;
    }),
  );
}

type ObjectDataset = v.OutputDataset<Record<string, unknown>, v.BaseIssue<unknown>>;

/** True while the object itself or one of `keys` has an error of its own: a rule across fields then waits. */
function hasIssueAt(dataset: ObjectDataset, keys: readonly string[]): boolean {
  return dataset.issues?.some((issue) => issue.path === undefined || keys.includes(String(issue.path[0].key))) === true;
}

function pathTo(object: Record<string, unknown>, key: string): v.ObjectPathItem {
  return { type: 'object', origin: 'value', input: object, key, value: object[key] };
}

/**
 * Validates the nested group `key` with `schema` only when `when` holds (docs/product/application-wizard.md#housing, #income: previous address and
 * employment below two years). Skipped while a field it depends on has its own error, so the applicant is
 * not asked for a previous address because of a typo in the years.
 */
export function requireGroupWhen<TObject extends Record<string, unknown>>(options: {
  readonly key: keyof TObject & string;
  readonly schema: v.GenericSchema;
  readonly dependsOn: readonly (keyof TObject & string)[];
  readonly when: (value: TObject) => boolean;
}) {
  return v.rawCheck<TObject>(({ dataset, addIssue }) => {
    if (hasIssueAt(dataset, [options.key, ...options.dependsOn])) return;
    const value = dataset.value as TObject;
    if (!options.when(value)) return;
    const result = v.safeParse(options.schema, value[options.key]);
    for (const issue of result.issues ?? []) {
      addIssue({ message: issue.message, input: issue.input, path: [pathTo(value, options.key), ...(issue.path ?? [])] });
    }
  });
}

/**
 * Text fields that a choice makes necessary (the employer's address for a status with a workplace):
 * when `when` holds, each of `required` that is still empty gets its message.
 */
export function requiredWhen<TObject extends Record<string, unknown>>(options: {
  readonly dependsOn: readonly (keyof TObject & string)[];
  readonly when: (value: TObject) => boolean;
  readonly required: readonly (readonly [keyof TObject & string, ValidationMessage])[];
}) {
  return v.rawCheck<TObject>(({ dataset, addIssue }) => {
    if (hasIssueAt(dataset, options.dependsOn)) return;
    const value = dataset.value as TObject;
    if (!options.when(value)) return;
    for (const [key, message] of options.required) {
      if (value[key] === '') addIssue({ message, input: '', path: [pathTo(value, key)] });
    }
  });
}
