import { createHash, randomBytes } from 'node:crypto';
import { appOrigin } from '../../../domain/app-origin.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { findUserById } from '../users/users.repository.ts';
import { consumeSignInTokenHash, insertSignInToken } from './sign-in-links.repository.ts';

/** Ten minutes: long enough to switch from Telegram to a browser, short enough to be useless when leaked later. */
export const SIGN_IN_LINK_TTL_MINUTES = 10;
/** 32 random bytes = 256 bits, base64url without padding. */
export const SIGN_IN_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A one-time staff sign-in link for the bot's /login command. Only the hash is stored. The token
 * travels in the fragment, which browsers never send to a server or a link-preview fetcher; the
 * landing page POSTs it to /api/auth/link (docs/product/staff-dashboard.md#staff-sign-in: a GET never consumes it).
 */
export async function issueSignInLink(db: Db, server: Pick<Config['server'], 'publicUrl' | 'port'>, userId: number): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user || user.kind !== 'telegram' || !user.is_admin) throw new HttpError('forbidden', 'Sign-in links are for staff (admins) only.');
  const token = randomBytes(32).toString('base64url');
  await insertSignInToken(db, userId, hashToken(token), SIGN_IN_LINK_TTL_MINUTES);
  return `${appOrigin(server)}/auth/link#token=${token}`;
}

/** The token's user, once: unknown, used or expired tokens answer undefined. */
export async function consumeSignInToken(db: Db, token: string): Promise<number | undefined> {
  return consumeSignInTokenHash(db, hashToken(token));
}
