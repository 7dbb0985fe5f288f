/**
 * Input masks (docs/product/application-wizard.md#validation) as pure functions of the text in the input: the masked input component calls them on
 * every change and paste. Literals appear only in front of a digit the user has typed, so deleting backwards
 * never gets stuck on a separator ("5551" → "(555) 1", "555" → "(555").
 */

export const PHONE_MASK = '(000) 000-0000';
export const SSN_MASK = '000-00-0000';
export const DATE_MASK = '00/00/0000';

/** Places digits into the 0 slots of a pattern. */
export function applyDigitMask(digits: string, pattern: string): string {
  let masked = '';
  let pendingLiterals = '';
  let next = 0;
  for (const slot of pattern) {
    if (next >= digits.length) break;
    if (slot === '0') {
      masked += pendingLiterals + digits.charAt(next);
      pendingLiterals = '';
      next += 1;
    } else {
      pendingLiterals += slot;
    }
  }
  return masked;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');

/**
 * "+1 (555) 123-4567", "15551234567", "5551234567" and "555.123.4567" all give "(555) 123-4567". A leading 1
 * is taken for the country code when "+1" is written or when there are more than ten digits.
 */
export function applyPhoneMask(input: string): string {
  const trimmed = input.trim();
  const digits = digitsOf(trimmed);
  const hasCountryCode = /^\+\s*1/.test(trimmed) || (digits.length > 10 && digits.startsWith('1'));
  return applyDigitMask((hasCountryCode ? digits.slice(1) : digits).slice(0, 10), PHONE_MASK);
}

export function applySsnMask(input: string): string {
  return applyDigitMask(digitsOf(input).slice(0, 9), SSN_MASK);
}

const PASTED_ISO_DATE = /^\s*(\d{4})-(\d{2})-(\d{2})\s*$/;
const PASTED_SHORT_US_DATE = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/;

/** Also takes a pasted 1990-01-31 or 1/5/1990 and turns it into 01/31/1990 and 01/05/1990. */
export function applyDateMask(input: string): string {
  const reordered = input
    .replace(PASTED_ISO_DATE, '$2$3$1')
    .replace(
      PASTED_SHORT_US_DATE,
      (_all, month: string, day: string, year: string) => `${month.padStart(2, '0')}${day.padStart(2, '0')}${year}`,
    );
  return applyDigitMask(digitsOf(reordered).slice(0, 8), DATE_MASK);
}

const LONE_DATE_DIGIT = /^(?:(\d)|(\d\d\/)(\d))$/;

/**
 * A "/" typed after a single digit of the month or the day ("4/", "04/5/") closes that part: the text
 * before the cursor becomes "04/" or "04/05/". Null when the slash has nothing to close, so the mask
 * treats it as usual.
 */
export function closeDatePart(beforeCursor: string): string | null {
  const match = LONE_DATE_DIGIT.exec(beforeCursor);
  if (!match) return null;
  return match[1] === undefined ? `${match[2]}0${match[3]}/` : `0${match[1]}/`;
}
