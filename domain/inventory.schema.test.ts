import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { getFieldErrors } from './contracts/errors.ts';
import { LANGUAGES } from './enums.ts';
import { carPatchSchema, carWriteSchema, inventoryListQuerySchema, inventoryMessages as m } from './inventory.schema.ts';
import { vinMessages } from './vin.ts';

const accord = {
  vin: '1HGCM82633A004352',
  stockNumber: 'A1001',
  year: 2003,
  brand: 'Honda',
  model: 'Accord',
  condition: 'used',
  price: 6500,
  mileage: 142000,
};

const errorsOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : getFieldErrors(result.issues);
};

describe('a car staff write', () => {
  it('takes the required fields and fills the rest as not given, a draft', () => {
    expect(v.parse(carWriteSchema, accord)).toEqual({
      ...accord,
      trim: null,
      bodyStyle: null,
      certified: false,
      msrp: null,
      exteriorColor: null,
      interiorColor: null,
      transmission: null,
      drivetrain: null,
      fuelType: null,
      engine: null,
      mpgCity: null,
      mpgHighway: null,
      features: [],
      description: null,
      listingState: 'draft',
    });
  });

  it('reads a VIN and stock number as typed: lower case, spaces around', () => {
    const car = v.parse(carWriteSchema, { ...accord, vin: ' 1hgcm82633a004352 ', stockNumber: ' a-1001 ' });
    expect(car.vin).toBe('1HGCM82633A004352');
    expect(car.stockNumber).toBe('A-1001');
  });

  it('reads numbers from text, as a form or a stock file gives them', () => {
    const car = v.parse(carWriteSchema, { ...accord, year: '2003', price: '6500', mileage: '0', msrp: '', mpgCity: '24' });
    expect(car).toMatchObject({ year: 2003, price: 6500, mileage: 0, msrp: null, mpgCity: 24 });
  });

  it('reads a price and mileage as dealers write them, as the importer and the wizard do', () => {
    const car = v.parse(carWriteSchema, { ...accord, price: '$6,995', msrp: '$7,500.00', mileage: '148,250' });
    expect(car).toMatchObject({ price: 6995, msrp: 7500, mileage: 148_250 });
    expect(v.parse(carWriteSchema, { ...accord, mileage: '45,210 mi' }).mileage).toBe(45_210);
  });

  it.each([
    ['price', '$6,995.50', m.priceInvalid],
    ['price', 'Call for price', m.priceInvalid],
    ['price', '   ', m.priceInvalid],
    ['mileage', '148,250 km', m.mileageInvalid],
    ['msrp', '$0', m.msrpInvalid],
  ])('still refuses the %s %j', (field, value, message) => {
    expect(errorsOf(carWriteSchema, { ...accord, [field]: value })).toEqual({ [field]: message });
  });

  it('names the VIN problem', () => {
    expect(errorsOf(carWriteSchema, { ...accord, vin: '1HGCM82633A00435' })).toEqual({ vin: vinMessages.length });
    expect(errorsOf(carWriteSchema, { ...accord, vin: '1HGCM82633A004353' })).toEqual({ vin: vinMessages.checkDigit });
    expect(errorsOf(carWriteSchema, { ...accord, vin: '' })).toEqual({ vin: m.vinRequired });
  });

  it('refuses a year the VIN does not give', () => {
    expect(errorsOf(carWriteSchema, { ...accord, year: 2004 })).toEqual({ vin: vinMessages.yearMismatch });
  });

  it('refuses a new car marked certified pre-owned', () => {
    expect(errorsOf(carWriteSchema, { ...accord, condition: 'new', certified: true })).toEqual({ certified: m.newCannotBeCertified });
    expect(errorsOf(carWriteSchema, { ...accord, certified: true })).toEqual({});
  });

  it.each([
    ['stockNumber', 'A 1001', m.stockNumberInvalid],
    ['stockNumber', 'A'.repeat(21), m.stockNumberInvalid],
    ['price', 0, m.priceInvalid],
    ['price', 10.5, m.priceInvalid],
    ['price', undefined, m.priceInvalid],
    ['mileage', -1, m.mileageInvalid],
    ['brand', '  ', m.makeRequired],
    ['model', 'x'.repeat(101), m.modelInvalid],
    ['bodyStyle', 'tank', m.bodyStyleInvalid],
    ['condition', 'demo', m.conditionInvalid],
    ['condition', undefined, m.conditionInvalid],
    ['year', undefined, m.yearInvalid],
    ['mpgHighway', 1000, m.mpgHighwayInvalid],
    ['features', ['ok', 'x'.repeat(201)], m.featuresInvalid],
    ['description', 'a\u0000b', m.descriptionInvalid],
    ['listingState', 'archived', m.listingStateInvalid],
  ])('names the field and rule of a bad %s', (field, value, message) => {
    expect(errorsOf(carWriteSchema, { ...accord, [field]: value })).toEqual({ [field]: message });
  });

  it('takes a body style in any case and drops blank features', () => {
    const car = v.parse(carWriteSchema, { ...accord, bodyStyle: 'SUV', features: [' Sunroof ', ''] });
    expect(car.bodyStyle).toBe('suv');
    expect(car.features).toEqual(['Sunroof']);
  });
});

describe('a car patch', () => {
  it('keeps only the fields sent, with the version', () => {
    expect(v.parse(carPatchSchema, { price: '6400', version: 3 })).toEqual({ price: 6400, version: 3 });
  });

  it('needs the version the editor saw', () => {
    expect(errorsOf(carPatchSchema, { price: 6400 })).toEqual({ version: m.versionInvalid });
  });

  it('needs something to change', () => {
    expect(errorsOf(carPatchSchema, { version: 1 })).toEqual({ '': m.nothingToChange });
  });

  it('changes the listing state like any field', () => {
    expect(v.parse(carPatchSchema, { listingState: 'sold', version: 2 })).toEqual({ listingState: 'sold', version: 2 });
  });
});

describe('the staff list query', () => {
  it('defaults to page 1 of 20, newest in stock first', () => {
    expect(v.parse(inventoryListQuerySchema, {})).toMatchObject({ page: 1, limit: 20, sort: 'days_asc' });
  });

  it('names a bad sort and a bad state', () => {
    expect(Object.keys(errorsOf(inventoryListQuerySchema, { sort: 'color', state: 'gone' })).sort()).toEqual(['sort', 'state']);
  });
});

describe('inventory messages', () => {
  const messages = [...Object.values(m), ...Object.values(vinMessages)];

  it('each is a sentence, used once', () => {
    expect(messages.filter((message) => !message.endsWith('.'))).toEqual([]);
    expect(new Set(messages).size).toBe(messages.length);
  });

  // The VIN's messages are the shopper's trade-in screen's too, so they live in the app's catalogue,
  // which the dashboard loads as well.
  it.each(LANGUAGES)('%s translates each in the catalogues the dashboard loads', (language) => {
    const text = ['dashboard', 'messages']
      .map((catalogue) => readFileSync(new URL(`../locales/${language}/${catalogue}.po`, import.meta.url), 'utf8'))
      .join('\n');
    const ids = new Set(
      [...text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)+)"/gm)].map((match) => JSON.parse(`"${match[1]}"`) as string),
    );
    expect(messages.filter((message) => !ids.has(message))).toEqual([]);
  });
});
