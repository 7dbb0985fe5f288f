import { isAuthDateInvalidError, signData, validate } from '@telegram-apps/init-data-node';
import * as v from 'valibot';
import { initDataUserSchema, profileFromTelegramUser, type TelegramProfile } from '../users/telegram-profile.schema.ts';
import { sameSecret } from '../security/same-secret.ts';

export type InitDataProblem = 'malformed' | 'missing_hash' | 'bad_signature' | 'expired' | 'from_the_future' | 'no_user' | 'invalid_user';

export class InitDataError extends Error {
  constructor(
    readonly problem: InitDataProblem,
    message: string,
    /** For invalid_user: which fields of the signed user are unusable, and why. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'InitDataError';
  }
}

/** Clocks drift; more than this ahead of ours is a forged or replay-prepared date. */
export const CLOCK_SKEW_SECONDS = 60;

/** Far above real init data (about 1 KB), low enough that parsing junk costs nothing. */
const MAX_INIT_DATA_LENGTH = 8192;
const HEX_HASH = /^[0-9a-f]{64}$/;

/**
 * Verifies mini-app init data (Telegram's server-side verification of init data) and returns the user
 * it speaks for. The HMAC is compared in constant time first; only then does the library's
 * `validate` check auth_date, so its plain string comparison learns nothing new.
 */
export function verifyInitData(raw: string, botToken: string, maxAgeSeconds: number, now = new Date()): TelegramProfile {
  if (raw.length === 0 || raw.length > MAX_INIT_DATA_LENGTH) throw new InitDataError('malformed', 'The init data is empty or too long.');
  const params = new URLSearchParams(raw);
  const hash = params.get('hash');
  if (!hash) throw new InitDataError('missing_hash', 'The init data carries no hash.');

  const pairs: string[] = [];
  params.forEach((value, key) => {
    if (key !== 'hash') pairs.push(`${key}=${value}`);
  });
  pairs.sort();
  const expected = Buffer.from(signData(pairs.join('\n'), botToken), 'hex');
  const given = Buffer.from(HEX_HASH.test(hash) ? hash : '', 'hex');
  if (!sameSecret(given, expected)) {
    throw new InitDataError('bad_signature', 'The init data signature does not match.');
  }

  try {
    // Age is checked below, against both bounds and the same clock.
    validate(params, botToken, { expiresIn: 0 });
  } catch (error) {
    if (isAuthDateInvalidError(error)) throw new InitDataError('malformed', 'The init data has no valid auth_date.');
    throw new InitDataError('bad_signature', 'The init data signature does not match.');
  }

  const age = now.getTime() / 1000 - Number(params.get('auth_date'));
  if (age > maxAgeSeconds) throw new InitDataError('expired', 'The init data has expired; reopen the app.');
  // A date far ahead would otherwise stay valid for years.
  if (age < -CLOCK_SKEW_SECONDS)
    throw new InitDataError('from_the_future', 'The init data is dated in the future; check the device clock and reopen the app.');

  const userJson = params.get('user');
  if (!userJson) throw new InitDataError('no_user', 'The init data names no user.');
  let user: unknown;
  try {
    user = JSON.parse(userJson);
  } catch {
    throw new InitDataError('malformed', 'The init data user is not valid JSON.');
  }
  const parsed = v.safeParse(initDataUserSchema, user);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.issues.map((issue) => [`user.${v.getDotPath(issue) ?? 'id'}`, issue.message]));
    throw new InitDataError('invalid_user', 'The Telegram profile in the init data cannot be used.', fields);
  }
  return profileFromTelegramUser(parsed.output);
}
