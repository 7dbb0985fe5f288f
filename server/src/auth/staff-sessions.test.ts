import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MeAnswer, SignOutEverywhereAnswer } from '../../../domain/contracts/users.ts';
import { useTestApp } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { cookieHeader, createAdmin, createGuest, signWidgetLogin, tmaHeaders } from '../../test/identity.ts';
import type { UserRow } from '../db/schema.ts';
import { issueSignInLink } from './sign-in-links.service.ts';

const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(DATABASE_KINDS)('staff sessions on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 2 } });
  let admin: UserRow;

  beforeAll(async () => {
    admin = await createAdmin(t.db, 8001);
  });

  /** Follows a fresh one-time link, as a browser that sends `cookie` (its current cookies, if any). */
  async function signIn(user: UserRow, cookie?: string) {
    const token = tokenOf(await issueSignInLink(t.db, t.config.server, user.id));
    return t.app.inject({ method: 'POST', url: '/api/auth/link', payload: { token }, headers: cookie ? { cookie } : {} });
  }
  const signedIn = async (user: UserRow = admin) => cookieHeader(await signIn(user));
  /** The session id inside a `session=s:s2.<id>.<signature>` cookie header. */
  const sessionId = (cookie: string) => /session=s2\.([A-Za-z0-9_-]{43})\./.exec(decodeURIComponent(cookie))?.[1] ?? '';
  const rowOf = (cookie: string) =>
    t.db
      .selectFrom('staff_sessions')
      .selectAll()
      .where('id_hash', '=', sha256(sessionId(cookie)))
      .executeTakeFirst();
  const setRow = (cookie: string, values: Record<string, unknown>) =>
    t.db
      .updateTable('staff_sessions')
      .set(values)
      .where('id_hash', '=', sha256(sessionId(cookie)))
      .execute();
  const users = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
  const via = async (cookie: string) => (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json<MeAnswer>().via;

  it('keeps only the SHA-256 of the session id in the database, never the id the cookie holds', async () => {
    const cookie = await signedIn();
    const id = sessionId(cookie);
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.selectFrom('staff_sessions').select('id_hash').execute();
    expect(rows.map((r) => r.id_hash)).toContain(sha256(id));
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it('signs out at once: after Sign out the same cookie is refused by every staff route', async () => {
    const cookie = await signedIn();
    const routes = t.app.adminRoutes;
    const call = (route: { method: string; url: string }) =>
      t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, '1'),
        headers: { cookie },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
    for (const route of routes) expect((await call(route)).statusCode, `${route.method} ${route.url} before sign-out`).not.toBe(401);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(await rowOf(cookie)).toBeUndefined();
    const after: string[] = [];
    for (const route of routes) {
      const res = await call(route);
      if (res.statusCode !== 401) after.push(`${route.method} ${route.url}: ${res.statusCode}`);
    }
    expect(after).toEqual([]);
    expect(await via(cookie)).toBeNull();
  });

  it('ends a session after 30 minutes without a request, and tells the browser to forget the cookie', async () => {
    const cookie = await signedIn();
    expect((await users(cookie)).statusCode).toBe(200);
    await setRow(cookie, { last_seen_at: sql`now() - interval '31 minutes'` });
    const res = await users(cookie);
    expect(res.statusCode).toBe(401);
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe('');
  });

  it('keeps a session in use alive, writing the last-seen time at most about once a minute', async () => {
    const cookie = await signedIn();
    await setRow(cookie, { last_seen_at: sql`now() - interval '20 seconds'` });
    const before = (await rowOf(cookie))!.last_seen_at;
    expect((await users(cookie)).statusCode).toBe(200);
    expect((await rowOf(cookie))!.last_seen_at).toEqual(before);

    await setRow(cookie, { last_seen_at: sql`now() - interval '29 minutes'` });
    expect((await users(cookie)).statusCode).toBe(200);
    const touched = (await rowOf(cookie))!.last_seen_at;
    expect(Date.now() - touched.getTime()).toBeLessThan(60_000);
    expect((await users(cookie)).statusCode).toBe(200);
  });

  it('ends a session 12 hours after sign-in, however busy it is', async () => {
    const cookie = await signedIn();
    const row = (await rowOf(cookie))!;
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(12 * 60 * 60 * 1000);
    await setRow(cookie, {
      created_at: sql`now() - interval '12 hours'`,
      expires_at: sql`now() - interval '1 second'`,
      last_seen_at: sql`now()`,
    });
    expect((await users(cookie)).statusCode).toBe(401);
  });

  it('gives every sign-in a new session id and ends the session the browser presented', async () => {
    const first = await signedIn();
    const second = cookieHeader(await signIn(admin, first));
    expect(sessionId(second)).not.toBe(sessionId(first));
    expect(await rowOf(first)).toBeUndefined();
    expect((await users(first)).statusCode).toBe(401);
    expect((await users(second)).statusCode).toBe(200);
  });

  it('gives two sign-ins in the same second two different sessions', async () => {
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    expect(sessionId(a)).not.toBe(sessionId(b));
    expect((await users(a)).statusCode).toBe(200);
    expect((await users(b)).statusCode).toBe(200);
  });

  it('deletes dead sessions at the next sign-in, so the table does not grow without end', async () => {
    const idle = await signedIn();
    const old = await signedIn();
    await setRow(idle, { last_seen_at: sql`now() - interval '31 minutes'` });
    await setRow(old, { expires_at: sql`now() - interval '1 second'` });
    await signedIn();
    expect(await rowOf(idle)).toBeUndefined();
    expect(await rowOf(old)).toBeUndefined();
  });

  it('signs out everywhere: every browser of that staff member is signed out, and nobody else', async () => {
    const member = await createAdmin(t.db, 8002);
    const colleague = await createAdmin(t.db, 8003);
    const laptop = await signedIn(member);
    const kiosk = await signedIn(member);
    const colleagues = await signedIn(colleague);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere', headers: { cookie: laptop } });
    expect(res.statusCode).toBe(200);
    expect(res.json<SignOutEverywhereAnswer>()).toEqual({ ok: true, ended: 2 });
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe('');
    expect((await users(laptop)).statusCode).toBe(401);
    expect((await users(kiosk)).statusCode).toBe(401);
    expect((await users(colleagues)).statusCode).toBe(200);
    const event = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.sign_out_everywhere')
      .where('actor_user_id', '=', member.id)
      .executeTakeFirst();
    expect(event).toMatchObject({ entity: 'user', entity_id: String(member.id), details: { sessions: 2, via: 'session' } });
  });

  it('lets staff in Telegram sign their browsers out everywhere too', async () => {
    const member = await createAdmin(t.db, 8004);
    const browser = await signedIn(member);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere', headers: tmaHeaders({ id: 8004 }) });
    expect(res.json<SignOutEverywhereAnswer>().ended).toBe(1);
    expect((await users(browser)).statusCode).toBe(401);
  });

  it('asks for sign-in before signing out everywhere', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out-everywhere' })).statusCode).toBe(401);
  });

  it('ends every session of a staff member whose admin rights are revoked, for good', async () => {
    const former = await createAdmin(t.db, 8005);
    const browsers = [await signedIn(former), await signedIn(former)];
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/users/admin',
      headers: { cookie: await signedIn() },
      payload: { userId: former.id, isAdmin: false },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(await t.db.selectFrom('staff_sessions').select('id_hash').where('user_id', '=', former.id).execute()).toEqual([]);
    // Rights given back later do not bring an old cookie back to life.
    await t.db.updateTable('users').set({ is_admin: true }).where('id', '=', former.id).execute();
    for (const cookie of browsers) expect((await users(cookie)).statusCode).toBe(401);
  });
});

describe.each(DATABASE_KINDS)('a staff sign-in in a browser a customer used (a dealership kiosk) on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let admin: UserRow;

  beforeAll(async () => {
    admin = await createAdmin(t.db, 8101);
  });

  const signIns = {
    'a one-time link': async (cookie: string) => {
      const token = tokenOf(await issueSignInLink(t.db, t.config.server, admin.id));
      return t.app.inject({ method: 'POST', url: '/api/auth/link', payload: { token }, headers: { cookie } });
    },
    'the Telegram Login Widget': (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/telegram-widget', payload: signWidgetLogin({ id: 8101 }), headers: { cookie } }),
  };

  it.each(Object.keys(signIns) as Array<keyof typeof signIns>)(
    'leaves the guest’s submitted application with the guest and clears the guest cookie, signing in with %s',
    async (method) => {
      const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
      const guest = await createGuest(t.app, car.uuid);
      const application = await submitTestApplication(t.app, { cookie: guest.cookie }, guest.userId);

      const res = await signIns[method](guest.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.cookies.find((c) => c.name === 'guest')?.value).toBe('');

      const row = await t.db.selectFrom('applications').select('user_id').where('id', '=', application.id).executeTakeFirstOrThrow();
      expect(row.user_id).toBe(guest.userId);
      expect(await t.db.selectFrom('users').select('kind').where('id', '=', guest.userId).executeTakeFirst()).toEqual({ kind: 'guest' });
      expect(await t.db.selectFrom('applications').select('id').where('user_id', '=', admin.id).execute()).toEqual([]);

      // The browser now holds the staff session only: the next customer there starts afresh.
      const after = cookieHeader(res);
      expect(after).not.toMatch(/guest=/);
      const mine = await t.app.inject({ method: 'GET', url: '/api/applications/mine', headers: { cookie: after } });
      expect(mine.json()).toBeNull();
    },
  );
});
