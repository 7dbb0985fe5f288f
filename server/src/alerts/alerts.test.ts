import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_SEARCHES } from '../../../domain/alerts.ts';
import type { SavedSearch, SavedSearchList } from '../../../domain/contracts/alerts.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';

let nextTelegramId = 9_500_000;
const shopper = (): TestTelegramUser => ({ id: nextTelegramId++, first_name: 'Sam' });

describe.each(DATABASE_KINDS)('alerts API on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 2 } });
  let guest: { cookie: string };

  beforeAll(async () => {
    const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    guest = await createGuest(t.app, car.uuid);
  });

  const call = (
    who: TestTelegramUser | { cookie: string } | null,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) => injectAs(t.app, who, { method, url, ...(payload ? { payload } : {}) });
  const save = (who: TestTelegramUser, filters: Record<string, unknown>) => call(who, 'POST', '/api/saved-searches', { filters });

  it('keeps alerts on favourites off until the shopper switches them on, and off again', async () => {
    const sam = shopper();
    expect((await call(sam, 'GET', '/api/alerts/favorites')).json()).toEqual({ enabled: false });
    expect((await call(sam, 'PUT', '/api/alerts/favorites', { enabled: true })).json()).toEqual({ enabled: true });
    expect((await call(sam, 'GET', '/api/alerts/favorites')).json()).toEqual({ enabled: true });
    expect((await call(sam, 'PUT', '/api/alerts/favorites', { enabled: false })).json()).toEqual({ enabled: false });
  });

  it('tells a web visitor that alerts come through Telegram', async () => {
    for (const who of [guest, null]) {
      for (const [method, url] of [
        ['GET', '/api/alerts/favorites'],
        ['GET', '/api/saved-searches'],
      ] as const) {
        const res = await call(who, method, url);
        expect(res.statusCode).toBe(401);
        expect(res.json<ErrorBody>().error.message).toBe(
          'Alerts come through our Telegram bot: open this screen in the Telegram app to use them.',
        );
      }
    }
  });

  it('saves the catalogue filters as a search and lists it, with how many may be kept', async () => {
    const sam = shopper();
    const res = await save(sam, { brand: 'Honda', priceMax: '30000', yearMin: 2019, model: '' });
    expect(res.statusCode, res.body).toBe(201);
    const search = res.json<SavedSearch>();
    expect(search.filters).toEqual({ brand: 'Honda', priceMax: 30_000, yearMin: 2019 });
    expect((await call(sam, 'GET', '/api/saved-searches')).json<SavedSearchList>()).toEqual({ items: [search], max: MAX_SAVED_SEARCHES });
  });

  it('answers the search already saved when the same filters are saved again', async () => {
    const sam = shopper();
    const first = (await save(sam, { brand: 'Kia', condition: 'new' })).json<SavedSearch>();
    const again = await save(sam, { condition: 'new', brand: 'Kia' });
    expect(again.statusCode).toBe(200);
    expect(again.json<SavedSearch>().id).toBe(first.id);
    expect((await call(sam, 'GET', '/api/saved-searches')).json<SavedSearchList>().items).toHaveLength(1);
  });

  it(`refuses a search beyond the ${MAX_SAVED_SEARCHES}th, saying how to make room`, async () => {
    const sam = shopper();
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) expect((await save(sam, { priceMax: 10_000 + i })).statusCode).toBe(201);
    const res = await save(sam, { priceMax: 99_000 });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toBe(
      'You already keep 5 saved searches, the most there may be. Remove one on the Favourites screen to save this one.',
    );
  });

  it.each([
    [{ priceMin: 30_000, priceMax: 20_000 }, 'priceMax', 'The lowest price is above the highest: no car could match.'],
    [{ yearMin: 2024, yearMax: 2018 }, 'yearMax', 'The year "from" is later than the year "to": no car could match.'],
    [{ mileageMin: 90_000, mileageMax: 10 }, 'mileageMax', 'The lowest mileage is above the highest: no car could match.'],
  ])('refuses a search no car could match: %o', async (filters, field, message) => {
    const res = await save(shopper(), filters);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({ [`filters.${field}`]: message });
  });

  it('refuses filters the catalogue does not have', async () => {
    const res = await save(shopper(), { brand: 'Honda', colour: 'red' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toContain('filters take only brand, model');
  });

  it("removes the shopper's own saved search, and no one else's", async () => {
    const [sam, ana] = [shopper(), shopper()];
    const search = (await save(sam, { brand: 'Mazda' })).json<SavedSearch>();
    expect((await call(ana, 'DELETE', `/api/saved-searches/${search.id}`)).statusCode).toBe(404);
    expect((await call(sam, 'DELETE', `/api/saved-searches/${search.id}`)).statusCode).toBe(204);
    expect((await call(sam, 'GET', '/api/saved-searches')).json<SavedSearchList>().items).toEqual([]);
    expect((await call(sam, 'DELETE', `/api/saved-searches/${search.id}`)).statusCode).toBe(404);
  });
});
