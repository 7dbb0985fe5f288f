import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CarCard, CarItem } from '../../../domain/contracts/cars.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { cookieHeader, createGuest, injectAs, tmaHeaders } from '../../test/identity.ts';

const MISSING_CAR = '3f1c0000-0000-4000-8000-000000000000';

describe.each(DATABASE_KINDS)('viewed cars and favourites on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 6 } });
  let cars: string[];

  beforeAll(async () => {
    cars = (await t.db.selectFrom('cars').select('uuid').orderBy('uuid').execute()).map((c) => c.uuid);
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const guestCount = async () => (await t.db.selectFrom('users').select('id').where('kind', '=', 'guest').execute()).length;

  it('answers a viewed car with the same shape as the car page and records the view', async () => {
    const res = await post('/api/viewed-cars', { carUuid: cars[0]!, user_id: null }, tmaHeaders({ id: 2001 }));
    expect(res.statusCode, res.body).toBe(200);
    const detail = await t.app.inject({ method: 'GET', url: `/api/cars/${cars[0]}`, headers: tmaHeaders({ id: 2001 }) });
    expect(res.json()).toEqual(detail.json());
    const user = await t.db.selectFrom('users').select('id').where('telegram_id', '=', 2001).executeTakeFirstOrThrow();
    const views = await t.db.selectFrom('car_views').selectAll().where('user_id', '=', user.id).execute();
    expect(views.map((v) => v.car_uuid)).toEqual([cars[0]]);
  });

  it('gives a plain-web visitor a guest cookie the first time they view a car', async () => {
    const res = await post('/api/viewed-cars', { carUuid: cars[1]! });
    const cookie = res.cookies.find((c) => c.name === 'guest');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(res) } });
    expect(me.json()).toMatchObject({ via: 'guest', user: { kind: 'guest' } });
  });

  it('toggles a favourite on and off', async () => {
    const who = tmaHeaders({ id: 2002 });
    const on = await post('/api/viewed-cars/toggle-favorite', { car_uuid: cars[2]! }, who);
    expect(on.json()).toEqual({ car_uuid: cars[2], is_favorite: true });
    const off = await post('/api/viewed-cars/toggle-favorite', { car_uuid: cars[2]! }, who);
    expect(off.json()).toEqual({ car_uuid: cars[2], is_favorite: false });
  });

  it('shows a guest their favourites in the catalogue through the guest cookie', async () => {
    const guest = await createGuest(t.app, cars[0]!);
    await injectAs(t.app, guest, { method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: cars[3] } });
    const list = await injectAs(t.app, guest, { method: 'GET', url: '/api/cars?available=false&limit=100' });
    const flagged = list
      .json<Paged<CarCard>>()
      .items.filter((c) => c.is_favorite)
      .map((c) => c.uuid);
    expect(flagged).toEqual([cars[3]]);
    const detail = await injectAs(t.app, guest, { method: 'GET', url: `/api/cars/${cars[3]}` });
    expect(detail.json<CarItem>().is_favorite).toBe(true);
  });

  it('keeps one guest for one browser across many favourites', async () => {
    const guest = await createGuest(t.app, cars[0]!);
    const before = await guestCount();
    for (const car of cars.slice(0, 3)) {
      const res = await injectAs(t.app, guest, { method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: car } });
      expect(res.cookies.find((c) => c.name === 'guest')).toBeUndefined();
    }
    expect(await guestCount()).toBe(before);
  });

  it('never creates a guest for someone who only reads pages', async () => {
    const before = await guestCount();
    await t.app.inject({ method: 'GET', url: '/api/cars' });
    await t.app.inject({ method: 'GET', url: `/api/cars/${cars[0]}` });
    await t.app.inject({ method: 'GET', url: '/api/favorites' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(me.headers['set-cookie']).toBeUndefined();
    expect(await guestCount()).toBe(before);
  });

  it('refuses a user_id that is not the caller', async () => {
    const res = await post('/api/viewed-cars/toggle-favorite', { car_uuid: cars[0]!, user_id: 1 }, tmaHeaders({ id: 2003 }));
    expect(res.statusCode).toBe(403);
  });

  it('refuses a user_id from a visitor with no identity, without creating a guest', async () => {
    const before = await guestCount();
    const res = await post('/api/viewed-cars', { carUuid: cars[0]!, user_id: 1 });
    expect(res.statusCode).toBe(403);
    expect(await guestCount()).toBe(before);
  });

  it("accepts the caller's own user_id", async () => {
    const guest = await createGuest(t.app, cars[0]!);
    const res = await injectAs(t.app, guest, {
      method: 'POST',
      url: '/api/viewed-cars/toggle-favorite',
      payload: { car_uuid: cars[4], user_id: guest.userId },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for a car that does not exist, without creating a guest', async () => {
    const before = await guestCount();
    expect((await post('/api/viewed-cars', { carUuid: MISSING_CAR })).statusCode).toBe(404);
    expect((await post('/api/viewed-cars/toggle-favorite', { car_uuid: MISSING_CAR })).statusCode).toBe(404);
    expect(await guestCount()).toBe(before);
  });

  it.each([
    ['/api/viewed-cars', { carUuid: 'not-a-uuid' }],
    ['/api/viewed-cars', {}],
    ['/api/viewed-cars/toggle-favorite', { car_uuid: 42 }],
    ['/api/viewed-cars/toggle-favorite', { car_uuid: MISSING_CAR, user_id: 'me' }],
  ])('answers 400 for %s with %j', async (url, payload) => {
    expect((await post(url, payload)).statusCode).toBe(400);
  });

  it("lists the viewer's favourite cars, most recently added first", async () => {
    const who = tmaHeaders({ id: 2004 });
    for (const car of [cars[1]!, cars[5]!, cars[2]!]) await post('/api/viewed-cars/toggle-favorite', { car_uuid: car }, who);
    const res = await t.app.inject({ method: 'GET', url: '/api/favorites?limit=2', headers: who });
    const body = res.json<Paged<CarCard>>();
    expect(body).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
    expect(body.items.map((c) => c.uuid)).toEqual([cars[2], cars[5]]);
    expect(body.items.every((c) => c.is_favorite)).toBe(true);
  });

  it('lists a favourite car that has no photo with a null photo', async () => {
    const who = tmaHeaders({ id: 2005 });
    const bare = await t.db
      .insertInto('cars')
      .values({
        brand: 'Kia',
        model: 'Soul',
        year: 2020,
        price: 15_000,
        mileage: 40_000,
        condition: 'used',
        date_added: new Date(),
        photos: [],
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    await post('/api/viewed-cars/toggle-favorite', { car_uuid: bare.uuid }, who);
    const res = await t.app.inject({ method: 'GET', url: '/api/favorites', headers: who });
    expect(res.json<Paged<CarCard>>().items).toEqual([expect.objectContaining({ uuid: bare.uuid, photo: null, trim: null })]);
  });

  it('answers an empty favourites page to a visitor with no identity', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/favorites' });
    expect(res.json()).toEqual({ items: [], total: 0, page: 1, limit: 20, totalPages: 0 });
  });
});

describe.each(DATABASE_KINDS)('recently viewed cars on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 6 } });
  let cars: string[];

  beforeAll(async () => {
    cars = (await t.db.selectFrom('cars').select('uuid').orderBy('uuid').execute()).map((c) => c.uuid);
  });

  const view = (telegramId: number, carUuid: string) =>
    t.app.inject({ method: 'POST', url: '/api/viewed-cars', payload: { carUuid }, headers: tmaHeaders({ id: telegramId }) });
  const recent = (telegramId: number, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/viewed-cars${query}`, headers: tmaHeaders({ id: telegramId }) });
  /** Views at one instant of the database's clock would tie (the order is by the last view): waits for the clock to move on. */
  const clockPastLastView = () =>
    vi.waitFor(
      async () => {
        const { rows } = await sql<{ moved: boolean }>`select clock_timestamp() > max(viewed_at) as moved from car_views`.execute(t.db);
        expect(rows[0]!.moved).toBe(true);
      },
      { timeout: 5_000, interval: 1 },
    );

  it('lists the cars the visitor opened, newest first, each once, with their favourite flag', async () => {
    for (const uuid of [cars[0]!, cars[1]!, cars[0]!, cars[2]!]) {
      expect((await view(3001, uuid)).statusCode).toBe(200);
      await clockPastLastView();
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/viewed-cars/toggle-favorite',
      payload: { car_uuid: cars[1]! },
      headers: tmaHeaders({ id: 3001 }),
    });
    const res = await recent(3001);
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: CarCard[] }>().items;
    expect(items.map((car) => car.uuid)).toEqual([cars[2], cars[0], cars[1]]);
    expect(items.map((car) => car.is_favorite)).toEqual([false, false, true]);
  });

  it('shows the same list on every device of a Telegram user, and nothing of anyone else', async () => {
    await view(3002, cars[3]!);
    expect((await recent(3002)).json<{ items: CarCard[] }>().items.map((car) => car.uuid)).toEqual([cars[3]]);
    expect((await recent(3003)).json()).toEqual({ items: [] });
  });

  it('answers an empty list to a visitor the server does not know yet, creating no guest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/viewed-cars' });
    expect(res.json()).toEqual({ items: [] });
    expect(res.cookies.find((c) => c.name === 'guest')).toBeUndefined();
  });

  it('keeps to the limit asked for, and refuses one out of range', async () => {
    for (const uuid of cars) await view(3004, uuid);
    expect((await recent(3004)).json<{ items: CarCard[] }>().items).toHaveLength(6);
    expect((await recent(3004, '?limit=2')).json<{ items: CarCard[] }>().items).toHaveLength(2);
    expect((await recent(3004, '?limit=25')).statusCode).toBe(400);
  });
});
