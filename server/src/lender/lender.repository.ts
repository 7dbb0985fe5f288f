import { sql } from 'kysely';
import type { LenderDelivery } from '../../../domain/contracts/applications.ts';
import type { Db } from '../db/database.ts';

/** The outbox consumer that hands submissions to the lender; its deliveries are stored under this name. */
export const LENDER_CONSUMER = 'lender';

const submittedEventOf = (db: Db, applicationId: number) =>
  db
    .selectFrom('outbox_events')
    .select('id')
    .where('kind', '=', 'application.submitted')
    .where(sql<number>`(payload->>'applicationId')::integer`, '=', applicationId);

/** How the application's hand-off to the lender stands; the latest delivery when there are several. */
export async function findLenderDelivery(db: Db, applicationId: number): Promise<LenderDelivery> {
  const row = await db
    .selectFrom('outbox_deliveries')
    .select(['attempts', 'next_attempt_at', 'delivered_at', 'failed_at', 'last_error'])
    .where('consumer', '=', LENDER_CONSUMER)
    .where('event_id', 'in', submittedEventOf(db, applicationId))
    .orderBy('event_id', 'desc')
    .executeTakeFirst();
  if (!row) {
    const subscribed = await db
      .selectFrom('outbox_subscriptions')
      .select('consumer')
      .where('consumer', '=', LENDER_CONSUMER)
      .where('kind', '=', 'application.submitted')
      .executeTakeFirst();
    return { state: subscribed ? 'not_sent' : 'not_configured' };
  }
  const { attempts, last_error: lastError } = row;
  if (row.delivered_at) return { state: 'sent', attempts, at: row.delivered_at.toISOString() };
  if (row.failed_at) return { state: 'failed', attempts, lastError, at: row.failed_at.toISOString() };
  if (attempts === 0) return { state: 'queued' };
  return { state: 'retrying', attempts, lastError, nextAttemptAt: row.next_attempt_at.toISOString() };
}

export type ResendOutcome = 'due_now' | 'in_progress' | 'never_submitted';

/**
 * Makes the application's hand-off due now: a sent or failed delivery starts over (its attempts
 * too, so the retry schedule restarts), a queued one is moved forward, and an application submitted
 * before the lender was set up gets its delivery. A delivery being retried is left alone: it may be
 * in flight right now, and moving it would send it twice at once.
 */
export async function resendLenderDelivery(db: Db, applicationId: number): Promise<ResendOutcome> {
  const event = await submittedEventOf(db, applicationId).orderBy('id', 'desc').executeTakeFirst();
  if (!event) return 'never_submitted';
  const row = await db
    .selectFrom('outbox_deliveries')
    .select(['attempts', 'delivered_at', 'failed_at'])
    .where('event_id', '=', event.id)
    .where('consumer', '=', LENDER_CONSUMER)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    await db.insertInto('outbox_deliveries').values({ event_id: event.id, consumer: LENDER_CONSUMER }).execute();
    return 'due_now';
  }
  if (row.delivered_at === null && row.failed_at === null && row.attempts > 0) return 'in_progress';
  await db
    .updateTable('outbox_deliveries')
    .set({ attempts: 0, next_attempt_at: sql<Date>`now()`, delivered_at: null, failed_at: null, last_error: null })
    .where('event_id', '=', event.id)
    .where('consumer', '=', LENDER_CONSUMER)
    .execute();
  return 'due_now';
}

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
