import { beforeAll, describe, expect, it } from 'vitest';
import { CAR_SORTS, type CarSort } from '../../../domain/cars.ts';
import type { CarCard, CarFilterData, CarItem } from '../../../domain/contracts/cars.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';

type Query = Record<string, string | number | boolean>;

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The ordering each sort promises, written independently of the SQL (uuid breaks ties). */
const COMPARATORS: Record<CarSort, (a: CarCard, b: CarCard) => number> = {
  default: (a, b) => byText(a.brand, b.brand) || byText(a.model, b.model) || b.year - a.year || byText(a.uuid, b.uuid),
  price_asc: (a, b) => a.price - b.price || byText(a.uuid, b.uuid),
  price_desc: (a, b) => b.price - a.price || byText(b.uuid, a.uuid),
  date_added: (a, b) => b.dateAdded.localeCompare(a.dateAdded) || byText(a.uuid, b.uuid),
  year_asc: (a, b) => a.year - b.year || byText(a.uuid, b.uuid),
  year_desc: (a, b) => b.year - a.year || byText(b.uuid, a.uuid),
  mileage_asc: (a, b) => a.mileage - b.mileage || byText(a.uuid, b.uuid),
  mileage_desc: (a, b) => b.mileage - a.mileage || byText(b.uuid, a.uuid),
};

describe.each(DATABASE_KINDS)('car catalogue API on %s', (kind) => {
  const t = useTestApp(kind, { seed: true });
  let everyCar: CarCard[];

  const get = async (path: string, query: Query = {}) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
    return t.app.inject({ method: 'GET', url: qs ? `${path}?${qs}` : path });
  };
  const list = async (query: Query = {}) => {
    const res = await get('/api/cars', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Paged<CarCard>>();
  };
  /** Walks every page of a query, as the Load More button does. */
  const walk = async (query: Query, limit: number) => {
    const seen: CarCard[] = [];
    for (let page = 1; ; page++) {
      const body = await list({ ...query, page, limit });
      seen.push(...body.items);
      if (page >= body.totalPages) return seen;
    }
  };

  beforeAll(async () => {
    // Every third used car, available or not, is certified pre-owned.
    const used = await t.db.selectFrom('cars').select('uuid').where('condition', '=', 'used').orderBy('uuid').execute();
    const certified = used.filter((_car, i) => i % 3 === 0).map((car) => car.uuid);
    await t.db.updateTable('cars').set({ certified: true }).where('uuid', 'in', certified).execute();
    everyCar = await walk({ available: false }, 100);
  });

  describe('listing', () => {
    it('answers a page of 20 available cars with the paged-list shape by default', async () => {
      const body = await list();
      const available = everyCar.filter((c) => c.status === 'available');
      expect(body).toMatchObject({ page: 1, limit: 20, total: available.length, totalPages: Math.ceil(available.length / 20) });
      expect(body.items).toHaveLength(20);
      expect(body.items.every((c) => c.status === 'available')).toBe(true);
    });

    it('carries the original field names and only what a card shows on every car', async () => {
      const [car] = (await list({ limit: 1 })).items;
      expect(Object.keys(car!).sort()).toEqual(
        [
          'uuid',
          'is_favorite',
          'brand',
          'model',
          'year',
          'price',
          'mileage',
          'condition',
          'certified',
          'status',
          'listingState',
          'hold',
          'dateAdded',
          'trim',
          'photo',
          'image',
        ].sort(),
      );
      expect(car!.photo).toMatch(/^\/media\/cars\//);
      expect(car!.image).toEqual({ src: car!.photo, srcset: null, webpSrcset: null, width: 800, height: 450 });
      expect(car!.is_favorite).toBe(false);
      expect(typeof car!.price).toBe('number');
      expect(new Date(car!.dateAdded).toISOString()).toBe(car!.dateAdded);
    });

    it('includes unavailable cars when available is false', async () => {
      const body = await list({ available: false, limit: 100 });
      expect(body.total).toBe(everyCar.length);
      expect(everyCar.some((c) => c.status === 'unavailable')).toBe(true);
    });
  });

  describe('filters', () => {
    const cases: Array<[string, Query, (c: CarCard) => boolean]> = [
      ['brand', { brand: 'Toyota' }, (c) => c.brand === 'Toyota'],
      ['brand and model', { brand: 'Ford', model: 'Escape' }, (c) => c.brand === 'Ford' && c.model === 'Escape'],
      ['yearMin', { yearMin: 2022 }, (c) => c.year >= 2022],
      ['yearMax', { yearMax: 2019 }, (c) => c.year <= 2019],
      ['year range', { yearMin: 2018, yearMax: 2021 }, (c) => c.year >= 2018 && c.year <= 2021],
      ['priceMin', { priceMin: 40000 }, (c) => c.price >= 40000],
      ['priceMax', { priceMax: 15000 }, (c) => c.price <= 15000],
      ['price range', { priceMin: 20000, priceMax: 30000 }, (c) => c.price >= 20000 && c.price <= 30000],
      ['mileageMin', { mileageMin: 50000 }, (c) => c.mileage >= 50000],
      ['mileageMax', { mileageMax: 100 }, (c) => c.mileage <= 100],
      ['mileage range', { mileageMin: 10000, mileageMax: 40000 }, (c) => c.mileage >= 10000 && c.mileage <= 40000],
      ['condition new', { condition: 'new' }, (c) => c.condition === 'new'],
      ['condition used, certified pre-owned included', { condition: 'used' }, (c) => c.condition === 'used'],
      ['condition certified pre-owned', { condition: 'certified' }, (c) => c.condition === 'used' && c.certified],
      [
        'everything at once',
        { brand: 'Honda', yearMin: 2016, priceMax: 35000, mileageMax: 90000, condition: 'used' },
        (c) => c.brand === 'Honda' && c.year >= 2016 && c.price <= 35000 && c.mileage <= 90000 && c.condition === 'used',
      ],
    ];

    it.each(cases)('filters by %s, available cars only', async (_name, query, matches) => {
      const expected = everyCar.filter((c) => c.status === 'available' && matches(c));
      expect(expected.length).toBeGreaterThan(0);
      const got = await walk(query, 100);
      expect(got.map((c) => c.uuid).sort()).toEqual(expected.map((c) => c.uuid).sort());
    });

    it.each(cases)('filters by %s including unavailable cars', async (_name, query, matches) => {
      const expected = everyCar.filter(matches);
      const got = await walk({ ...query, available: false }, 100);
      expect(got.map((c) => c.uuid).sort()).toEqual(expected.map((c) => c.uuid).sort());
    });

    it('answers an empty page for a filter nothing matches', async () => {
      expect(await list({ brand: 'Lada' })).toEqual({ items: [], total: 0, page: 1, limit: 20, totalPages: 0 });
    });

    it('ignores empty filter values', async () => {
      const plain = await list();
      const withBlanks = await list({ brand: '', model: '', yearMin: '', priceMax: ' ', condition: '', sort: '', available: '' });
      expect(withBlanks).toEqual(plain);
    });
  });

  describe('sorting', () => {
    it.each(CAR_SORTS)('sorts by %s across every page without repeating or skipping a car', async (sort) => {
      const expected = everyCar.filter((c) => c.status === 'available').sort(COMPARATORS[sort]);
      const got = await walk({ sort }, 7);
      expect(got.map((c) => c.uuid)).toEqual(expected.map((c) => c.uuid));
    });

    it.each(CAR_SORTS)('sorts a filtered list by %s', async (sort) => {
      const expected = everyCar.filter((c) => c.condition === 'used' && c.price <= 30000).sort(COMPARATORS[sort]);
      const got = await walk({ sort, condition: 'used', priceMax: 30000, available: false }, 9);
      expect(got.map((c) => c.uuid)).toEqual(expected.map((c) => c.uuid));
    });
  });

  describe('paging', () => {
    it('answers the remainder on the last page', async () => {
      const first = await list({ limit: 50 });
      const last = await list({ limit: 50, page: first.totalPages });
      expect(last.items).toHaveLength(first.total - 50 * (first.totalPages - 1));
    });

    it('answers no items past the last page, with the true total', async () => {
      const first = await list({ limit: 50 });
      const past = await list({ limit: 50, page: first.totalPages + 1 });
      expect(past).toMatchObject({ items: [], total: first.total, page: first.totalPages + 1, totalPages: first.totalPages });
    });

    it.each([1, 100])('accepts a limit of %i', async (limit) => {
      expect((await list({ limit })).items).toHaveLength(limit);
    });
  });

  describe('bad parameters', () => {
    it.each([
      ['limit', { limit: 0 }],
      ['limit', { limit: 101 }],
      ['limit', { limit: 'ten' }],
      ['page', { page: 0 }],
      ['page', { page: -1 }],
      ['page', { page: '1.5' }],
      ['yearMin', { yearMin: 'abc' }],
      ['priceMax', { priceMax: '-5' }],
      ['mileageMin', { mileageMin: '1e9' }],
      ['condition', { condition: 'broken' }],
      ['available', { available: 'maybe' }],
      ['sort', { sort: 'cheapest' }],
    ] as Array<[string, Query]>)('rejects a malformed %s with a 400 that names it', async (name, query) => {
      const res = await get('/api/cars', query);
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.error.code).toBe('bad_request');
      expect(Object.keys(body.error.fields!)).toEqual([name]);
      expect(body.error.message).toContain(name);
    });

    it('rejects a repeated query parameter instead of failing', async () => {
      const res = await t.app.inject('/api/cars?brand=Ford&brand=Kia');
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toHaveProperty('brand');
    });
  });

  describe('one car', () => {
    it('answers a car by uuid with its details, agreeing with its card', async () => {
      const { photo, image, ...card } = everyCar[3]!;
      const res = await get(`/api/cars/${card.uuid}`);
      expect(res.statusCode).toBe(200);
      const car = res.json<CarItem>();
      expect(Object.keys(car).sort()).toEqual(
        [
          'uuid',
          'is_favorite',
          'brand',
          'model',
          'year',
          'price',
          'mileage',
          'condition',
          'certified',
          'status',
          'listingState',
          'hold',
          'dateAdded',
          'trim',
          'bodyStyle',
          'exteriorColor',
          'interiorColor',
          'vin',
          'transmission',
          'drivetrain',
          'fuelType',
          'engine',
          'mpgCity',
          'mpgHighway',
          'msrp',
          'features',
          'description',
          'photos',
          'images',
        ].sort(),
      );
      expect(car).toMatchObject(card);
      expect(car.photos[0]).toBe(photo);
      expect(car.images[0]).toEqual(image);
    });

    it('answers 404 for an unknown uuid', async () => {
      const res = await get('/api/cars/00000000-0000-4000-8000-000000000000');
      expect(res.statusCode).toBe(404);
      expect(res.json<ErrorBody>().error.code).toBe('not_found');
    });

    it('answers 400 for something that is not a uuid', async () => {
      const res = await get('/api/cars/not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toHaveProperty('uuid');
    });
  });

  describe('filter data', () => {
    const range = (values: number[]) => ({ min: Math.min(...values), max: Math.max(...values) });

    it('lists brands alphabetically', async () => {
      const res = await get('/api/cars/brands');
      expect(res.json()).toEqual([...new Set(everyCar.map((c) => c.brand))].sort(byText));
    });

    it('lists the models of a brand', async () => {
      const res = await get('/api/cars/models', { brand: 'Tesla' });
      expect(res.json()).toEqual([...new Set(everyCar.filter((c) => c.brand === 'Tesla').map((c) => c.model))].sort(byText));
    });

    it('requires a brand for the model list', async () => {
      const res = await get('/api/cars/models');
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toHaveProperty('brand');
    });

    it('lists model years, newest first', async () => {
      const res = await get('/api/cars/years');
      expect(res.json()).toEqual([...new Set(everyCar.map((c) => c.year))].sort((a, b) => b - a));
    });

    it('answers brands and min/max ranges for the whole catalogue', async () => {
      const res = await get('/api/cars/filters');
      expect(res.json()).toEqual({
        brands: [...new Set(everyCar.map((c) => c.brand))].sort(byText),
        yearRange: range(everyCar.map((c) => c.year)),
        priceRange: range(everyCar.map((c) => c.price)),
        mileageRange: range(everyCar.map((c) => c.mileage)),
        conditions: ['new', 'used', 'certified'],
      });
    });

    it('offers the certified pre-owned filter only while the catalogue lists a certified car', async () => {
      const certified = await t.db.selectFrom('cars').select('uuid').where('certified', '=', true).execute();
      await t.db.updateTable('cars').set({ certified: false }).execute();
      try {
        expect((await get('/api/cars/filters')).json<CarFilterData>().conditions).toEqual(['new', 'used']);
      } finally {
        await t.db
          .updateTable('cars')
          .set({ certified: true })
          .where(
            'uuid',
            'in',
            certified.map((car) => car.uuid),
          )
          .execute();
      }
    });

    it('answers models and ranges for one brand', async () => {
      const kias = everyCar.filter((c) => c.brand === 'Kia');
      const res = await get('/api/cars/filters/Kia');
      expect(res.json()).toEqual({
        models: [...new Set(kias.map((c) => c.model))].sort(byText),
        yearRange: range(kias.map((c) => c.year)),
        priceRange: range(kias.map((c) => c.price)),
        mileageRange: range(kias.map((c) => c.mileage)),
      });
    });

    it('answers brand names with spaces and hyphens', async () => {
      const res = await get(`/api/cars/filters/${encodeURIComponent('Mercedes-Benz')}`);
      expect(res.statusCode).toBe(200);
    });

    it('answers 404 for a brand we do not sell', async () => {
      const res = await get('/api/cars/filters/Lada');
      expect(res.statusCode).toBe(404);
    });
  });
});
