import { PHONE_DIGITS, PREVIOUS_HISTORY_THRESHOLD_MONTHS, SSN_DIGITS } from './constants.ts';
import { toSupportedLanguage, type Language } from './enums.ts';

/**
 * Display and wire formats (docs/product/application-wizard.md#validation). Every formatter accepts its own output and the
 * other form, so display → wire → display gives back the same text. Text that cannot be formatted is
 * returned trimmed rather than guessed at: the schemas, not the formatters, reject bad input.
 */

/** Characters people type or paste in a phone number: "+1 (555) 123-4567", "555.123.4567". */
const PHONE_TEXT = /^\s*\+?[\d\s().-]*$/;
const SSN_TEXT = /^[\d\s.-]*$/;
const NUMBER_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The ten national digits of a US phone number; eleven digits starting with 1 lose the country code. */
export function toPhoneDigits(value: string): string | undefined {
  if (!PHONE_TEXT.test(value)) return undefined;
  const digits = digitsOf(value);
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) return digits.slice(1);
  // A "+" announces a country code, and the only one taken is 1 with ten digits after it (handled above).
  if (value.trim().startsWith('+')) return undefined;
  return digits.length === PHONE_DIGITS ? digits : undefined;
}

/**
 * The digits to look for when someone searches phone numbers, whatever way they write them:
 * "(214) 555-0199", "214-555-0199", "2145550199" and "+1 214 555 0199" all give 2145550199, and a
 * part of a number ("555-01") gives its digits. The US country code is dropped when it is written
 * (+1, or eleven digits starting with 1), since stored numbers are compared by their national digits.
 */
export function phoneSearchDigits(value: string): string {
  const digits = digitsOf(value);
  const countryCode = value.trim().startsWith('+') || digits.length === PHONE_DIGITS + 1;
  return countryCode && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** (XXX) XXX-XXXX */
export function formatPhoneDisplay(value: string): string {
  const digits = toPhoneDigits(value);
  return digits ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : value.trim();
}

/** +1 and the ten digits. */
export function formatPhoneForApi(value: string): string {
  const digits = toPhoneDigits(value);
  return digits ? `+1${digits}` : value.trim();
}

export function toSsnDigits(value: string): string | undefined {
  if (!SSN_TEXT.test(value)) return undefined;
  const digits = digitsOf(value);
  return digits.length === SSN_DIGITS ? digits : undefined;
}

/** XXX-XX-XXXX */
export function formatSsnDisplay(value: string): string {
  const digits = toSsnDigits(value);
  return digits ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : value.trim();
}

/** Nine digits, no separators. */
export function formatSsnForApi(value: string): string {
  return toSsnDigits(value) ?? value.trim();
}

const MASKED_SSN = /^\*{3}-\*{2}-\d{4}$/;

/** A masked SSN as the server shows it (masked everywhere except an audited reveal and the PDF, docs/product/staff-dashboard.md#application-detail). */
export function isMaskedSsn(value: string): boolean {
  return MASKED_SSN.test(value.trim());
}

/** ***-**-1234 from a full SSN, its last four digits or an already masked one; '' when there is nothing to show. */
export function formatSsnMasked(value: string | null | undefined): string {
  const digits = digitsOf(value ?? '');
  return digits.length >= 4 ? `***-**-${digits.slice(-4)}` : '';
}

/** A unit written after a number that parseNumber may drop: miles, as "45,210 mi" or "45,210 miles". */
const UNIT_TEXT = { miles: /(?:mi|miles)\.?$/i } as const;

/**
 * Text as a number, the one reading of typed and imported amounts (the wizard, the staff car form,
 * stock-file rows): "2500", " 2,500.50 ", "$1,234", "45 210", and with `unit` "45,210 mi". undefined
 * for empty text, NaN for text that is not a number; numbers pass through. Whether a fraction is
 * allowed is the schema's rule, not the reading's.
 */
export function parseNumber(input: string | number, unit?: keyof typeof UNIT_TEXT): number | undefined {
  if (typeof input === 'number') return input;
  const compact = (unit ? input.trim().replace(UNIT_TEXT[unit], '') : input).replace(/[\s,$]/g, '');
  if (compact === '') return undefined;
  return NUMBER_TEXT.test(compact) ? Number(compact) : Number.NaN;
}

/**
 * The locale whose number conventions each interface language writes with. English and Spanish
 * readers are a US dealer's customers in the US: "$53,695" in both (es-US, not Spain's "53.695 $").
 * CLDR has no US variant of Ukrainian or Russian, so those keep their own grouping ("53 695 $").
 */
const NUMBER_LOCALES: Readonly<Record<Language, string>> = Object.freeze({ en: 'en-US', es: 'es-US', uk: 'uk', ru: 'ru' });

/** The Intl locale for numbers, money and miles in an interface language ("es" or "es-MX"); US English for anything else. */
export function numberLocale(language: string): string {
  return NUMBER_LOCALES[toSupportedLanguage(language)];
}

interface MoneyFormats {
  whole: Intl.NumberFormat;
  cents: Intl.NumberFormat;
}

/** Building Intl formatters is slow; one pair per locale serves every amount on a page. */
const moneyFormats = new Map<string, MoneyFormats>();

function moneyFormatsFor(language: string): MoneyFormats {
  const locale = numberLocale(language);
  let formats = moneyFormats.get(locale);
  if (!formats) {
    // "$" in every language: the narrow symbol, since "US$" would say something no customer here asks.
    const dollars = { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', signDisplay: 'negative' } as const;
    formats = {
      whole: new Intl.NumberFormat(locale, { ...dollars, minimumFractionDigits: 0, maximumFractionDigits: 0 }),
      cents: new Intl.NumberFormat(locale, { ...dollars, minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    };
    moneyFormats.set(locale, formats);
  }
  return formats;
}

/**
 * The one place US dollars are written, by every screen, the PDF and the server alike, in the
 * interface language's number locale (numberLocale): whole dollars, $53,695 (a price).
 */
export function formatDollars(amount: number, language = 'en'): string {
  return moneyFormatsFor(language).whole.format(amount);
}

/** Dollars and cents, $579.98 (a monthly payment, an amount typed with cents). */
export function formatDollarsAndCents(amount: number, language = 'en'): string {
  return moneyFormatsFor(language).cents.format(amount);
}

/** US dollars, cents only when there are any: $1,234 and $1,234.50. */
export function formatMoney(amount: number, language = 'en'): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? formatDollars(cents / 100, language) : formatDollarsAndCents(cents / 100, language);
}

/** Whole cents as dollars and cents, $36,740.40: the deal quote's amounts (domain/deals). */
export function formatCents(cents: number, language = 'en'): string {
  return formatDollarsAndCents(cents / 100, language);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A percentage as written in the interface language, 7.49% or 6,25 %: an APR, a tax rate, a residual. */
export function formatPercent(percent: number, language = 'en'): string {
  const locale = numberLocale(language);
  let format = percentFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 3 });
    percentFormats.set(locale, format);
  }
  return format.format(percent / 100);
}

/** Building Intl formatters is slow; one per locale and unit width serves every car on a page. */
const mileageFormats = new Map<string, Intl.NumberFormat>();

/**
 * The one place miles are written, in the interface language's number locale (numberLocale): short,
 * "31,200 mi" (cards, the staff lists, the PDF), or long, "31,200 miles" (sentences: a page's
 * description, a feed's). Miles whatever the language, since the dealer and its odometers are in the US.
 */
export function formatMileage(miles: number, language = 'en', unitDisplay: 'short' | 'long' = 'short'): string {
  const locale = numberLocale(language);
  const key = `${locale} ${unitDisplay}`;
  let format = mileageFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit: 'mile', unitDisplay, maximumFractionDigits: 0 });
    mileageFormats.set(key, format);
  }
  return format.format(miles);
}

/** docs/product/application-wizard.md#validation: years and months at an address or employer are sent as one total. */
export function toTotalMonths(years: number, months: number): number {
  return years * 12 + months;
}

/** docs/product/application-wizard.md#housing, #income: previous address / employment are required under two years at the current one. */
export function requiresPreviousHistory(totalMonths: number): boolean {
  return totalMonths < PREVIOUS_HISTORY_THRESHOLD_MONTHS;
}
