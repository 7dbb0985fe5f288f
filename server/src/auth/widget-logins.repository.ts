import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Records a Login Widget payload as used, by its signature: true the first time, false for a replay.
 * One INSERT … ON CONFLICT DO NOTHING decides, so of two requests racing with the same payload exactly
 * one wins. Entries past their expiry go on the way; a payload that old is refused before it gets here.
 */
export async function claimWidgetLogin(db: Db, hash: string, expiresAt: Date): Promise<boolean> {
  await db
    .deleteFrom('used_widget_logins')
    .where('expires_at', '<', sql<Date>`now()`)
    .execute();
  const claimed = await db
    .insertInto('used_widget_logins')
    .values({ hash, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('hash').doNothing())
    .returning('hash')
    .executeTakeFirst();
  return claimed !== undefined;
}
