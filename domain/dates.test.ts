import { describe, expect, it } from 'vitest';
import {
  ageOn,
  calendarDateOf,
  daysInMonth,
  formatDateForApi,
  formatDateFromApi,
  isLeapYear,
  parseIsoDate,
  parseUsDate,
  systemClock,
  zonedIsoDateTime,
} from './dates.ts';

describe('calendar', () => {
  it.each([
    [2000, true],
    [2024, true],
    [2023, false],
    [1900, false],
    [2100, false],
  ])('%d is a leap year: %s', (year, leap) => {
    expect(isLeapYear(year)).toBe(leap);
  });

  it.each([
    [2024, 2, 29],
    [2023, 2, 28],
    [2023, 4, 30],
    [2023, 1, 31],
    [2023, 12, 31],
  ])('%d-%d has %d days', (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    ['01/31/1990', { year: 1990, month: 1, day: 31 }],
    ['02/29/2000', { year: 2000, month: 2, day: 29 }],
    [' 12/31/1999 ', { year: 1999, month: 12, day: 31 }],
    ['02/29/2001', null],
    ['02/30/2000', null],
    ['04/31/2000', null],
    ['13/01/2000', null],
    ['00/10/2000', null],
    ['01/00/2000', null],
    ['1/31/1990', null],
    ['1990-01-31', null],
    ['', null],
  ])('MM/DD/YYYY %j is %j', (text, date) => {
    expect(parseUsDate(text)).toEqual(date);
  });

  it.each([
    ['1990-01-31', { year: 1990, month: 1, day: 31 }],
    ['2001-02-29', null],
    ['01/31/1990', null],
    ['1990-01-31T00:00:00Z', null],
  ])('YYYY-MM-DD %j is %j', (text, date) => {
    expect(parseIsoDate(text)).toEqual(date);
  });

  it('today is the local calendar day of the clock', () => {
    expect(calendarDateOf(new Date(2026, 0, 2, 23, 59))).toEqual({ year: 2026, month: 1, day: 2 });
    expect(systemClock()).toBeInstanceOf(Date);
  });

  it.each([
    ['born 06/15/2008, on 06/15/2026', { year: 2008, month: 6, day: 15 }, { year: 2026, month: 6, day: 15 }, 18],
    ['born 06/16/2008, on 06/15/2026', { year: 2008, month: 6, day: 16 }, { year: 2026, month: 6, day: 15 }, 17],
    ['born 07/01/2008, on 06/15/2026', { year: 2008, month: 7, day: 1 }, { year: 2026, month: 6, day: 15 }, 17],
    ['born 02/29/2008, on 02/28/2026', { year: 2008, month: 2, day: 29 }, { year: 2026, month: 2, day: 28 }, 17],
    ['born 02/29/2008, on 03/01/2026', { year: 2008, month: 2, day: 29 }, { year: 2026, month: 3, day: 1 }, 18],
    ['born tomorrow', { year: 2026, month: 6, day: 16 }, { year: 2026, month: 6, day: 15 }, -1],
  ])('age %s is %d', (_case, birth, today, age) => {
    expect(ageOn(birth, today)).toBe(age);
  });
});

describe('dates between the form (MM/DD/YYYY) and the wire (YYYY-MM-DD)', () => {
  it.each([
    ['01/31/1990', '1990-01-31'],
    ['12/01/2000', '2000-12-01'],
  ])('%s is sent as %s and shown back as %s', (form, wire) => {
    expect(formatDateForApi(form)).toBe(wire);
    expect(formatDateFromApi(wire)).toBe(form);
    expect(formatDateFromApi(formatDateForApi(form))).toBe(form);
    expect(formatDateForApi(formatDateFromApi(wire))).toBe(wire);
  });

  it.each([
    ['1990-01-31T00:00:00.000Z', '01/31/1990'],
    [' 1990-01-31 ', '01/31/1990'],
    ['', ''],
    ['yesterday', 'yesterday'],
  ])('an answer %j is shown as %j', (wire, form) => {
    expect(formatDateFromApi(wire)).toBe(form);
  });

  it.each([
    ['', ''],
    ['1/31/1990', '1/31/1990'],
    [' 01/31/1990 ', '1990-01-31'],
  ])('form text %j is sent as %j', (form, wire) => {
    expect(formatDateForApi(form)).toBe(wire);
  });

  it.each([
    ['01/31/1990', { year: 1990, month: 1, day: 31 }],
    ['12/05/0999', { year: 999, month: 12, day: 5 }],
  ])('%s is read as %j', (text, date) => {
    expect(parseUsDate(text)).toEqual(date);
  });
});

describe("an instant in the dealer's time zone", () => {
  it('is local time to the second with the offset of that day, summer time included', () => {
    expect(zonedIsoDateTime(new Date('2026-11-29T16:15:00.123Z'), 'America/Chicago')).toBe('2026-11-29T10:15:00-06:00');
    expect(zonedIsoDateTime(new Date('2026-07-04T04:30:59.999Z'), 'America/Chicago')).toBe('2026-07-03T23:30:59-05:00');
    expect(zonedIsoDateTime(new Date('2026-01-01T00:00:00Z'), 'Etc/UTC')).toBe('2026-01-01T00:00:00+00:00');
  });
});
