import { describe, expect, it } from 'vitest';
import { estimateLoan, isValidTerm, parseAmount } from './payment.ts';

describe('estimateLoan', () => {
  it.each([
    // price, down, APR %, months → monthly payment (checked with decimal arithmetic outside JavaScript)
    { price: 30_000, down: 0, apr: 6, term: 60, monthly: 579.98 },
    { price: 30_000, down: 5_000, apr: 6, term: 60, monthly: 483.32 },
    { price: 25_000, down: 2_500, apr: 7.5, term: 72, monthly: 389.03 },
    { price: 20_000, down: 0, apr: 4.9, term: 36, monthly: 598.52 },
    { price: 45_000, down: 10_000, apr: 12, term: 84, monthly: 617.85 },
    { price: 24_000, down: 0, apr: 0, term: 24, monthly: 1_000 },
    { price: 24_000, down: 4_000, apr: 0, term: 48, monthly: 416.67 },
    { price: 10_000, down: 10_000, apr: 9, term: 60, monthly: 0 },
    { price: 10_000, down: 15_000, apr: 9, term: 60, monthly: 0 },
  ])('$price − $down at $apr % over $term months → $monthly', ({ price, down, apr, term, monthly }) => {
    const estimate = estimateLoan({ price, downPayment: down, aprPercent: apr, termMonths: term });
    expect(estimate?.monthlyPayment).toBeCloseTo(monthly, 2);
  });

  it('adds up principal, interest and total cost', () => {
    const estimate = estimateLoan({ price: 30_000, downPayment: 0, aprPercent: 6, termMonths: 60 });
    expect(estimate).toMatchObject({ principal: 30_000 });
    expect(estimate!.totalCost).toBeCloseTo(579.98 * 60, 0);
    expect(estimate!.totalInterest).toBeCloseTo(estimate!.totalCost - 30_000, 2);
  });

  it('charges no interest at 0 % APR', () => {
    expect(estimateLoan({ price: 12_000, downPayment: 0, aprPercent: 0, termMonths: 60 })).toEqual({
      principal: 12_000,
      monthlyPayment: 200,
      totalInterest: 0,
      totalCost: 12_000,
    });
  });

  it.each([
    { label: 'term below 24', input: { termMonths: 12 } },
    { label: 'term above 84', input: { termMonths: 96 } },
    { label: 'term off the 12-month steps', input: { termMonths: 30 } },
    { label: 'negative price', input: { price: -1 } },
    { label: 'negative down payment', input: { downPayment: -1 } },
    { label: 'negative APR', input: { aprPercent: -0.5 } },
    { label: 'absurd APR', input: { aprPercent: 101 } },
    { label: 'blank price', input: { price: Number.NaN } },
  ])('returns null for $label', ({ input }) => {
    expect(estimateLoan({ price: 20_000, downPayment: 0, aprPercent: 5, termMonths: 60, ...input })).toBeNull();
  });

  it.each([
    [24, true],
    [84, true],
    [60, true],
    [12, false],
    [96, false],
    [61, false],
  ])('term %i valid: %s', (term, valid) => {
    expect(isValidTerm(term)).toBe(valid);
  });
});

describe('parseAmount', () => {
  it.each([
    ['25000', 25_000],
    ['25,000', 25_000],
    ['$25,000', 25_000],
    ['6.9', 6.9],
    [' 100 ', 100],
    ['', Number.NaN],
    ['abc', Number.NaN],
    ['-5', Number.NaN],
    ['1.2.3', Number.NaN],
  ])('%j → %d', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });
});
