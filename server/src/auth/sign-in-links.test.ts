import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS, HTTP_ONLY_KINDS } from '../../test/database.ts';
import { cookieHeader, createAdmin, createTelegramUser } from '../../test/identity.ts';
import type { UserRow } from '../db/schema.ts';
import { issueSignInLink } from './sign-in-links.service.ts';

const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');

describe.each(DATABASE_KINDS)('one-time staff sign-in links on %s', (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL: 'https://cars.example.com' } });
  let admin: UserRow;

  beforeAll(async () => {
    admin = await createAdmin(t.db, 5001);
  });

  const follow = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/link', payload: { token } });

  it('makes a link to the web app with a 256-bit token in the fragment', async () => {
    const url = await issueSignInLink(t.db, t.config.server, admin.id);
    expect(url).toMatch(/^https:\/\/cars\.example\.com\/auth\/link#token=[A-Za-z0-9_-]{43}$/);
  });

  it('stores only the SHA-256 of the token, with a ten-minute expiry', async () => {
    const token = tokenOf(await issueSignInLink(t.db, t.config.server, admin.id));
    const rows = await t.db
      .selectFrom('login_tokens')
      .select(['token_hash', sql<number>`extract(epoch from expires_at - created_at)`.as('ttl')])
      .where('user_id', '=', admin.id)
      .execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const row = rows.find((r) => r.token_hash === createHash('sha256').update(token).digest('hex'));
    expect(Number(row?.ttl)).toBeCloseTo(600, 0);
  });

  it('signs the admin in with a 12-hour httpOnly session and sends them to the dashboard', async () => {
    const res = await follow(tokenOf(await issueSignInLink(t.db, t.config.server, admin.id)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, redirect: '/dashboard' });
    const session = res.cookies.find((c) => c.name === 'session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', maxAge: 12 * 60 * 60, path: '/' });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(res) } });
    expect(me.json()).toMatchObject({ via: 'session', isAdmin: true, user: { id: admin.id } });
  });

  it('works only once', async () => {
    const token = tokenOf(await issueSignInLink(t.db, t.config.server, admin.id));
    expect((await follow(token)).statusCode).toBe(200);
    const second = await follow(token);
    expect(second.statusCode).toBe(401);
    expect(second.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('no longer works after ten minutes', async () => {
    const token = tokenOf(await issueSignInLink(t.db, t.config.server, admin.id));
    await t.db
      .updateTable('login_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('token_hash', '=', createHash('sha256').update(token).digest('hex'))
      .execute();
    expect((await follow(token)).statusCode).toBe(401);
  });

  it('is not consumed by a GET, such as a link preview fetching the URL', async () => {
    const token = tokenOf(await issueSignInLink(t.db, t.config.server, admin.id));
    const preview = await t.app.inject({ method: 'GET', url: `/api/auth/link?token=${token}` });
    expect(preview.statusCode).toBe(404);
    expect((await follow(token)).statusCode).toBe(200);
  });

  it('refuses to make a link for someone who is not an admin', async () => {
    const customer = await createTelegramUser(t.db, 5002);
    await expect(issueSignInLink(t.db, t.config.server, customer.id)).rejects.toBeInstanceOf(HttpError);
  });

  it('refuses the link of an admin whose rights were revoked after it was sent', async () => {
    const former = await createAdmin(t.db, 5003);
    const token = tokenOf(await issueSignInLink(t.db, t.config.server, former.id));
    await t.db.updateTable('users').set({ is_admin: false }).where('id', '=', former.id).execute();
    expect((await follow(token)).statusCode).toBe(403);
  });

  it.each([
    ['no token', {}],
    ['a token of the wrong shape', { token: 'short' }],
    ['a number', { token: 12345 }],
  ])('answers 400 for a body with %s', async (_name, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/link', payload });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 for a well-formed token it never issued', async () => {
    expect((await follow('A'.repeat(43))).statusCode).toBe(401);
  });

  it('writes a sign-in audit event naming the method', async () => {
    await follow(tokenOf(await issueSignInLink(t.db, t.config.server, admin.id)));
    const events = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.sign_in')
      .where('actor_user_id', '=', admin.id)
      .execute();
    expect(events.some((e) => e.details.method === 'link' && e.entity === 'user' && e.entity_id === String(admin.id))).toBe(true);
  });

  it('ends the session on logout', async () => {
    const signedIn = await follow(tokenOf(await issueSignInLink(t.db, t.config.server, admin.id)));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: cookieHeader(signedIn) } });
    expect(res.statusCode).toBe(200);
    const cleared = res.cookies.find((c) => c.name === 'session');
    expect(cleared?.value).toBe('');
    expect(cookieHeader(res)).toBe('');
  });
});

describe.each(HTTP_ONLY_KINDS)('sign-in links without PUBLIC_URL on %s', (kind) => {
  const t = useTestApp(kind, { env: { PORT: '4321' } });

  it('points at the local server', async () => {
    const admin = await createAdmin(t.db, 5101);
    expect(await issueSignInLink(t.db, t.config.server, admin.id)).toMatch(/^http:\/\/localhost:4321\/auth\/link#token=/);
  });
});
