import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Remembers the signature of a lender callback; false when it was seen before (a replay). Prunes
 * those older than ten minutes first: their timestamps are refused anyway (migration 0017).
 */
export async function rememberCallbackSignature(db: Db, signature: string): Promise<boolean> {
  await db
    .deleteFrom('lender_callback_signatures')
    .where('received_at', '<', sql<Date>`now() - interval '10 minutes'`)
    .execute();
  const inserted = await db
    .insertInto('lender_callback_signatures')
    .values({ signature })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return inserted !== undefined;
}
