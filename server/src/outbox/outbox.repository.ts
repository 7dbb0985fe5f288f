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
