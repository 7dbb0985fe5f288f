import { describe, expect, it } from 'vitest';
import { buildVin, checkVin, modelYearCode, modelYearsOfVin, vinCheckDigit, vinMessages } from './vin.ts';

const REAL_VINS: [string, number][] = [
  ['1HGCM82633A004352', 2003],
  ['1M8GDM9AXKP042788', 1989],
  ['1FADP5AU6DL536022', 2013],
];

describe('VIN check (49 CFR 565)', () => {
  it.each(REAL_VINS)('accepts the real VIN %s with its model year %i', (vin, year) => {
    expect(checkVin(vin)).toBeNull();
    expect(checkVin(vin, year)).toBeNull();
  });

  it('reads a check digit of X (remainder 10)', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
  });

  it('takes a VIN typed in lower case with spaces around it', () => {
    expect(checkVin('  1hgcm82633a004352 ')).toBeNull();
  });

  it.each([
    ['1HGCM82633A004353', 'the last character'],
    ['2HGCM82633A004352', 'the first character'],
    ['1HGCM82643A004352', 'the check digit itself'],
  ])('refuses %s (%s changed) for its check digit', (vin) => {
    expect(checkVin(vin)).toEqual({ code: 'checkDigit', message: vinMessages.checkDigit });
  });

  it.each(['1HGCM8263IA004352', '1HGCM82633O004352', '1HGCQ82633A004352'])('refuses %s for the letters I, O or Q', (vin) => {
    expect(checkVin(vin)?.code).toBe('forbiddenLetter');
  });

  it.each(['1HGCM82633A00435', '1HGCM82633A0043522', ''])('refuses "%s" for its length', (vin) => {
    expect(checkVin(vin)?.code).toBe('length');
  });

  it('refuses a character that is not a letter or digit', () => {
    expect(checkVin('1HGCM8263-A004352')?.code).toBe('notLetterOrDigit');
  });

  it('refuses a model year that position 10 does not give', () => {
    expect(checkVin('1HGCM82633A004352', 2004)).toEqual({ code: 'yearMismatch', message: vinMessages.yearMismatch });
    expect(checkVin('1FADP5AU6DL536022', 2012)?.code).toBe('yearMismatch');
  });

  it('accepts either year of the 30-year cycle', () => {
    expect(checkVin('1HGCM82633A004352', 2033)).toBeNull();
  });

  it('refuses a position 10 that is no year code (U, Z or 0)', () => {
    const draft = '1HGCM826X0A004352';
    const vin = draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
    expect(checkVin(vin)?.code).toBe('yearCode');
  });

  it('names the problem in each message', () => {
    expect(Object.values(vinMessages).every((message) => message.includes('VIN') && message.endsWith('.'))).toBe(true);
  });
});

describe('model years of a VIN', () => {
  it.each(REAL_VINS)('gives %s its model year first', (vin, year) => {
    expect(modelYearsOfVin(vin)[0]).toBe(year);
  });

  it('gives both years of the cycle', () => {
    expect(modelYearsOfVin('1HGCM82633A004352')).toEqual([2003, 2033]);
    expect(modelYearsOfVin('1FADP5AU6DL536022')).toEqual([2013, 1983]);
  });

  it('gives nothing before position 10 is typed', () => {
    expect(modelYearsOfVin('1HGCM8263')).toEqual([]);
  });

  it.each([
    [1980, 'A'],
    [2010, 'A'],
    [2000, 'Y'],
    [2030, 'Y'],
    [2001, '1'],
    [2039, '9'],
  ])('codes %i as %s', (year, code) => {
    expect(modelYearCode(year)).toBe(code);
  });
});

describe('building a VIN', () => {
  it('computes the check digit of a built VIN', () => {
    const vin = buildVin('1HG', 'CM826', 2021, 'A', 4352);
    expect(vin).toHaveLength(17);
    expect(checkVin(vin, 2021)).toBeNull();
  });
});
