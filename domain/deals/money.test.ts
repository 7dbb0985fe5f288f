import { describe, expect, it } from 'vitest';
import { centsToDecimal } from './money.ts';

describe('cents as a decimal number of dollars', () => {
  it('writes dollars and two digits of cents, with no grouping or symbol', () => {
    expect([2_725_519, 50, 7, 0, 100_000_000_000].map(centsToDecimal)).toEqual(['27255.19', '0.50', '0.07', '0.00', '1000000000.00']);
  });

  it('writes a negative amount (a trade worth more than the deal) with a minus sign', () => {
    expect([-150_000, -5].map(centsToDecimal)).toEqual(['-1500.00', '-0.05']);
  });
});
