import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CAR_LIST_DEFAULT_LIMIT, CAR_SORTS, carListQuerySchema, carTitle, carUuidSchema } from './cars.ts';

const parse = (input: Record<string, unknown>) => v.safeParse(carListQuerySchema, input);
const fieldOf = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? undefined : v.getDotPath(result.issues[0]);
};

describe('car list query', () => {
  it('defaults to page 1, 20 cars, available only, default sort', () => {
    expect(v.parse(carListQuerySchema, {})).toEqual({
      page: 1,
      limit: CAR_LIST_DEFAULT_LIMIT,
      available: true,
      sort: 'default',
      brand: undefined,
      model: undefined,
      yearMin: undefined,
      yearMax: undefined,
      priceMin: undefined,
      priceMax: undefined,
      mileageMin: undefined,
      mileageMax: undefined,
      condition: undefined,
    });
  });

  it.each([
    [
      'text from a query string',
      { page: '3', limit: '50', yearMin: '2018', priceMax: '25000' },
      { page: 3, limit: 50, yearMin: 2018, priceMax: 25000 },
    ],
    ['numbers from a client', { page: 2, mileageMax: 40000 }, { page: 2, mileageMax: 40000 }],
    ['padded numbers', { priceMin: ' 100 ' }, { priceMin: 100 }],
    ['trimmed brand and model', { brand: ' Ford ', model: 'Escape ' }, { brand: 'Ford', model: 'Escape' }],
    ['a condition', { condition: 'used' }, { condition: 'used' }],
    ['available "false"', { available: 'false' }, { available: false }],
    ['available "1"', { available: '1' }, { available: true }],
    ['available "0"', { available: '0' }, { available: false }],
    ['available as a boolean', { available: false }, { available: false }],
    ['limit at its bounds', { limit: '100' }, { limit: 100 }],
  ])('accepts %s', (_name, input, expected) => {
    expect(v.parse(carListQuerySchema, input)).toMatchObject(expected);
  });

  it.each(CAR_SORTS)('accepts the sort %s', (sort) => {
    expect(v.parse(carListQuerySchema, { sort }).sort).toBe(sort);
  });

  it.each([
    ['blank text', ''],
    ['spaces', '   '],
    ['undefined', undefined],
  ])('leaves out filters given as %s', (_name, value) => {
    const parsed = v.parse(carListQuerySchema, { brand: value, yearMin: value, condition: value, available: value, sort: value });
    expect(parsed).toMatchObject({ brand: undefined, yearMin: undefined, condition: undefined, available: true, sort: 'default' });
  });

  it.each([
    ['page', { page: '0' }],
    ['page', { page: '1.5' }],
    ['limit', { limit: '101' }],
    ['limit', { limit: 0 }],
    ['limit', { limit: 2.5 }],
    ['yearMin', { yearMin: 'abc' }],
    ['yearMax', { yearMax: '1899' }],
    ['priceMin', { priceMin: '-1' }],
    ['mileageMax', { mileageMax: '1e6' }],
    ['brand', { brand: 'x'.repeat(101) }],
    ['model', { model: ['a', 'b'] }],
    ['condition', { condition: 'broken' }],
    ['available', { available: 'maybe' }],
    ['sort', { sort: 'cheapest' }],
    ['priceMax', { priceMax: { gt: 1 } }],
  ])('names %s when it is malformed', (field, input) => {
    expect(fieldOf(input)).toBe(field);
  });
});

describe('car uuid', () => {
  it.each([
    ['a uuid', '3f1c2a4e-8b9d-4c1e-9f00-0123456789ab', true],
    ['not a uuid', 'car-1', false],
  ])('checks %s', (_name, value, ok) => {
    expect(v.safeParse(carUuidSchema, value).success).toBe(ok);
  });
});

describe('car title', () => {
  it('names a car by year, brand, model and trim', () => {
    expect(carTitle({ year: 2021, brand: 'Toyota', model: 'Camry', trim: 'SE' })).toBe('2021 Toyota Camry SE');
  });

  it('leaves out a missing or blank part', () => {
    expect(carTitle({ year: 2021, brand: 'Tesla', model: 'Model 3', trim: null })).toBe('2021 Tesla Model 3');
    expect(carTitle({ year: 2021, brand: 'Tesla', model: 'Model 3', trim: '  ' })).toBe('2021 Tesla Model 3');
    expect(carTitle({ year: undefined, brand: ' Honda ', model: 'Accord', trim: undefined })).toBe('Honda Accord');
  });
});
