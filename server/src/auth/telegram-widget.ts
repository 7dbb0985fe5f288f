import { createHash, createHmac } from 'node:crypto';
import * as v from 'valibot';
import { withoutControlCharacters } from '../../../domain/text.ts';
import type { Db } from '../db/database.ts';
import { telegramIdSchema, type TelegramProfile } from '../users/telegram-profile.schema.ts';
import { CLOCK_SKEW_SECONDS } from './init-data.ts';
import { claimWidgetLogin } from './widget-logins.repository.ts';
import { sameSecret } from '../security/same-secret.ts';

/**
 * Telegram Login Widget and the bot's login button (login_url) sign differently from mini-app
 * init data: the secret is SHA-256 of the bot token, not an HMAC with "WebAppData". Never reuse
 * one verifier for the other.
 */

/**
 * A widget payload signs a staff member in for a few minutes after Telegram made it, and once: one
 * copied from a browser's history, a proxy log or a shoulder cannot be replayed later.
 */
export const WIDGET_LOGIN_MAX_AGE_SECONDS = 5 * 60;

export type WidgetProblem = 'bad_signature' | 'expired' | 'malformed' | 'replayed';

export class WidgetLoginError extends Error {
  constructor(
    readonly problem: WidgetProblem,
    message: string,
  ) {
    super(message);
    this.name = 'WidgetLoginError';
  }
}

const value = v.union(
  [
    v.pipe(v.string(), v.maxLength(2048), withoutControlCharacters('must not contain control characters')),
    v.pipe(v.number(), v.safeInteger()),
  ],
  'must be text without control characters, or a whole number',
);

/** Widget data as posted by our page: Telegram's fields, unchanged. Other keys are signed too, so they are kept. */
export const widgetLoginSchema = v.pipe(
  v.record(v.pipe(v.string(), v.regex(/^[a-z_]{1,32}$/)), value),
  v.check((data) => Object.keys(data).length <= 16, 'too many fields'),
  v.check((data) => 'id' in data && 'auth_date' in data && 'hash' in data, 'id, auth_date and hash are required'),
);
export type WidgetLoginData = v.InferOutput<typeof widgetLoginSchema>;

function verifyWidgetLogin(data: WidgetLoginData, botToken: string, now: Date): TelegramProfile {
  const hash = String(data.hash ?? '');
  const checkString = Object.keys(data)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${String(data[key])}`)
    .join('\n');
  const secret = createHash('sha256').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(checkString).digest();
  const given = Buffer.from(/^[0-9a-f]{64}$/.test(hash) ? hash : '', 'hex');
  if (!sameSecret(given, expected)) {
    throw new WidgetLoginError('bad_signature', 'The Telegram sign-in data is not signed by our bot.');
  }

  const authDate = Number(data.auth_date);
  const id = Number(data.id);
  if (!Number.isSafeInteger(authDate) || !v.is(telegramIdSchema, id))
    throw new WidgetLoginError('malformed', 'The Telegram sign-in data is incomplete.');
  const age = now.getTime() / 1000 - authDate;
  if (age > WIDGET_LOGIN_MAX_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS) {
    throw new WidgetLoginError('expired', 'The Telegram sign-in has expired (it works for 5 minutes); sign in with Telegram again.');
  }

  const text = (key: string) => (typeof data[key] === 'string' && data[key] !== '' ? data[key] : null);
  return {
    id,
    firstName: text('first_name'),
    lastName: text('last_name'),
    username: text('username'),
    photoUrl: text('photo_url'),
    languageCode: text('language_code'),
  };
}

/**
 * The profile of a genuine, fresh widget payload, which is spent by this call: the same payload again
 * is refused as replayed, even when both arrive at once. Its record is kept until the payload would be
 * too old anyway (plus the clock skew allowed, so a database clock a little ahead cannot forget it early).
 */
export async function acceptWidgetLogin(db: Db, data: WidgetLoginData, botToken: string, now = new Date()): Promise<TelegramProfile> {
  const profile = verifyWidgetLogin(data, botToken, now);
  const expiresAt = new Date((Number(data.auth_date) + WIDGET_LOGIN_MAX_AGE_SECONDS + CLOCK_SKEW_SECONDS) * 1000);
  if (!(await claimWidgetLogin(db, String(data.hash), expiresAt))) {
    throw new WidgetLoginError('replayed', 'This Telegram sign-in was already used; sign in with Telegram again.');
  }
  return profile;
}
