import { dollarsToCents } from '../../../../domain/deals/money.ts';
import { parseNumber } from '../../../../domain/format.ts';

/** Dollars as staff read them back in a field: 499 for whole dollars, 499.50 with cents. */
export const centsToDollarsText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** Typed text as a number ("6.25 %" reads 6.25): undefined for empty text, NaN for text that is not a number. */
export const readTypedNumber = (text: string) => parseNumber(text.replace(/%\s*$/, ''));

/**
 * Typed dollars in cents, with the domain's helper: undefined for empty text; NaN for text that is
 * not an amount, more than two decimals included, so nothing is rounded silently.
 */
export function readTypedCents(text: string): number | undefined {
  const dollars = readTypedNumber(text);
  if (dollars === undefined) return undefined;
  return Number.isFinite(dollars) && Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6 ? dollarsToCents(dollars) : Number.NaN;
}
