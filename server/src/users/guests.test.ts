import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { cookieHeader, tmaHeaders } from '../../test/identity.ts';
import { addressKey } from '../security/client-address.ts';

/** Documentation addresses (RFC 5737, RFC 3849): a shared Wi-Fi, a neighbour, and one IPv6 line. */
const SHOWROOM = '203.0.113.7';
const NEIGHBOUR = '198.51.100.20';

describe.each(DATABASE_KINDS)('web guests per client address on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 3 }, env: { GUEST_MAX_PER_ADDRESS: '3' } });
  let cars: string[];

  beforeAll(async () => {
    cars = (await t.db.selectFrom('cars').select('uuid').orderBy('uuid').execute()).map((c) => c.uuid);
  });

  /** A favourite from a browser without cookies (or with the ones given), from an address. */
  const favourite = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/viewed-cars/toggle-favorite', payload: { car_uuid: cars[0] }, remoteAddress, headers });
  const guestCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('kind', '=', 'guest')
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('stops creating guests for cookieless visitors from one address at the cap, with a clear 429 and Retry-After', async () => {
    const address = '203.0.113.11';
    for (let i = 0; i < 3; i++) expect((await favourite(address)).statusCode).toBe(200);
    const before = await guestCount();
    const refused = await favourite(address);
    expect(refused.statusCode, refused.body).toBe(429);
    const { error } = refused.json<ErrorBody>();
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(
      /Too many new visitors from your network \(3 in the last hour\).*Try again in about 60 minutes, or open the app in Telegram/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(refused.cookies.find((c) => c.name === 'guest')).toBeUndefined();
    expect(await guestCount()).toBe(before);
  });

  it('does not count another address against it', async () => {
    for (let i = 0; i < 3; i++) await favourite(SHOWROOM);
    expect((await favourite(SHOWROOM)).statusCode).toBe(429);
    expect((await favourite(NEIGHBOUR)).statusCode).toBe(200);
  });

  it('still serves the guests and Telegram users it already knows behind a capped address', async () => {
    const first = await favourite('203.0.113.12');
    for (let i = 0; i < 2; i++) await favourite('203.0.113.12');
    expect((await favourite('203.0.113.12')).statusCode).toBe(429);
    expect((await favourite('203.0.113.12', { cookie: cookieHeader(first) })).statusCode).toBe(200);
    expect((await favourite('203.0.113.12', tmaHeaders({ id: 4401 }))).statusCode).toBe(200);
  });

  it('counts one IPv6 line (a /64) as one address', async () => {
    for (const host of ['1', '2', '3']) expect((await favourite(`2001:db8:0:7::${host}`)).statusCode).toBe(200);
    expect((await favourite('2001:db8:0:7:aaaa:bbbb:cccc:dddd')).statusCode).toBe(429);
    expect((await favourite('2001:db8:0:8::1')).statusCode).toBe(200);
  });

  it('lets no two requests at once take the last place', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => favourite('203.0.113.13')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
  });

  it('makes room again once the hour has passed', async () => {
    for (let i = 0; i < 3; i++) await favourite('203.0.113.14');
    expect((await favourite('203.0.113.14')).statusCode).toBe(429);
    const key = addressKey(t.config.security.sessionSecret, '203.0.113.14');
    await t.db
      .updateTable('users')
      .set({ created_at: sql`now() - interval '61 minutes'` })
      .where('address_key', '=', key)
      .execute();
    expect((await favourite('203.0.113.14')).statusCode).toBe(200);
  });

  it('stores a keyed HMAC of the address, never the address itself', async () => {
    await favourite('203.0.113.15');
    await favourite('203.0.113.15');
    const keys = await t.db.selectFrom('users').select('address_key').where('kind', '=', 'guest').orderBy('id', 'desc').limit(2).execute();
    expect(keys[0]!.address_key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keys[1]!.address_key).toBe(keys[0]!.address_key);
    expect(keys[0]!.address_key).not.toBe(addressKey(t.config.security.sessionSecret, '203.0.113.16'));
    const { rows } = await sql<{
      hit: number;
    }>`select count(*)::integer as hit from users where address_key like '%203.0.113%' or address_key like '%203-0-113%'`.execute(t.db);
    expect(rows[0]!.hit).toBe(0);
  });

  it("records a guest's visit at most once a day, so an idle guest's last visit is known", async () => {
    const created = await favourite('203.0.113.16');
    const cookie = cookieHeader(created);
    const id = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json<{ user: { id: number } }>().user.id;
    await t.db
      .updateTable('users')
      .set({ last_seen_at: sql`now() - interval '3 days'` })
      .where('id', '=', id)
      .execute();
    await t.app.inject({ method: 'GET', url: '/api/favorites', headers: { cookie } });
    const seen = await t.db
      .selectFrom('users')
      .select(sql<boolean>`last_seen_at > now() - interval '1 minute'`.as('recent'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(seen.recent).toBe(true);
  });
});
