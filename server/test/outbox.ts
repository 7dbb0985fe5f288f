import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

/**
 * Time passes for `consumer`: the retries the outbox has scheduled for its deliveries are due now.
 * Tests move the row's time rather than wait out a retry delay (the first is a whole second).
 */
export async function makeRetriesDue(db: Db, consumer: string): Promise<void> {
  await db
    .updateTable('outbox_deliveries')
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('consumer', '=', consumer)
    .where('delivered_at', 'is', null)
    .where('failed_at', 'is', null)
    .execute();
}
