import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Stores a sign-in token's hash; the database clock decides both issue and expiry, so app servers with skewed clocks agree. */
export async function insertSignInToken(db: Db, userId: number, tokenHash: string, ttlMinutes: number): Promise<void> {
  await db
    .insertInto('login_tokens')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: sql<Date>`now() + make_interval(mins => ${ttlMinutes})` })
    .execute();
}

/**
 * Marks the token used and answers its user, or undefined when it is unknown, used or expired.
 * One UPDATE does check and consume together, so two concurrent posts cannot both succeed.
 */
export async function consumeSignInTokenHash(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .updateTable('login_tokens')
    .set({ used_at: sql`now()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
