import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatDollars,
  formatDollarsAndCents,
  formatMileage,
  formatMoney,
  formatPercent,
  formatPhoneDisplay,
  formatPhoneForApi,
  formatSsnDisplay,
  formatSsnForApi,
  formatSsnMasked,
  isMaskedSsn,
  numberLocale,
  parseNumber,
  phoneSearchDigits,
  requiresPreviousHistory,
  toTotalMonths,
} from './format.ts';

describe('phone numbers', () => {
  it.each([
    ['10 digits', '5551234567', '(555) 123-4567', '+15551234567'],
    ['the display form', '(555) 123-4567', '(555) 123-4567', '+15551234567'],
    ['11 digits starting with 1', '15551234567', '(555) 123-4567', '+15551234567'],
    ['the wire form', '+15551234567', '(555) 123-4567', '+15551234567'],
    ['+1 and a formatted number', ' +1 (555) 123-4567 ', '(555) 123-4567', '+15551234567'],
    ['dots', '555.123.4567', '(555) 123-4567', '+15551234567'],
  ])('%s is shown as (XXX) XXX-XXXX and sent as +1 and ten digits', (_case, input, display, wire) => {
    expect([formatPhoneDisplay(input), formatPhoneForApi(input)]).toEqual([display, wire]);
  });

  it.each([
    ['9 digits', '555123456'],
    ['11 digits not starting with 1', '25551234567'],
    ['letters', 'call me'],
    ['nothing', '  '],
  ])('%s is left as typed (trimmed): the schema reports it', (_case, input) => {
    expect([formatPhoneDisplay(input), formatPhoneForApi(input)]).toEqual([input.trim(), input.trim()]);
  });

  it.each(['5551234567', '(555) 123-4567', '+15551234567', '1 555 123 4567'])('%j round-trips display ↔ wire', (input) => {
    const display = formatPhoneDisplay(input);
    const wire = formatPhoneForApi(input);
    expect([formatPhoneDisplay(wire), formatPhoneForApi(display)]).toEqual([display, wire]);
  });
});

describe('phone searches', () => {
  it.each(['(214) 555-0199', '214-555-0199', '2145550199', '+1 214 555 0199', '1 214 555 0199', '214.555.0199'])(
    '%j looks for the ten digits 2145550199',
    (input) => {
      expect(phoneSearchDigits(input)).toBe('2145550199');
    },
  );

  it.each([
    ['a part of a number', '555-01', '55501'],
    ['a part with the country code', '+1 (214)', '214'],
    ['a 1 that is not a country code', '1214', '1214'],
    ['no digits at all', 'call me', ''],
  ])('%s looks for %j', (_case, input, digits) => {
    expect(phoneSearchDigits(input)).toBe(digits);
  });
});

describe('social security numbers', () => {
  it.each([
    ['9 digits', '123456789', '123-45-6789', '123456789'],
    ['the display form', '123-45-6789', '123-45-6789', '123456789'],
    ['8 digits (left as typed)', '12345678', '12345678', '12345678'],
  ])('%s is shown as %j and sent as %j', (_case, input, display, wire) => {
    expect([formatSsnDisplay(input), formatSsnForApi(input)]).toEqual([display, wire]);
  });

  it.each(['123456789', '123-45-6789'])('%j round-trips display ↔ wire', (input) => {
    expect([formatSsnDisplay(formatSsnForApi(input)), formatSsnForApi(formatSsnDisplay(input))]).toEqual([
      formatSsnDisplay(input),
      formatSsnForApi(input),
    ]);
  });

  it.each([
    ['a full SSN', '123-45-6789', '***-**-6789'],
    ['nine digits', '123456789', '***-**-6789'],
    ['the last four digits', '6789', '***-**-6789'],
    ['an already masked SSN', '***-**-6789', '***-**-6789'],
    ['three digits', '789', ''],
    ['no SSN', null, ''],
    ['undefined', undefined, ''],
  ])('%s is masked as %j', (_case, input, expected) => {
    expect(formatSsnMasked(input)).toBe(expected);
  });

  it.each([
    ['***-**-6789', true],
    [' ***-**-6789 ', true],
    ['123-45-6789', false],
    ['***-**-678', false],
  ])('%j is a masked SSN: %s', (input, expected) => {
    expect(isMaskedSsn(input)).toBe(expected);
  });
});

describe('number locale of each interface language', () => {
  it.each([
    ['en', 'en-US'],
    ['es', 'es-US'],
    ['es-MX', 'es-US'],
    ['uk', 'uk'],
    ['ru', 'ru'],
    ['zz', 'en-US'],
  ])('%s writes numbers as %s', (language, locale) => {
    expect(numberLocale(language)).toBe(locale);
  });

  it('gives Spanish readers US prices: $53,695', () => {
    expect(formatDollars(53_695, 'es')).toBe('$53,695');
  });

  it.each([
    ['en', '$53,695', '$579.98'],
    ['es', '$53,695', '$579.98'],
    ['uk', '53\u00a0695\u00a0$', '579,98\u00a0$'],
    ['ru', '53\u00a0695\u00a0$', '579,98\u00a0$'],
  ])('writes dollars in %s as %s, and dollars and cents as %s', (language, dollars, cents) => {
    expect(formatDollars(53_695, language)).toBe(dollars);
    expect(formatDollarsAndCents(579.98, language)).toBe(cents);
    expect(formatMoney(579.98, language)).toBe(cents);
  });
});

describe('money in US dollars', () => {
  it("writes whole cents as dollars and cents, a deal quote's amounts", () => {
    expect(formatCents(3_674_040)).toBe('$36,740.40');
    expect(formatCents(25)).toBe('$0.25');
    expect(formatCents(-100_000)).toBe('-$1,000.00');
    expect(formatCents(61_234, 'uk')).toBe('612,34\u00a0$');
  });

  it.each([
    ['en', 7.49, '7.49%'],
    ['es', 8.875, '8.875%'],
    ['uk', 6.25, '6,25%'],
    ['ru', 56, '56\u00a0%'],
  ])('writes a percentage in %s: %d as %s', (language, percent, text) => {
    expect(formatPercent(percent, language)).toBe(text);
  });

  it.each([
    [1234, '$1,234'],
    [1234.5, '$1,234.50'],
    [1234.05, '$1,234.05'],
    [0, '$0'],
    [0.5, '$0.50'],
    [100, '$100'],
    [99.99, '$99.99'],
    [1234.999, '$1,235'],
    [1_000_000, '$1,000,000'],
    [-5, '-$5'],
    [-0.001, '$0'],
  ])('%d is shown as %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });

  it.each([
    ['2500', 2500],
    [' 2,500.50 ', 2500.5],
    ['.5', 0.5],
    ['12.', 12],
    ['-3', -3],
    [42, 42],
    ['', undefined],
    ['1e3', Number.NaN],
    ['12abc', Number.NaN],
    ['1.2.3', Number.NaN],
  ])('number text %j is read as %d', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });

  it.each([
    ['$6,995', 6995],
    ['$21,500.00', 21500],
    ['148,250', 148250],
    ['45 210', 45210],
  ])('reads %j, as dealers write prices and mileages, as %d', (input, expected) => {
    expect(parseNumber(input)).toBe(expected);
  });

  it.each([
    ['45,210 mi', 45210],
    ['45,210 Miles', 45210],
    ['12 mi.', 12],
  ])('reads the mileage %j without its unit as %d', (input, expected) => {
    expect(parseNumber(input, 'miles')).toBe(expected);
  });

  it('keeps the unit of a number that is not asked to have one', () => {
    expect(parseNumber('45,210 mi')).toBeNaN();
  });
});

describe('miles', () => {
  it.each([
    ['en', '31,200 mi', '31,200 miles'],
    ['es', '31,200 mi', '31,200 millas'],
    ['uk', '31\u00a0200 миль', '31\u00a0200 миль'],
    ['zz', '31,200 mi', '31,200 miles'],
  ])('writes miles in %s, grouped as its number locale does: %s, or in a sentence %s', (language, short, long) => {
    expect(formatMileage(31_200, language)).toBe(short);
    expect(formatMileage(31_200, language, 'long')).toBe(long);
  });

  it('is US English when no language is given', () => {
    expect(formatMileage(45_210)).toBe('45,210 mi');
    expect(formatMileage(0, 'en', 'long')).toBe('0 miles');
  });
});

describe('time at an address or employer', () => {
  it.each([
    [0, 0, 0],
    [0, 11, 11],
    [1, 11, 23],
    [2, 0, 24],
    [100, 11, 1211],
  ])('%d years and %d months are %d months', (years, months, total) => {
    expect(toTotalMonths(years, months)).toBe(total);
  });

  it.each([
    [23, true],
    [24, false],
  ])('%d months at the current one: previous history required = %s', (months, required) => {
    expect(requiresPreviousHistory(months)).toBe(required);
  });
});
