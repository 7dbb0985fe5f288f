import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarCard, CarFilterData, CarItem, SimilarCars } from '../../../domain/contracts/cars.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { ArchivedCarAnswer, InventoryCar, InventoryListItem } from '../../../domain/contracts/inventory.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import { inventoryMessages } from '../../../domain/inventory.schema.ts';
import { buildVin, vinMessages } from '../../../domain/vin.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';

const ADMIN: TestTelegramUser = { id: 9701, first_name: 'Ada' };
const OTHER_ADMIN: TestTelegramUser = { id: 9702, first_name: 'Otto' };

let serial = 0;
/** A car as the staff form sends it: a valid VIN for its year, a stock number of its own. */
function carInput(overrides: Record<string, unknown> = {}) {
  serial += 1;
  const year = typeof overrides.year === 'number' ? overrides.year : 2021;
  return {
    vin: buildVin('1HG', 'CV1F3', year, 'A', 500_000 + serial),
    stockNumber: `T${serial}`,
    year,
    brand: 'Honda',
    model: 'Accord',
    trim: 'EX',
    bodyStyle: 'sedan',
    condition: 'used',
    price: 24_000,
    mileage: 30_000,
    features: ['Sunroof'],
    listingState: 'available',
    ...overrides,
  };
}

describe.each(DATABASE_KINDS)('the staff inventory on %s', (kind) => {
  const t = useTestApp(kind);

  const staff = (request: InjectOptions, who: TestTelegramUser = ADMIN) => injectAs(t.app, who, request);
  const create = async (overrides: Record<string, unknown> = {}) => {
    const res = await staff({ method: 'POST', url: '/api/inventory', payload: carInput(overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<InventoryCar>();
  };
  const patch = (car: Pick<InventoryCar, 'uuid' | 'version'>, fields: Record<string, unknown>) =>
    staff({ method: 'PATCH', url: `/api/inventory/${car.uuid}`, payload: { version: car.version, ...fields } });
  const setState = async (car: InventoryCar, listingState: string) => {
    const res = await patch(car, { listingState });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InventoryCar>();
  };
  const publicGet = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const auditOf = (uuid: string) =>
    t.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('entity', '=', 'car')
      .where('entity_id', '=', uuid)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    await createAdmin(t.db, OTHER_ADMIN.id);
  });

  describe('adding a car', () => {
    it('adds a car with every field, answering 201 with its location and version', async () => {
      const input = carInput({ msrp: 27_000, exteriorColor: 'Crystal Black', mpgCity: 30, mpgHighway: 38, description: 'One owner.' });
      const res = await staff({ method: 'POST', url: '/api/inventory', payload: input });
      expect(res.statusCode, res.body).toBe(201);
      const car = res.json<InventoryCar>();
      expect(res.headers.location).toBe(`/api/inventory/${car.uuid}`);
      expect(res.headers.etag).toBe('"1"');
      expect(car).toMatchObject({ ...input, version: 1, daysInStock: 0, photos: [], counts: { views: 0, favorites: 0, applications: 0 } });
    });

    it('keeps a new car a draft unless staff say otherwise, and the public never sees a draft', async () => {
      const { listingState: _state, ...input } = carInput({ brand: 'Draftmobile' });
      const res = await staff({ method: 'POST', url: '/api/inventory', payload: input });
      const car = res.json<InventoryCar>();
      expect(car.listingState).toBe('draft');
      expect((await publicGet(`/api/cars/${car.uuid}`)).statusCode).toBe(404);
      expect((await publicGet(`/api/cars/${car.uuid}/similar`)).statusCode).toBe(404);
      expect((await publicGet('/api/cars?available=false&limit=100')).json<Paged<CarCard>>().items.map((c) => c.uuid)).not.toContain(
        car.uuid,
      );
      expect(await publicGet('/api/cars/brands').then((r) => r.json<string[]>())).not.toContain('Draftmobile');
      expect((await publicGet('/api/cars/filters/Draftmobile')).statusCode).toBe(404);
    });

    it('takes a price of "$6,995" and a mileage of "148,250" as staff type them', async () => {
      const res = await staff({ method: 'POST', url: '/api/inventory', payload: carInput({ price: '$6,995', mileage: '148,250' }) });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json<InventoryCar>()).toMatchObject({ price: 6995, mileage: 148_250 });
    });

    it('names the VIN problem and each bad field', async () => {
      const res = await staff({
        method: 'POST',
        url: '/api/inventory',
        payload: carInput({ vin: '1HGCM82633A004353', price: 0, condition: 'new', certified: true }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toEqual({
        vin: vinMessages.checkDigit,
        price: inventoryMessages.priceInvalid,
        certified: inventoryMessages.newCannotBeCertified,
      });
    });

    it('refuses a VIN another car has, naming that car (409)', async () => {
      const first = await create({ model: 'Civic', trim: 'LX' });
      const res = await staff({ method: 'POST', url: '/api/inventory', payload: carInput({ vin: first.vin }) });
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().error).toMatchObject({
        code: 'duplicate_vin',
        fields: { vin: inventoryMessages.vinTaken },
        otherCar: { uuid: first.uuid, stockNumber: first.stockNumber, vin: first.vin, title: '2021 Honda Civic LX' },
      });
    });

    it('refuses a stock number another car has, in any case, naming that car (409)', async () => {
      const first = await create();
      const res = await staff({
        method: 'POST',
        url: '/api/inventory',
        payload: carInput({ stockNumber: first.stockNumber.toLowerCase() }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().error).toMatchObject({ code: 'duplicate_stock_number', otherCar: { uuid: first.uuid } });
    });

    it('records who added the car and which fields they gave', async () => {
      const car = await create({ msrp: null, trim: null });
      const [event] = await auditOf(car.uuid);
      expect(event?.action).toBe('car.created');
      const { fields } = event!.details as { fields: string[] };
      expect(fields).toEqual(expect.arrayContaining(['vin', 'stockNumber', 'price', 'features']));
      expect(fields).not.toContain('trim');
    });
  });

  describe('editing a car', () => {
    it('shows a car in any state to staff, with its version as the ETag', async () => {
      const car = await create({ listingState: 'draft' });
      const res = await staff({ method: 'GET', url: `/api/inventory/${car.uuid}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBe('"1"');
      expect(res.json<InventoryCar>()).toEqual(car);
    });

    it('changes only the fields sent, one version on, and audits their names', async () => {
      const car = await create();
      const res = await patch(car, { price: 22_500, mileage: 30_000 });
      expect(res.statusCode, res.body).toBe(200);
      const changed = res.json<InventoryCar>();
      expect(changed).toMatchObject({ price: 22_500, mileage: 30_000, model: car.model, version: 2 });
      expect(Date.parse(changed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(car.updatedAt));
      expect((await auditOf(car.uuid)).at(-1)).toEqual({ action: 'car.updated', details: { fields: ['price'] } });
    });

    it('takes the version from If-Match', async () => {
      const car = await create();
      const res = await staff({
        method: 'PATCH',
        url: `/api/inventory/${car.uuid}`,
        headers: { 'if-match': '"1"' },
        payload: { trim: 'Sport' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers.etag).toBe('"2"');
    });

    it('refuses an edit of a version someone else has changed since, answering the current car (409)', async () => {
      const car = await create();
      expect((await patch(car, { price: 23_000 })).statusCode).toBe(200);
      const res = await staff({ method: 'PATCH', url: `/api/inventory/${car.uuid}`, payload: { version: 1, price: 21_000 } }, OTHER_ADMIN);
      expect(res.statusCode).toBe(409);
      const { error } = res.json<ErrorBody>();
      expect(error.code).toBe('stale_version');
      expect(error.current).toMatchObject({ uuid: car.uuid, version: 2, price: 23_000 });
    });

    it('checks the VIN against a changed year', async () => {
      const car = await create();
      const res = await patch(car, { year: 2020 });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toEqual({ vin: vinMessages.yearMismatch });
    });

    it('refuses to take another car’s stock number (409)', async () => {
      const [first, second] = [await create(), await create()];
      const res = await patch(second, { stockNumber: first.stockNumber });
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().error).toMatchObject({ code: 'duplicate_stock_number', otherCar: { uuid: first.uuid } });
    });

    it('writes nothing for a patch that matches the car', async () => {
      const car = await create();
      const res = await patch(car, { price: car.price, brand: car.brand });
      expect(res.json<InventoryCar>().version).toBe(1);
      expect((await auditOf(car.uuid)).map((event) => event.action)).toEqual(['car.created']);
    });

    it('audits a change of listing state with where it went from and to', async () => {
      const car = await create();
      await setState(car, 'pending');
      expect((await auditOf(car.uuid)).at(-1)).toEqual({
        action: 'car.updated',
        details: { fields: ['listingState'], listingState: { from: 'available', to: 'pending' } },
      });
    });

    it('answers 404 for a car that does not exist', async () => {
      const res = await patch({ uuid: '00000000-0000-4000-8000-000000000000', version: 1 }, { price: 1000 });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('each listing state as the public sees it', () => {
    it('shows an available car in the catalogue as available', async () => {
      const car = await create({ brand: 'Statecar', model: 'Avail' });
      const item = (await publicGet(`/api/cars/${car.uuid}`)).json<CarItem>();
      expect(item).toMatchObject({ status: 'available', listingState: 'available' });
      const list = (await publicGet('/api/cars?brand=Statecar')).json<Paged<CarCard>>();
      expect(list.items.map((c) => [c.uuid, c.listingState])).toEqual([[car.uuid, 'available']]);
    });

    it.each(['pending', 'sold'] as const)(
      'keeps a %s car on its page and in the full list as unavailable, out of the for-sale list',
      async (state) => {
        const car = await setState(await create({ brand: `State${state}` }), state);
        const item = (await publicGet(`/api/cars/${car.uuid}`)).json<CarItem>();
        expect(item).toMatchObject({ status: 'unavailable', listingState: state });
        expect((await publicGet(`/api/cars?brand=State${state}`)).json<Paged<CarCard>>().items).toEqual([]);
        const all = (await publicGet(`/api/cars?brand=State${state}&available=false`)).json<Paged<CarCard>>();
        expect(all.items.map((c) => [c.status, c.listingState])).toEqual([['unavailable', state]]);
        expect(await publicGet('/api/cars/brands').then((r) => r.json<string[]>())).toContain(`State${state}`);
      },
    );

    it('shows a car again at the next request once it is made available', async () => {
      const car = await create({ brand: 'Comeback', listingState: 'draft' });
      expect((await publicGet(`/api/cars/${car.uuid}`)).statusCode).toBe(404);
      await setState(car, 'available');
      expect((await publicGet(`/api/cars/${car.uuid}`)).statusCode).toBe(200);
      expect((await publicGet('/api/cars?brand=Comeback')).json<Paged<CarCard>>().items).toHaveLength(1);
    });

    it('spans the filter ranges over the cars the public sees only', async () => {
      await create({ brand: 'Rangecar', price: 10_000 });
      await create({ brand: 'Rangecar', price: 90_000, listingState: 'draft' });
      const filters = (await publicGet('/api/cars/filters/Rangecar')).json<CarFilterData>();
      expect(filters.priceRange).toEqual({ min: 10_000, max: 10_000 });
    });
  });

  describe('a sold car’s similar cars', () => {
    // Priced where no demo car is, so only this test's cars can be similar.
    it('offers up to 4 available cars of the same make or body style within 25% of the price, nearest price first', async () => {
      const sold = await setState(await create({ brand: 'Simil', bodyStyle: 'wagon', price: 2_000_000 }), 'sold');
      const near = await create({ brand: 'Simil', bodyStyle: 'suv', price: 2_050_000 });
      const sameBody = await create({ brand: 'Otherbrand', bodyStyle: 'wagon', price: 2_100_000 });
      const lower = await create({ brand: 'Simil', bodyStyle: 'coupe', price: 1_700_000 });
      const edge = await create({ brand: 'Simil', bodyStyle: 'coupe', price: 2_500_000 });
      await create({ brand: 'Simil', price: 2_500_001 });
      await create({ brand: 'Unrelated', bodyStyle: 'pickup', price: 2_000_000 });
      await setState(await create({ brand: 'Simil', price: 2_010_000 }), 'pending');
      await create({ brand: 'Simil', price: 2_005_000, listingState: 'draft' });
      await create({ brand: 'Simil', price: 1_499_999 });
      const res = await publicGet(`/api/cars/${sold.uuid}/similar`);
      expect(res.statusCode).toBe(200);
      const { items } = res.json<SimilarCars>();
      expect(items.map((c) => c.uuid)).toEqual([near.uuid, sameBody.uuid, lower.uuid, edge.uuid]);
      expect(items.every((c) => c.status === 'available' && c.listingState === 'available')).toBe(true);
    });
  });

  describe('favourites', () => {
    it('keeps a favourite car that is sold, with its Sold badge, and after it is archived', async () => {
      const car = await create();
      const guest = await createGuest(t.app, car.uuid);
      const toggled = await t.app.inject({
        method: 'POST',
        url: '/api/viewed-cars/toggle-favorite',
        headers: { cookie: guest.cookie },
        payload: { carUuid: car.uuid },
      });
      expect(toggled.json()).toEqual({ car_uuid: car.uuid, is_favorite: true });
      const favourites = async () =>
        (await publicGet('/api/favorites', { cookie: guest.cookie }))
          .json<Paged<CarCard>>()
          .items.map((c) => [c.uuid, c.status, c.listingState]);

      const sold = await setState(car, 'sold');
      expect(await favourites()).toEqual([[car.uuid, 'unavailable', 'sold']]);

      const removed = await staff({ method: 'DELETE', url: `/api/inventory/${sold.uuid}` });
      expect(removed.json<ArchivedCarAnswer>().car.listingState).toBe('archived');
      expect(await favourites()).toEqual([[car.uuid, 'unavailable', 'sold']]);
      expect((await publicGet(`/api/cars/${car.uuid}`)).statusCode).toBe(404);
      const untoggled = await t.app.inject({
        method: 'POST',
        url: '/api/viewed-cars/toggle-favorite',
        headers: { cookie: guest.cookie },
        payload: { carUuid: car.uuid },
      });
      expect(untoggled.json()).toEqual({ car_uuid: car.uuid, is_favorite: false });
    });
  });

  describe('deleting a car', () => {
    it('deletes a car nothing refers to (204)', async () => {
      const car = await create();
      const res = await staff({ method: 'DELETE', url: `/api/inventory/${car.uuid}` });
      expect(res.statusCode).toBe(204);
      expect((await staff({ method: 'GET', url: `/api/inventory/${car.uuid}` })).statusCode).toBe(404);
      expect((await auditOf(car.uuid)).at(-1)).toEqual({ action: 'car.deleted', details: { stockNumber: car.stockNumber } });
    });

    it('archives a car a visitor has viewed instead, saying so (200)', async () => {
      const car = await create();
      await createGuest(t.app, car.uuid);
      const res = await staff({ method: 'DELETE', url: `/api/inventory/${car.uuid}` });
      expect(res.statusCode).toBe(200);
      const body = res.json<ArchivedCarAnswer>();
      expect(body).toMatchObject({ archived: true, car: { uuid: car.uuid, listingState: 'archived', version: 2, counts: { views: 1 } } });
      expect(body.message).toMatch(/archived instead of deleted/);
      expect((await auditOf(car.uuid)).at(-1)?.action).toBe('car.archived');
      expect((await publicGet(`/api/cars/${car.uuid}`)).statusCode).toBe(404);
    });
  });

  describe('the staff list', () => {
    const list = async (params: Record<string, string | number>) => {
      const res = await staff({
        method: 'GET',
        url: `/api/inventory?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Paged<InventoryListItem>>();
    };

    it('finds a car by part of its VIN, its stock number, make or model, in any case', async () => {
      const car = await create({ brand: 'Findme', model: 'Seekr' });
      for (const q of [car.vin.slice(-6).toLowerCase(), car.stockNumber.toLowerCase(), 'findme', 'SEEKR']) {
        expect((await list({ q })).items.map((item) => item.uuid)).toContain(car.uuid);
      }
    });

    it('filters by state, condition, make and price, and sorts by price', async () => {
      const cheap = await create({ brand: 'Listcar', price: 5_000 });
      const dear = await create({ brand: 'Listcar', price: 50_000 });
      await setState(await create({ brand: 'Listcar', price: 20_000 }), 'sold');
      const page = await list({ brand: 'Listcar', state: 'available', condition: 'used', priceMax: 60_000, sort: 'price_desc' });
      expect(page.items.map((item) => item.uuid)).toEqual([dear.uuid, cheap.uuid]);
      expect(page.total).toBe(2);
    });

    it('leaves archived cars out unless asked for them', async () => {
      const car = await create({ brand: 'Archlist' });
      await createGuest(t.app, car.uuid);
      await staff({ method: 'DELETE', url: `/api/inventory/${car.uuid}` });
      expect((await list({ brand: 'Archlist' })).items).toEqual([]);
      expect((await list({ brand: 'Archlist', state: 'archived' })).items.map((item) => item.uuid)).toEqual([car.uuid]);
    });

    it('counts views and favourites and sorts by them', async () => {
      const popular = await create({ brand: 'Countcar' });
      const quiet = await create({ brand: 'Countcar' });
      const guest = await createGuest(t.app, popular.uuid);
      await createGuest(t.app, popular.uuid);
      await t.app.inject({
        method: 'POST',
        url: '/api/viewed-cars/toggle-favorite',
        headers: { cookie: guest.cookie },
        payload: { carUuid: popular.uuid },
      });
      const page = await list({ brand: 'Countcar', sort: 'views_desc' });
      expect(page.items.map((item) => [item.uuid, item.views, item.favorites, item.applications])).toEqual([
        [popular.uuid, 2, 1, 0],
        [quiet.uuid, 0, 0, 0],
      ]);
      expect((await list({ brand: 'Countcar', sort: 'favorites_desc' })).items[0]?.uuid).toBe(popular.uuid);
    });

    it('filters by days in stock', async () => {
      const old = await create({ brand: 'Agecar' });
      await create({ brand: 'Agecar' });
      await t.db
        .updateTable('cars')
        .set({ date_added: new Date(Date.now() - 40 * 86_400_000) })
        .where('uuid', '=', old.uuid)
        .execute();
      const page = await list({ brand: 'Agecar', daysMin: 30, sort: 'days_desc' });
      expect(page.items.map((item) => [item.uuid, item.daysInStock])).toEqual([[old.uuid, 40]]);
      expect((await list({ brand: 'Agecar', daysMax: 39 })).total).toBe(1);
    });

    it('names a bad filter (400)', async () => {
      const res = await staff({ method: 'GET', url: '/api/inventory?sort=colour&state=gone' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<ErrorBody>().error.fields ?? {}).sort()).toEqual(['sort', 'state']);
    });
  });
});
