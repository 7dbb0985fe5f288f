import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { cookieHeader, createTelegramUser, signWidgetLogin } from '../../test/identity.ts';
import { WIDGET_LOGIN_MAX_AGE_SECONDS } from './telegram-widget.ts';

describe.each(DATABASE_KINDS)('a Telegram Login Widget payload works for 5 minutes, once, on %s', (kind) => {
  const t = useTestApp(kind);
  const widget = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/telegram-widget', payload });
  const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;
  const sessionCookies = (res: Awaited<ReturnType<typeof widget>>) =>
    res.cookies.filter((c) => c.name.endsWith('session') && c.value !== '');

  it('signs in with a payload Telegram made 4 minutes ago', async () => {
    await createTelegramUser(t.db, 6401, { is_admin: true });
    const res = await widget(signWidgetLogin({ id: 6401, auth_date: secondsAgo(4 * 60) }));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a payload made more than 5 minutes ago, saying to sign in again', async () => {
    await createTelegramUser(t.db, 6402, { is_admin: true });
    const res = await widget(signWidgetLogin({ id: 6402, auth_date: secondsAgo(WIDGET_LOGIN_MAX_AGE_SECONDS + 1) }));
    expect(res.statusCode).toBe(401);
    const { error } = res.json<ErrorBody>();
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/expired.*sign in with Telegram again/);
    expect(sessionCookies(res)).toEqual([]);
  });

  it('refuses the same payload the second time, and the first session stays signed in', async () => {
    await createTelegramUser(t.db, 6403, { is_admin: true });
    const payload = signWidgetLogin({ id: 6403, first_name: 'Rae' });
    const first = await widget(payload);
    expect(first.statusCode, first.body).toBe(200);
    const replay = await widget(payload);
    expect(replay.statusCode).toBe(401);
    const { error } = replay.json<ErrorBody>();
    expect(error.code).toBe('unauthorized');
    expect(error.message).toMatch(/already used/);
    expect(sessionCookies(replay)).toEqual([]);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(first) } });
    expect(me.json()).toMatchObject({ via: 'session', user: { telegramId: 6403 } });
  });

  it('refuses the same payload sent again with its numbers as text', async () => {
    await createTelegramUser(t.db, 6404, { is_admin: true });
    const payload = signWidgetLogin({ id: 6404 });
    expect((await widget(payload)).statusCode).toBe(200);
    expect((await widget(Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])))).statusCode).toBe(401);
  });

  it('lets one of two simultaneous uses of a payload through and refuses the other', async () => {
    await createTelegramUser(t.db, 6405, { is_admin: true });
    const payload = signWidgetLogin({ id: 6405 });
    const answers = await Promise.all([widget(payload), widget(payload), widget(payload)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 401, 401]);
  });

  it('keeps a new payload of the same account working after an earlier one was used', async () => {
    await createTelegramUser(t.db, 6406, { is_admin: true });
    expect((await widget(signWidgetLogin({ id: 6406 }))).statusCode).toBe(200);
    expect((await widget(signWidgetLogin({ id: 6406 }))).statusCode).toBe(200);
  });

  it('forgets used payloads once they are too old to be accepted anyway', async () => {
    await createTelegramUser(t.db, 6407, { is_admin: true });
    const stale = 'a'.repeat(64);
    await t.db
      .insertInto('used_widget_logins')
      .values({ hash: stale, expires_at: sql<Date>`now() - interval '1 second'` })
      .execute();
    expect((await widget(signWidgetLogin({ id: 6407 }))).statusCode).toBe(200);
    const left = await t.db.selectFrom('used_widget_logins').select('hash').where('hash', '=', stale).executeTakeFirst();
    expect(left).toBeUndefined();
  });
});
