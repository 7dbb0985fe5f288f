import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { appOrigin } from '../../../domain/app-origin.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { findUserById } from '../users/users.repository.ts';

/** Ten minutes: long enough to switch from Telegram to a browser, short enough to be useless when leaked later. */
export const SIGN_IN_LINK_TTL_MINUTES = 10;
/** 32 random bytes = 256 bits, base64url without padding. */
export const SIGN_IN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A one-time staff sign-in link for the bot's /login command. Only the hash is stored. The token
 * travels in the fragment, which browsers never send to a server or a link-preview fetcher; the
 * landing page POSTs it to /api/auth/link (a GET never consumes it: link previews and scanners fetch links too).
 */
export async function issueSignInLink(db: Db, config: Config, userId: number): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user || user.kind !== 'telegram' || !user.is_admin) throw new HttpError('forbidden', 'Sign-in links are for staff (admins) only.');
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('login_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      // The database clock decides both issue and expiry, so app servers with skewed clocks agree.
      expires_at: sql<Date>`now() + make_interval(mins => ${SIGN_IN_LINK_TTL_MINUTES})`,
    })
    .execute();
  return `${appOrigin(config)}/auth/link#token=${token}`;
}

/**
 * Marks the token used and answers its user, or undefined when it is unknown, used or expired.
 * One UPDATE does check and consume together, so two concurrent posts cannot both succeed.
 */
export async function consumeSignInToken(db: Db, token: string): Promise<number | undefined> {
  const row = await db
    .updateTable('login_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
