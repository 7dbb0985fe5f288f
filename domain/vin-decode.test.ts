import { describe, expect, it } from 'vitest';
import { decodeVin, makeOfVin } from './vin-decode.ts';
import { buildVin } from './vin.ts';

const NOW = new Date('2026-06-01T00:00:00Z');

describe('what a VIN says offline', () => {
  it.each([
    ['1HGCM82633A004352', 2003, 'Honda'],
    ['1FADP5AU6DL536022', 2013, 'Ford'],
    [buildVin('5YJ', '3E1EA', 2021, 'F', 123_456), 2021, 'Tesla'],
    [buildVin('WBA', '8E9C5', 2017, 'K', 42), 2017, 'BMW'],
  ])('reads %s as a %i %s: the year from position 10, the make from the manufacturer code', (vin, year, make) => {
    expect(decodeVin(vin, NOW)).toEqual({ year, make });
  });

  it('still gives the year of a VIN whose manufacturer code it does not know, with no make', () => {
    expect(decodeVin('1M8GDM9AXKP042788', NOW)).toEqual({ year: 1989, make: null });
    expect(makeOfVin('1M8GDM9AXKP042788')).toBeNull();
  });

  it('reads a VIN typed in lower case with spaces around it', () => {
    expect(makeOfVin(' 1hgcm82633a004352 ')).toBe('Honda');
    expect(decodeVin(' 1hgcm82633a004352 ', NOW)).toEqual({ year: 2003, make: 'Honda' });
  });

  it.each([
    ['a wrong check digit', '1HGCM82643A004352'],
    ['a letter O', '1HGCM82633O004352'],
    ['a missing character', '1HGCM82633A00435'],
    ['nothing', ''],
  ])('gives nothing for a VIN with %s', (_, vin) => {
    expect(decodeVin(vin, NOW)).toBeNull();
  });

  it('of the two years position 10 can mean, takes the one that is not in the future (next year’s models at most)', () => {
    // A letter in position 7 makes the later reading likelier (49 CFR 565.15).
    const vin = buildVin('1HG', 'CM8A6', 2030, 'A', 7);
    expect(decodeVin(vin, NOW)?.year).toBe(2000);
    expect(decodeVin(vin, new Date('2029-09-01T00:00:00Z'))?.year).toBe(2030);
  });
});
