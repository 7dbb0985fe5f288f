/**
 * Integer-cent arithmetic for deals (docs/product/deals.md#formulas). Every amount is a whole number of
 * cents; a product of an amount and a rate is an exact integer ratio, rounded half up (away from zero
 * for the positive amounts a deal has) to the cent once, where the formula says so.
 */

/** numerator / denominator rounded half up, for integers whose magnitudes stay below 2^53 / 2. */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  return sign * Math.floor((2 * n + d) / (2 * d));
}

/** A percentage with at most three decimals (8.875) as parts per 100,000 (8875), exactly. */
export const percentToPer100k = (percent: number) => Math.round(percent * 1000);

/** amount × percent / 100, rounded half up to the cent. */
export const percentOf = (cents: number, percent: number) => divideRoundHalfUp(cents * percentToPer100k(percent), 100_000);

/** A money factor with at most six decimals (0.00125) as millionths (1250), exactly. */
export const moneyFactorToMillionths = (moneyFactor: number) => Math.round(moneyFactor * 1_000_000);

/** A whole number of dollars in cents. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);

export const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

/**
 * Whole cents as a plain decimal number of dollars, 27255.19 or -1500.00: the form machine-read
 * documents (an ADF lead) take, written from the integer so no binary fraction creeps in.
 */
export function centsToDecimal(cents: number): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
