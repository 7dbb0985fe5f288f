import { createHash, createHmac } from 'node:crypto';
import { sign } from '@telegram-apps/init-data-node';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/database.ts';
import type { UserRow } from '../src/db/schema.ts';
import { hashSessionToken, openStaffSession } from '../src/auth/staff-sessions.service.ts';
import { markSessionVerified, type SignInMethod } from '../src/auth/staff-sessions.repository.ts';
import { TEST_BOT_TOKEN } from './app.ts';

/** A Telegram user as it appears inside init data (snake_case, as Telegram sends it). */
export interface TestTelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  photo_url?: string;
}

export interface SignOptions {
  /** When Telegram signed it; now by default. */
  authDate?: Date;
  /** Another bot's token makes a signature our server must refuse. */
  token?: string;
}

/** Real init data, signed exactly as Telegram signs it, with TEST_BOT_TOKEN unless told otherwise. */
export function signInitData(user: TestTelegramUser, { authDate = new Date(), token = TEST_BOT_TOKEN }: SignOptions = {}): string {
  return sign({ user: { first_name: 'Test', ...user }, query_id: `AAH${user.id}` }, token, authDate);
}

export const tmaHeaders = (user: TestTelegramUser, options?: SignOptions) => ({ authorization: `tma ${signInitData(user, options)}` });

/**
 * Injects a request as someone: a Telegram user (signed init data), a cookie string (session or
 * guest, from sessionCookie/createGuest), or nobody (null).
 */
export function injectAs(app: FastifyInstance, who: TestTelegramUser | { cookie: string } | null, request: InjectOptions) {
  const identity = who === null ? {} : 'cookie' in who ? { cookie: who.cookie } : tmaHeaders(who);
  return app.inject({ ...request, headers: { ...identity, ...request.headers } });
}

export interface SessionOptions {
  /** How the session was signed in; the one-time link by default. */
  method?: SignInMethod;
  /** A passkey was confirmed in it, as POST /api/auth/passkeys/authentication records. */
  passkeyVerified?: boolean;
}

/** A live staff session for the user, and its cookie as /api/auth/link would set it. */
export async function sessionCookie(
  app: FastifyInstance,
  userId: number,
  { method = 'link', passkeyVerified = false }: SessionOptions = {},
): Promise<string> {
  const token = await openStaffSession(app.db, userId, method, null);
  if (passkeyVerified) await markSessionVerified(app.db, hashSessionToken(token));
  return `session=${app.signCookie(`s2.${token}`)}`;
}

/** A Telegram user row, admin or not, created or updated directly in the database. */
export async function createTelegramUser(
  db: Db,
  telegramId: number,
  overrides: Partial<Omit<UserRow, 'id' | 'kind'>> = {},
): Promise<UserRow> {
  const values = {
    telegram_id: telegramId,
    kind: 'telegram' as const,
    first_name: 'Test',
    ...overrides,
    registered_at: overrides.registered_at ?? null,
  };
  return db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.column('telegram_id').doUpdateSet({ ...values }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export const createAdmin = (db: Db, telegramId: number) => createTelegramUser(db, telegramId, { is_admin: true });

/** A web guest as the browser gets one: through the API. Answers its id and its cookie. */
export async function createGuest(app: FastifyInstance, carUuid: string): Promise<{ userId: number; cookie: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/viewed-cars', payload: { carUuid } });
  if (response.statusCode !== 200) throw new Error(`createGuest: ${response.statusCode} ${response.body}`);
  const cookie = cookieHeader(response);
  const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return { userId: me.json<{ user: { id: number } }>().user.id, cookie };
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies
    .filter((c) => c.value !== '' && (c.maxAge === undefined || c.maxAge > 0))
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

/** The auth_date of every payload signed so far, per account. */
const widgetAuthDates = new Map<number, Set<number>>();

/**
 * Login Widget data signed as Telegram signs it: secret = SHA-256(bot token), HMAC over sorted k=v lines.
 * Each call is a new sign-in, as each press of Telegram's button is: a payload works once, so when the
 * same account signs in twice within a second, the second is dated a second earlier rather than repeated.
 * An auth_date given in `fields` is used as it is.
 */
export function signWidgetLogin(
  fields: { id: number; auth_date?: number; first_name?: string; last_name?: string; username?: string; photo_url?: string },
  token = TEST_BOT_TOKEN,
): Record<string, string | number> {
  const used = widgetAuthDates.get(fields.id) ?? new Set<number>();
  widgetAuthDates.set(fields.id, used);
  let authDate = Math.floor(Date.now() / 1000);
  while (used.has(authDate)) authDate -= 1;
  used.add(authDate);
  const data: Record<string, string | number> = { auth_date: authDate, ...fields };
  const checkString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(checkString).digest('hex');
  return { ...data, hash };
}
