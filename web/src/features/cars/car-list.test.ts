import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CAR_FILTERS,
  activeFilters,
  carListHref,
  carsRequestParams,
  clearedFilters,
  filtersFromForm,
  flattenCarPages,
  formFromFilters,
  mergeCarPages,
  nextCarPage,
  parseCarFilters,
  parseCarListPage,
  serializeCarFilters,
  withBrand,
  withoutFilter,
} from './car-list.ts';
import { createCarCard, createPage } from './test/car-factory.ts';

const uuids = (cars: Array<{ uuid: string }>) => cars.map((c) => c.uuid);

describe('mergeCarPages', () => {
  const a = createCarCard();
  const b = createCarCard();
  const c = createCarCard();
  const d = createCarCard();

  it('page 1 replaces whatever was loaded', () => {
    expect(uuids(mergeCarPages([a, b], createPage([c, d], 1)))).toEqual(uuids([c, d]));
  });

  it('later pages append in order', () => {
    expect(uuids(mergeCarPages([a, b], createPage([c, d], 2, 4, 2)))).toEqual(uuids([a, b, c, d]));
  });

  it('later pages skip cars already in the list, and repeats inside a page', () => {
    expect(uuids(mergeCarPages([a, b], createPage([b, c, c, d], 2, 6, 2)))).toEqual(uuids([a, b, c, d]));
  });

  it('flattens loaded pages with the same rules', () => {
    const pages = [createPage([a, b], 1, 5, 2), createPage([b, c], 2, 5, 2), createPage([d], 3, 5, 2)];
    expect(uuids(flattenCarPages(pages))).toEqual(uuids([a, b, c, d]));
    expect(flattenCarPages([])).toEqual([]);
  });

  it('knows when there is another page', () => {
    expect(nextCarPage(createPage([a], 1, 41))).toBe(2);
    expect(nextCarPage(createPage([a], 3, 41))).toBeUndefined();
    expect(nextCarPage(createPage([], 1, 0))).toBeUndefined();
  });
});

describe('filters in the URL', () => {
  it('reads every filter', () => {
    const search = new URLSearchParams(
      'brand=Toyota&model=Camry&yearMin=2018&yearMax=2024&priceMin=10000&priceMax=40000&mileageMin=0&mileageMax=60000&condition=used&available=false&sort=price_asc',
    );
    expect(parseCarFilters(search)).toEqual({
      brand: 'Toyota',
      model: 'Camry',
      yearMin: 2018,
      yearMax: 2024,
      priceMin: 10_000,
      priceMax: 40_000,
      mileageMin: 0,
      mileageMax: 60_000,
      condition: 'used',
      available: false,
      sort: 'price_asc',
    });
  });

  it('defaults to available cars in the default order', () => {
    expect(parseCarFilters(new URLSearchParams())).toEqual({ available: true, sort: 'default' });
  });

  it.each([
    'yearMin=abc',
    'yearMax=1800',
    'priceMin=-5',
    'priceMax=12.5',
    'mileageMin=1e9',
    'condition=broken',
    'available=maybe',
    'sort=random',
    'brand=',
    `brand=${'x'.repeat(101)}`,
    'model=Camry',
  ])('ignores invalid or orphan %s', (query) => {
    expect(parseCarFilters(new URLSearchParams(query))).toEqual(DEFAULT_CAR_FILTERS);
  });

  it('keeps valid values next to invalid ones', () => {
    expect(parseCarFilters(new URLSearchParams('yearMin=abc&yearMax=2020&sort=nope'))).toEqual({
      available: true,
      sort: 'default',
      yearMax: 2020,
    });
  });

  it('writes only what differs from the defaults and round-trips', () => {
    expect(serializeCarFilters(DEFAULT_CAR_FILTERS).toString()).toBe('');
    const filters = { ...DEFAULT_CAR_FILTERS, brand: 'Ford', priceMax: 30_000, available: false, sort: 'year_desc' as const };
    const search = serializeCarFilters(filters);
    expect(search.toString()).toBe('brand=Ford&priceMax=30000&available=false&sort=year_desc');
    expect(parseCarFilters(search)).toEqual(filters);
  });

  it('links the next page with the same filters, so the list pages on without JavaScript', () => {
    const filters = { ...DEFAULT_CAR_FILTERS, brand: 'Ford' };
    expect(carListHref(filters, 2)).toBe('/cars?brand=Ford&page=2');
    expect(carListHref(DEFAULT_CAR_FILTERS, 3)).toBe('/cars?page=3');
    expect(carListHref(DEFAULT_CAR_FILTERS, 1)).toBe('/cars');
    expect(parseCarListPage(new URLSearchParams('brand=Ford&page=2'))).toBe(2);
  });

  it.each(['', 'page=0', 'page=-1', 'page=2.5', 'page=abc', 'page=1e400'])('a list URL with %j starts at page 1', (query) => {
    expect(parseCarListPage(new URLSearchParams(query))).toBe(1);
  });
});

describe('carsRequestParams', () => {
  it('asks for page and 20 cars, available by default', () => {
    expect(carsRequestParams(DEFAULT_CAR_FILTERS, 1).toString()).toBe('page=1&limit=20&available=true&sort=default');
  });

  it('leaves empty values out', () => {
    const params = carsRequestParams({ ...DEFAULT_CAR_FILTERS, brand: undefined, model: '', yearMin: 2019 }, 3);
    expect(Object.fromEntries(params)).toEqual({ page: '3', limit: '20', yearMin: '2019', available: 'true', sort: 'default' });
  });
});

describe('brand change', () => {
  it('clears the model', () => {
    const filters = { ...DEFAULT_CAR_FILTERS, brand: 'Toyota', model: 'Camry', priceMax: 30_000 };
    expect(withBrand(filters, 'Honda')).toEqual({ ...DEFAULT_CAR_FILTERS, brand: 'Honda', priceMax: 30_000 });
    expect(withBrand(filters, '')).toEqual({ ...DEFAULT_CAR_FILTERS, priceMax: 30_000 });
  });
});

describe('filter form', () => {
  it('turns typed text into filters, dropping what is invalid', () => {
    const form = { ...formFromFilters(DEFAULT_CAR_FILTERS), brand: 'BMW', yearMin: '2015', priceMax: 'lots', condition: 'new' as const };
    expect(filtersFromForm(form, 'price_desc')).toEqual({
      brand: 'BMW',
      yearMin: 2015,
      condition: 'new',
      available: true,
      sort: 'price_desc',
    });
  });

  it('round-trips filters', () => {
    const filters = { ...DEFAULT_CAR_FILTERS, brand: 'Kia', model: 'EV6', mileageMax: 5_000, available: false };
    expect(filtersFromForm(formFromFilters(filters), 'default')).toEqual(filters);
  });
});

describe('active filters', () => {
  const filters = {
    ...DEFAULT_CAR_FILTERS,
    brand: 'Toyota',
    model: 'Camry',
    priceMax: 30_000,
    available: false,
    sort: 'price_asc' as const,
  };

  it('names the filters that narrow the list, in URL order, without the sort', () => {
    expect(activeFilters(filters)).toEqual(['brand', 'model', 'priceMax', 'available']);
    expect(activeFilters({ ...DEFAULT_CAR_FILTERS, sort: 'year_desc' })).toEqual([]);
  });

  it('removes one filter; a brand takes its model along, and "available only" goes back on', () => {
    expect(withoutFilter(filters, 'priceMax')).toEqual({
      ...DEFAULT_CAR_FILTERS,
      brand: 'Toyota',
      model: 'Camry',
      available: false,
      sort: 'price_asc',
    });
    expect(withoutFilter(filters, 'brand')).toEqual({ ...DEFAULT_CAR_FILTERS, priceMax: 30_000, available: false, sort: 'price_asc' });
    expect(withoutFilter(filters, 'available').available).toBe(true);
  });

  it('clears every filter and keeps the order', () => {
    expect(clearedFilters(filters)).toEqual({ ...DEFAULT_CAR_FILTERS, sort: 'price_asc' });
  });
});
