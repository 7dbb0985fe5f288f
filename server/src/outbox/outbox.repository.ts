import { sql } from 'kysely';
import type { ApplicationStatus } from '../../../domain/enums.ts';
import type { Db } from '../db/database.ts';

/**
 * What each outbox event carries: ids and statuses, never personal data (migration 0005). The bot
 * looks up what it needs when it delivers, and a notification says only that something happened.
 */
export interface OutboxPayloads {
  'application.submitted': { applicationId: number; userId: number };
  'application.status_changed': { applicationId: number; userId: number; from: ApplicationStatus; to: ApplicationStatus };
}

export type OutboxKind = keyof OutboxPayloads;

/** Writes an event for the bot to deliver; pass the transaction of the change it reports, so both land or neither. */
export async function enqueueOutboxEvent<K extends OutboxKind>(db: Db, kind: K, payload: OutboxPayloads[K]): Promise<void> {
  await db.insertInto('outbox_events').values({ kind, payload: JSON.stringify(payload) }).execute();
}

/** An event as a worker holds it while delivering. */
export type ClaimedOutboxEvent = {
  [K in OutboxKind]: { id: number; kind: K; payload: OutboxPayloads[K]; attempts: number };
}[OutboxKind];

/**
 * Claims up to `limit` due events for one worker. The rows are picked with `for update skip
 * locked`, so workers claiming at the same instant (other instances included) get different
 * events, and each claimed event is leased: its next attempt moves `leaseSeconds` ahead, so no
 * other worker takes it while this one delivers, and a worker that dies mid-delivery only delays
 * it. `attempts` counts this attempt.
 */
export async function claimDueOutboxEvents(db: Db, limit: number, leaseSeconds: number): Promise<ClaimedOutboxEvent[]> {
  const rows = await db
    .updateTable('outbox_events')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
    }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox_events')
        .select('id')
        .where('delivered_at', 'is', null)
        .where('failed_at', 'is', null)
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'payload', 'attempts'])
    .execute();
  return rows.sort((a, b) => a.id - b.id).map((row) => row as ClaimedOutboxEvent);
}

export async function markOutboxDelivered(db: Db, id: number): Promise<void> {
  await db.updateTable('outbox_events').set({ delivered_at: sql`now()`, last_error: null }).where('id', '=', id).execute();
}

/** Another attempt after `delayMs`, keeping why this one failed. */
export async function retryOutboxEventLater(db: Db, id: number, delayMs: number, error: string): Promise<void> {
  await db
    .updateTable('outbox_events')
    .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`, last_error: error.slice(0, 500) })
    .where('id', '=', id)
    .execute();
}

/** Delivery given up: the event stays as a record of what was not sent, and why. */
export async function giveUpOutboxEvent(db: Db, id: number, error: string): Promise<void> {
  await db.updateTable('outbox_events').set({ failed_at: sql`now()`, last_error: error.slice(0, 500) }).where('id', '=', id).execute();
}
