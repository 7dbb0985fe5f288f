import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { UserRow } from '../db/schema.ts';
import type { ViewerSession } from '../http/viewer.ts';
import { deleteUserPasskeys } from './passkeys.repository.ts';
import { SESSION_TTL_SECONDS } from './session-cookies.ts';
import {
  deleteDeadSessions,
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  touchSession,
  type SignInMethod,
} from './staff-sessions.repository.ts';

/**
 * Staff sessions on the plain web (docs/decisions/010-staff-sessions-and-passkeys.md): a random
 * 256-bit id in the cookie, its SHA-256 in the database. A session ends on sign-out, after 30
 * idle minutes, 12 hours after sign-in, or when its user is signed out everywhere or loses
 * admin rights.
 */

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Opens a new session and answers its id for the cookie. Every sign-in gets a new id, and the
 * session this browser presented before (if any) ends, so an id planted before sign-in is worth
 * nothing after it. Dead sessions of anyone are cleared on the way: the table holds at most the
 * sessions of the last 12 hours.
 */
export async function openStaffSession(db: Db, userId: number, method: SignInMethod, previousToken: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await deleteDeadSessions(trx);
    if (previousToken !== null) await deleteSession(trx, hashSessionToken(previousToken));
    await insertSession(trx, hashSessionToken(token), userId, method, SESSION_TTL_SECONDS);
  });
  return token;
}

/** The user and session behind a live session id; last_seen_at moves on at most once a minute. */
export async function resumeStaffSession(db: Db, token: string): Promise<{ user: UserRow; session: ViewerSession } | undefined> {
  const idHash = hashSessionToken(token);
  const live = await findLiveSession(db, idHash);
  if (!live) return undefined;
  if (live.stale) await touchSession(db, idHash);
  return { user: live.user, session: { idHash, method: live.method, createdAt: live.createdAt, passkeyVerified: live.passkeyVerified } };
}

export const endStaffSession = (db: Db, token: string) => deleteSession(db, hashSessionToken(token));

/** Ends every session of the user (sign out everywhere); answers how many. */
export const endAllStaffSessions = (db: Db, userId: number) => deleteUserSessions(db, userId);

/** Revoked admin rights: every session ends and every passkey is removed. Pass the transaction of the revoke. */
export async function endStaffAccess(db: Db, userId: number): Promise<void> {
  await deleteUserSessions(db, userId);
  await deleteUserPasskeys(db, userId);
}
