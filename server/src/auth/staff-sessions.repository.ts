import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { StaffSessionsTable, UserRow } from '../db/schema.ts';

/*
 * Staff session rows (migration 0009). Every date is the database's clock, so app servers with
 * skewed clocks agree on when a session ends.
 */

/** A session ends after this long without a request. */
export const SESSION_IDLE_MINUTES = 30;
/** last_seen_at is written at most this often, so that a busy session is not a write per request. */
const TOUCH_AFTER_SECONDS = 60;

export type SignInMethod = StaffSessionsTable['method'];
export type ChallengePurpose = NonNullable<StaffSessionsTable['challenge_purpose']>;

export interface LiveSession {
  user: UserRow;
  method: SignInMethod;
  createdAt: Date;
  passkeyVerified: boolean;
  /** last_seen_at is older than the touch interval. */
  stale: boolean;
}

const isLive = sql<boolean>`staff_sessions.expires_at > now() and staff_sessions.last_seen_at > now() - make_interval(mins => ${SESSION_IDLE_MINUTES})`;

export async function insertSession(db: Db, idHash: string, userId: number, method: SignInMethod, ttlSeconds: number): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({ id_hash: idHash, user_id: userId, method, expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
    .execute();
}

/** The session and its user, when the session is neither past its lifetime nor idle too long. */
export async function findLiveSession(db: Db, idHash: string): Promise<LiveSession | undefined> {
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('users', 'users.id', 'staff_sessions.user_id')
    .selectAll('users')
    .select([
      'staff_sessions.method as session_method',
      'staff_sessions.created_at as session_created_at',
      sql<boolean>`staff_sessions.passkey_verified_at is not null`.as('session_verified'),
      sql<boolean>`staff_sessions.last_seen_at < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`.as('session_stale'),
    ])
    .where('staff_sessions.id_hash', '=', idHash)
    .where(isLive)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_method, session_created_at, session_verified, session_stale, ...user } = row;
  return { user, method: session_method, createdAt: session_created_at, passkeyVerified: session_verified, stale: session_stale };
}

export async function touchSession(db: Db, idHash: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: sql`now()` })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function markSessionVerified(db: Db, idHash: string): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ passkey_verified_at: sql`now()` })
    .where('id_hash', '=', idHash)
    .execute();
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('id_hash', '=', idHash).execute();
}

/** Ends every session of a user; answers how many there were. */
export async function deleteUserSessions(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes sessions past their lifetime or idle too long, whoever they belong to. */
export async function deleteDeadSessions(db: Db): Promise<void> {
  await db
    .deleteFrom('staff_sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', sql<Date>`now()`),
        eb('last_seen_at', '<=', sql<Date>`now() - make_interval(mins => ${SESSION_IDLE_MINUTES})`),
      ]),
    )
    .execute();
}

/** Replaces the session's pending WebAuthn challenge (one at a time per session). */
export async function setChallenge(
  db: Db,
  idHash: string,
  purpose: ChallengePurpose,
  challenge: string,
  ttlSeconds: number,
): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ challenge, challenge_purpose: purpose, challenge_expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
    .where('id_hash', '=', idHash)
    .execute();
}

/**
 * Clears the session's challenge and answers it, when it is for this purpose and still fresh. The
 * conditions on the updated row make two concurrent takes of one challenge give it to one only.
 */
export async function takeChallenge(db: Db, idHash: string, purpose: ChallengePurpose): Promise<string | undefined> {
  const { rows } = await sql<{ challenge: string }>`
    update staff_sessions as s set challenge = null, challenge_purpose = null, challenge_expires_at = null
    from staff_sessions as before
    where s.id_hash = ${idHash} and before.id_hash = s.id_hash
      and s.challenge is not null and s.challenge_purpose = ${purpose} and s.challenge_expires_at > now()
    returning before.challenge`.execute(db);
  return rows[0]?.challenge;
}
