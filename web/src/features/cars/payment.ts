/**
 * Monthly payment estimate for the car details page: a standard fully amortising loan.
 * payment = P·r / (1 − (1 + r)^−n), with r the monthly rate (APR / 12) and n the term in months;
 * at 0 % APR the formula divides by zero, so the principal is simply split over the term.
 */

export const LOAN_TERMS = [24, 36, 48, 60, 72, 84] as const;
export const MIN_TERM = LOAN_TERMS[0];
export const MAX_TERM = LOAN_TERMS[LOAN_TERMS.length - 1] ?? 84;
export const DEFAULT_TERM = 60;
export const DEFAULT_APR = 7.5;
/** A typical 10 % down, rounded to hundreds so the prefilled number looks like one a person would type. */
export const defaultDownPayment = (price: number) => Math.round((price * 0.1) / 100) * 100;
/** Above this an APR is a typo, not a loan offer. */
export const MAX_APR = 100;

export interface LoanInput {
  price: number;
  downPayment: number;
  aprPercent: number;
  termMonths: number;
}

export interface LoanEstimate {
  principal: number;
  monthlyPayment: number;
  totalInterest: number;
  totalCost: number;
}

const cents = (value: number) => Math.round(value * 100) / 100;

export function isValidTerm(term: number): boolean {
  return Number.isInteger(term) && term >= MIN_TERM && term <= MAX_TERM && term % 12 === 0;
}

/** Null when the input cannot describe a loan (negative amounts, a term outside 24–84, an absurd APR). */
export function estimateLoan({ price, downPayment, aprPercent, termMonths }: LoanInput): LoanEstimate | null {
  const finite = [price, downPayment, aprPercent, termMonths].every(Number.isFinite);
  if (!finite || price < 0 || downPayment < 0 || aprPercent < 0 || aprPercent > MAX_APR) return null;
  if (!isValidTerm(termMonths)) return null;
  // A down payment larger than the price leaves nothing to borrow, not a negative loan.
  const principal = Math.max(0, price - downPayment);
  const rate = aprPercent / 100 / 12;
  const monthly = rate === 0 ? principal / termMonths : (principal * rate) / (1 - (1 + rate) ** -termMonths);
  const monthlyPayment = cents(monthly);
  const totalCost = cents(monthly * termMonths);
  return { principal: cents(principal), monthlyPayment, totalInterest: cents(totalCost - principal), totalCost };
}

/** What the user typed, as a number; blank and garbage are NaN so estimateLoan returns null. */
export function parseAmount(text: string): number {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '' || !/^\d*\.?\d*$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}
