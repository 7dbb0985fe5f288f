/**
 * Vehicle identification numbers (49 CFR 565): 17 characters, no I, O or Q, a check digit at
 * position 9 and a model-year code at position 10. The inventory's write schema, the stock-file
 * importer and the dashboard's VIN field all check a VIN here (docs/product/catalogue.md#catalogue).
 */

export const VIN_LENGTH = 17;
/** The characters a VIN may hold: digits and every capital but I, O and Q. */
export const VIN_ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** English texts are also the Lingui message ids, as with validationMessages. */
export const vinMessages = {
  length: 'VIN must be exactly 17 characters.',
  notLetterOrDigit: 'VIN may contain only letters and digits.',
  forbiddenLetter: 'VIN cannot contain the letters I, O or Q (they are read as 1 and 0).',
  checkDigit: 'VIN check digit (the 9th character) does not match the rest of the VIN: look for a typo.',
  yearCode: 'The 10th character of the VIN is not a model-year code.',
  yearMismatch: 'The model year in the VIN (its 10th character) does not agree with the year.',
} as const;

export type VinProblemCode = keyof typeof vinMessages;

export interface VinProblem {
  code: VinProblemCode;
  message: (typeof vinMessages)[VinProblemCode];
}

const problem = (code: VinProblemCode): VinProblem => ({ code, message: vinMessages[code] });

/** 49 CFR 565.15 table: each letter's value in the check-digit sum (I, O and Q are never used). */
const TRANSLITERATION: Readonly<Record<string, number>> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;

/** Position-10 codes in order: A is 1980 and 2010, Y is 2000 and 2030, 1 is 2001 and 2031 … 9 is 2009 and 2039. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const FIRST_CYCLE_START = 1980;
const CYCLE_YEARS = 30;

/** What people type: spaces around it and lower case are not mistakes. */
export const normalizeVin = (vin: string): string => vin.trim().toUpperCase();

/** The check digit (position 9) the other 16 characters call for: '0'–'9' or 'X' for a remainder of 10. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const char = vin[i] ?? '0';
    sum += (/\d/.test(char) ? Number(char) : (TRANSLITERATION[char] ?? 0)) * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** The position-10 code of a model year, e.g. 2013 → 'D'. */
export function modelYearCode(year: number): string {
  return YEAR_CODES[(((year - FIRST_CYCLE_START) % CYCLE_YEARS) + CYCLE_YEARS) % CYCLE_YEARS]!;
}

/**
 * The model years position 10 can mean, the likelier first: 49 CFR 565.15 has cars, MPVs and light
 * trucks made for 2010 on carry a letter at position 7 (a digit before), so '1HGCM826…3' reads 2003
 * before 2033. Heavier vehicles need not follow that rule, hence both years. Empty when position 10
 * is no year code.
 */
export function modelYearsOfVin(vin: string): number[] {
  const normalized = normalizeVin(vin);
  const index = YEAR_CODES.indexOf(normalized[9] ?? '');
  if (normalized.length < 10 || index < 0) return [];
  const earlier = FIRST_CYCLE_START + index;
  const later = earlier + CYCLE_YEARS;
  return /[A-Z]/.test(normalized[6] ?? '') ? [later, earlier] : [earlier, later];
}

/**
 * The first thing wrong with a VIN, or null when it is valid; with a model year, position 10 must
 * agree with it. The order is the order a person fixes them in: length, then characters, then digits.
 */
export function checkVin(vin: string, modelYear?: number): VinProblem | null {
  const normalized = normalizeVin(vin);
  if (normalized.length !== VIN_LENGTH) return problem('length');
  if (!/^[A-Z0-9]+$/.test(normalized)) return problem('notLetterOrDigit');
  if (/[IOQ]/.test(normalized)) return problem('forbiddenLetter');
  if (normalized[8] !== vinCheckDigit(normalized)) return problem('checkDigit');
  const years = modelYearsOfVin(normalized);
  if (years.length === 0) return problem('yearCode');
  if (modelYear !== undefined && !years.includes(modelYear)) return problem('yearMismatch');
  return null;
}

/** A valid VIN from its other parts, the check digit computed (the demo seed and tests build theirs this way). */
export function buildVin(wmi: string, descriptor: string, year: number, plant: string, serial: number): string {
  const draft = `${wmi}${descriptor}0${modelYearCode(year)}${plant}${String(serial).padStart(6, '0')}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}
