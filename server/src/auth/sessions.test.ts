import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS, HTTP_ONLY_KINDS } from '../../test/database.ts';
import { cookieHeader, createTelegramUser, sessionCookie, signWidgetLogin } from '../../test/identity.ts';
import { recordingStream } from '../../test/log-lines.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type { MeAnswer, SignInAnswer, UserListItem } from '../../../domain/contracts/users.ts';

describe.each(DATABASE_KINDS)('Telegram Login Widget sign-in on %s', (kind) => {
  const t = useTestApp(kind);
  const widget = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/telegram-widget', payload });

  it('signs in an admin with verified widget data and saves their profile', async () => {
    await createTelegramUser(t.db, 6001, { is_admin: true, first_name: 'Old' });
    const res = await widget(signWidgetLogin({ id: 6001, first_name: 'Wes', username: 'wes' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, user: { first_name: 'Wes', username: 'wes', telegramId: 6001 } });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(res) } });
    expect(me.json()).toMatchObject({ via: 'session', user: { telegramId: 6001 } });
  });

  it('refuses a staff session to a Telegram user who is not an admin, and sets no cookie', async () => {
    await createTelegramUser(t.db, 6009);
    const res = await widget(signWidgetLogin({ id: 6009, first_name: 'Cus' }));
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.message).toMatch(/admins only/);
    expect(res.cookies.filter((c) => c.name === 'session' && c.value !== '')).toEqual([]);
  });

  it('refuses a staff session to someone we have never seen', async () => {
    const res = await widget(signWidgetLogin({ id: 6010 }));
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('users').select('id').where('telegram_id', '=', 6010).executeTakeFirst()).toBeUndefined();
  });

  it('refuses widget data dated more than a minute ahead of our clock', async () => {
    await createTelegramUser(t.db, 6011, { is_admin: true });
    const res = await widget(signWidgetLogin({ id: 6011, auth_date: Math.floor(Date.now() / 1000) + 3600 }));
    expect(res.statusCode).toBe(401);
  });

  it.each(['first_name', 'last_name', 'username', 'photo_url'] as const)('answers 400 naming %s when it holds a NUL', async (field) => {
    await createTelegramUser(t.db, 6012, { is_admin: true });
    const res = await widget(signWidgetLogin({ id: 6012, [field]: 'a\u0000b' }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual([field]);
  });

  it('sends an admin to the dashboard after widget sign-in', async () => {
    await createTelegramUser(t.db, 6002, { is_admin: true });
    const res = await widget(signWidgetLogin({ id: 6002, first_name: 'Ida' }));
    expect(res.json()).toMatchObject({ redirect: '/dashboard', user: { is_admin: true } });
  });

  it('accepts numbers sent as text, as the login button sends them in its URL', async () => {
    await createTelegramUser(t.db, 6003, { is_admin: true });
    const signed = signWidgetLogin({ id: 6003, first_name: 'Tex' });
    const res = await widget(Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)])));
    expect(res.statusCode).toBe(200);
  });

  it('refuses widget data with a field changed after signing', async () => {
    const res = await widget({ ...signWidgetLogin({ id: 6004, first_name: 'Eve' }), id: 6999 });
    expect(res.statusCode).toBe(401);
  });

  it("refuses widget data signed with another bot's token", async () => {
    const res = await widget(signWidgetLogin({ id: 6005 }, '987654321:ANOTHER-bot-token-that-signed-this-0000'));
    expect(res.statusCode).toBe(401);
  });

  it('refuses mini-app style signatures, which use a different secret', async () => {
    const { createHmac } = await import('node:crypto');
    const data = { auth_date: Math.floor(Date.now() / 1000), id: 6006 };
    const secret = createHmac('sha256', 'WebAppData').update(t.config.bot.token!).digest();
    const hash = createHmac('sha256', secret).update(`auth_date=${data.auth_date}\nid=${data.id}`).digest('hex');
    expect((await widget({ ...data, hash })).statusCode).toBe(401);
  });

  it.each([
    ['no hash', { id: 1, auth_date: 1 }],
    ['an array', [1, 2]],
    ['a nested object', { id: 1, auth_date: 1, hash: 'a', user: { id: 2 } }],
  ])('answers 400 for a body with %s', async (_name, payload) => {
    expect((await widget(payload as Record<string, unknown>)).statusCode).toBe(400);
  });

  it('writes a sign-in audit event for the widget', async () => {
    await createTelegramUser(t.db, 6008, { is_admin: true });
    const res = await widget(signWidgetLogin({ id: 6008 }));
    const userId = res.json<SignInAnswer>().user.id;
    const event = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.sign_in')
      .where('actor_user_id', '=', userId)
      .executeTakeFirst();
    expect(event?.details).toEqual({ method: 'widget' });
  });
});

describe.each(DATABASE_KINDS)('session cookies on %s', (kind) => {
  const t = useTestApp(kind);
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  it('ignores a session cookie whose signature was tampered with', async () => {
    const user = await createTelegramUser(t.db, 6101);
    const cookie = await sessionCookie(t.app, user.id);
    expect((await me(cookie)).json<MeAnswer>().via).toBe('session');
    const forged = cookie.replace(
      /\.([^.]+)$/,
      (_match, signature: string) => `.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
    );
    expect((await me(forged)).json<MeAnswer>().via).toBeNull();
  });

  it('ignores a correctly signed cookie that names a user without a session (the format before server-side sessions)', async () => {
    const user = await createTelegramUser(t.db, 6102);
    const stateless = `session=${t.app.signCookie(`s1.${user.id}.${Math.floor(Date.now() / 1000) + 3600}`)}`;
    const res = await me(stateless);
    expect(res.json<MeAnswer>().via).toBeNull();
    expect(res.cookies.find((c) => c.name === 'session')?.value).toBe('');
  });

  it('ignores an unsigned cookie that merely names a user', async () => {
    const user = await createTelegramUser(t.db, 6103);
    expect((await me(`session=s1.${user.id}.9999999999`)).json<MeAnswer>().via).toBeNull();
  });
});

describe.each(DATABASE_KINDS)('development sign-in on %s', (kind) => {
  describe('with NODE_ENV=development and DEV_LOGIN=1', () => {
    const t = useTestApp(kind, { env: { NODE_ENV: 'development', DEV_LOGIN: '1' } });

    it('signs in any Telegram id, as an admin when asked', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { telegramId: 6201, isAdmin: true } });
      expect(res.statusCode, res.body).toBe(200);
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(res) } });
      expect(me.json()).toMatchObject({ via: 'session', isAdmin: true, user: { telegramId: 6201 } });
    });

    it('writes a sign-in audit event for the development sign-in', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { telegramId: 6202 } });
      const event = await t.db
        .selectFrom('audit_events')
        .selectAll()
        .where('actor_user_id', '=', res.json<SignInAnswer>().user.id)
        .executeTakeFirst();
      expect(event).toMatchObject({ action: 'auth.sign_in', details: { method: 'dev' } });
    });

    it('gives a new development user the name it was asked for, so histories name them', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/dev-login',
        payload: { telegramId: 6205, isAdmin: true, firstName: 'Dev' },
      });
      expect(res.json<SignInAnswer>().user).toMatchObject({ first_name: 'Dev', telegramId: 6205 });
    });

    it('shows the development user in the staff users list with when it registered and was last active', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { telegramId: 6206, isAdmin: true } });
      const { id } = res.json<SignInAnswer>().user;
      const list = await t.app.inject({ method: 'GET', url: '/api/users?is_admin=true&limit=100', headers: { cookie: cookieHeader(res) } });
      expect(list.statusCode, list.body).toBe(200);
      const row = list.json<Paged<UserListItem>>().items.find((item) => item.id === id);
      expect(row).toBeDefined();
      expect(row!.registered_at).not.toBeNull();
      expect(row!.last_active_at).not.toBeNull();
    });

    it('answers 400 for a Telegram id that is not a positive whole number', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { telegramId: -5 } });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('at start', () => {
    const { stream, lines } = recordingStream();
    useTestApp(kind, { env: { NODE_ENV: 'development', DEV_LOGIN: '1' }, logger: { level: 'info', stream } });

    it('says that the development sign-in is on', () => {
      expect(lines.join('')).toMatch(/Development sign-in is on \(DEV_LOGIN=1\)/);
    });
  });

  describe('under production settings', () => {
    const t = useTestApp(kind, { env: { NODE_ENV: 'production' } });

    it('does not exist', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { telegramId: 6203, isAdmin: true } });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('under development without DEV_LOGIN', () => {
    const t = useTestApp(kind, { env: { NODE_ENV: 'development' } });

    it('does not exist', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/dev-login', payload: { telegramId: 6204, isAdmin: true } });
      expect(res.statusCode).toBe(404);
    });
  });
});

describe.each(HTTP_ONLY_KINDS)('cookies under production settings on %s', (kind) => {
  const t = useTestApp(kind, { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://cars.example.com' }, seed: { cars: 1 } });

  it('marks the session cookie Secure and host-only (__Host- prefix)', async () => {
    await createTelegramUser(t.db, 6301, { is_admin: true });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/telegram-widget', payload: signWidgetLogin({ id: 6301 }) });
    expect(res.cookies.find((c) => c.name === '__Host-session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(res) } });
    expect(me.json<MeAnswer>().via).toBe('session');
  });

  it('marks the guest cookie Secure and host-only (__Host- prefix)', async () => {
    const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'POST', url: '/api/viewed-cars', payload: { carUuid: car.uuid } });
    expect(res.cookies.find((c) => c.name === '__Host-guest')).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
