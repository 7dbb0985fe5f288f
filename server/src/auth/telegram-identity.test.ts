import { sign } from '@telegram-apps/init-data-node';
import { describe, expect, it } from 'vitest';
import { TEST_BOT_TOKEN, useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS, HTTP_ONLY_KINDS } from '../../test/database.ts';
import { createGuest, injectAs, signInitData, tmaHeaders } from '../../test/identity.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';

const ANN = { id: 7001, first_name: 'Ann', last_name: 'Lee', username: 'annlee', language_code: 'uk' };

describe.each(DATABASE_KINDS)('Telegram identity (Authorization: tma) on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 3 } });
  const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/me', headers });

  it('recognises a user whose init data Telegram signed', async () => {
    const res = await me(tmaHeaders(ANN));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      via: 'telegram',
      isAdmin: false,
      user: { first_name: 'Ann', username: 'annlee', telegramId: 7001 },
    });
  });

  it('creates the users row the first time a Telegram user is seen, with the language from Telegram', async () => {
    await me(tmaHeaders({ id: 7002, first_name: 'Olga', language_code: 'ru' }));
    const row = await t.db.selectFrom('users').selectAll().where('telegram_id', '=', 7002).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'telegram', first_name: 'Olga', language: 'ru', registered_at: null });
  });

  it('keeps one users row however many requests the same user makes', async () => {
    await me(tmaHeaders({ id: 7003 }));
    await me(tmaHeaders({ id: 7003 }));
    const rows = await t.db.selectFrom('users').select('id').where('telegram_id', '=', 7003).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses init data with one field changed after signing', async () => {
    const raw = signInitData(ANN).replace(encodeURIComponent('"id":7001'), encodeURIComponent('"id":7999'));
    expect(raw).toContain(encodeURIComponent('"id":7999'));
    const res = await me({ authorization: `tma ${raw}` });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.code).toBe('unauthorized');
  });

  it("refuses init data signed with another bot's token", async () => {
    const res = await me(tmaHeaders(ANN, { token: '987654321:ANOTHER-bot-token-that-signed-this-0000' }));
    expect(res.statusCode).toBe(401);
  });

  it('refuses init data older than INIT_DATA_MAX_AGE', async () => {
    const res = await me(tmaHeaders(ANN, { authDate: new Date(Date.now() - (t.config.security.initDataMaxAge + 60) * 1000) }));
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.message).toMatch(/expired/);
  });

  it('accepts init data that is almost, but not quite, too old', async () => {
    const res = await me(tmaHeaders(ANN, { authDate: new Date(Date.now() - (t.config.security.initDataMaxAge - 60) * 1000) }));
    expect(res.statusCode).toBe(200);
  });

  it('refuses init data dated more than a minute ahead of our clock', async () => {
    const res = await me(tmaHeaders(ANN, { authDate: new Date(Date.now() + 10 * 365 * 86400_000) }));
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.message).toMatch(/future/);
  });

  it('tolerates a device clock a few seconds ahead', async () => {
    const res = await me(tmaHeaders(ANN, { authDate: new Date(Date.now() + 20_000) }));
    expect(res.statusCode).toBe(200);
  });

  it.each(['first_name', 'last_name', 'username', 'photo_url'] as const)(
    'answers 400 naming user.%s when the signed profile holds a control character, and stores nothing',
    async (field) => {
      const res = await me(tmaHeaders({ id: 7004, [field]: 'Ann\u0000Lee' }));
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error).toMatchObject({
        code: 'bad_request',
        fields: { [`user.${field}`]: `${field} must not contain control characters` },
      });
      expect(await t.db.selectFrom('users').select('id').where('telegram_id', '=', 7004).executeTakeFirst()).toBeUndefined();
    },
  );

  it('refuses init data without its hash', async () => {
    const raw = signInitData(ANN).replace(/&?hash=[0-9a-f]+/, '');
    const res = await me({ authorization: `tma ${raw}` });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['garbage after tma', 'tma %%%not-init-data'],
    ['an empty tma header', 'tma '],
    ['another scheme', 'Bearer abc.def'],
    ['a bare word', 'tma'],
    ['a hash that is not hex', 'tma user=%7B%22id%22%3A1%7D&auth_date=1&hash=zz'],
  ])('answers 401 with a JSON error for %s, never a guest or a 500', async (_name, authorization) => {
    const res = await me({ authorization });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('refuses signed init data that names no user', async () => {
    const raw = sign({ query_id: 'AAA', chat_instance: '1' }, TEST_BOT_TOKEN, new Date());
    const res = await me({ authorization: `tma ${raw}` });
    expect(res.statusCode).toBe(401);
  });

  it('refuses an invalid tma header even when a valid guest cookie comes with it', async () => {
    const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    const guest = await createGuest(t.app, car.uuid);
    const res = await injectAs(
      t.app,
      { cookie: guest.cookie },
      { method: 'GET', url: '/api/me', headers: { authorization: 'tma nonsense' } },
    );
    expect(res.statusCode).toBe(401);
  });

  it('answers an anonymous visitor with no user and no identity', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(res.json()).toEqual({ user: null, isAdmin: false, via: null });
  });
});

describe.each(HTTP_ONLY_KINDS)('Telegram identity without a bot token on %s', (kind) => {
  const t = useTestApp(kind, { env: { BOT_TOKEN: undefined } });

  it('answers a tma header with 401 "Telegram sign-in is not configured"', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: tmaHeaders(ANN) });
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.message).toBe('Telegram sign-in is not configured.');
  });
});
