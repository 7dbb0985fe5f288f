import { describe, expect, it } from 'vitest';
import { createCarFormat } from './format.ts';

/** Intl separates with no-break spaces; compare them as plain ones. */
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('car formatting', () => {
  it.each([
    ['en', '$24,500', '$512.87', '31,200 mi'],
    ['es', '$24,500', '$512.87', '31,200 mi'],
  ])('%s: dollars and miles as written in the US', (locale, price, money, miles) => {
    const format = createCarFormat(locale);
    expect(spaces(format.price(24_500))).toBe(price);
    expect(spaces(format.money(512.87))).toBe(money);
    expect(spaces(format.mileage(31_200))).toBe(miles);
  });

  it('keeps the dollar sign in Ukrainian and Russian', () => {
    for (const locale of ['uk', 'ru']) expect(createCarFormat(locale).price(24_500)).toMatch(/^24\s500\s\$$/);
  });

  it('falls back to US English for an unknown locale', () => {
    expect(createCarFormat('zz-invalid').price(1_000)).toBe('$1,000');
    expect(createCarFormat('not a locale!').price(1_000)).toBe('$1,000');
  });
});
