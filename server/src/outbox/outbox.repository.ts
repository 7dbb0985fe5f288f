import { sql } from 'kysely';
import type { OutboxEvent, OutboxKind, OutboxPayloads } from '../../../domain/contracts/outbox.ts';
import type { Db } from '../db/database.ts';

/**
 * Writes an event and, in the same statement, one delivery for each consumer subscribed to its
 * kind. Pass the transaction of the change it reports, so the change, the event and its deliveries
 * land together or not at all. `dueAt` schedules it (a visit's reminder): no worker takes it before.
 */
export async function enqueueOutboxEvent<K extends OutboxKind>(
  db: Db,
  kind: K,
  payload: OutboxPayloads[K],
  dueAt: Date | null = null,
): Promise<void> {
  await sql`
    with event as (insert into outbox_events (kind, payload) values (${kind}, ${JSON.stringify(payload)}::jsonb) returning id)
    insert into outbox_deliveries (event_id, consumer, next_attempt_at)
    select event.id, subscriptions.consumer, coalesce(${dueAt}::timestamptz, now())
    from event join outbox_subscriptions subscriptions on subscriptions.kind = ${kind}`.execute(db);
}

/** Many events of one kind at once (a stock file's new cars): two statements, not one per event. */
export async function enqueueOutboxEvents<K extends OutboxKind>(
  db: Db,
  kind: K,
  payloads: ReadonlyArray<OutboxPayloads[K]>,
): Promise<void> {
  if (payloads.length === 0) return;
  const events = await db
    .insertInto('outbox_events')
    .values(payloads.map((payload) => ({ kind, payload: JSON.stringify(payload) })))
    .returning('id')
    .execute();
  await sql`
    insert into outbox_deliveries (event_id, consumer)
    select event.id, subscriptions.consumer
    from unnest(${sql.val(events.map((event) => event.id))}::integer[]) as event(id)
    join outbox_subscriptions subscriptions on subscriptions.kind = ${kind}`.execute(db);
}

/** Subscribes a consumer to these kinds; events written from now on get a delivery for it. */
export async function subscribeConsumer(db: Db, consumer: string, kinds: readonly OutboxKind[]): Promise<void> {
  if (kinds.length === 0) return;
  await db
    .insertInto('outbox_subscriptions')
    .values(kinds.map((kind) => ({ consumer, kind })))
    .onConflict((oc) => oc.columns(['kind', 'consumer']).doNothing())
    .execute();
}

/** A delivery as a worker holds it: the event, for one consumer. */
export type ClaimedDelivery = OutboxEvent & { consumer: string };

/**
 * Claims up to `limit` due deliveries of these consumers for one worker. The rows are picked with
 * `for update skip locked`, so workers claiming at the same instant (other instances included) get
 * different deliveries, and each claimed one is leased: its next attempt moves `leaseSeconds`
 * ahead, so no other worker takes it while this one delivers, and a worker that dies mid-delivery
 * only delays it. `attempts` counts this attempt.
 */
export async function claimDueDeliveries(
  db: Db,
  consumers: readonly string[],
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedDelivery[]> {
  if (consumers.length === 0) return [];
  const { rows } = await sql<{ id: number; consumer: string; attempts: number; kind: OutboxKind; payload: OutboxPayloads[OutboxKind] }>`
    with due as (
      select event_id, consumer from outbox_deliveries
      where delivered_at is null and failed_at is null and next_attempt_at <= now() and consumer = any(${consumers}::text[])
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ), claimed as (
      update outbox_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
      from due where d.event_id = due.event_id and d.consumer = due.consumer
      returning d.event_id, d.consumer, d.attempts
    )
    select claimed.event_id as id, claimed.consumer, claimed.attempts, e.kind, e.payload
    from claimed join outbox_events e on e.id = claimed.event_id
    order by claimed.event_id, claimed.consumer`.execute(db);
  return rows as ClaimedDelivery[];
}

type DeliveryKey = { eventId: number; consumer: string };

const delivery = (db: Db, { eventId, consumer }: DeliveryKey) =>
  db.updateTable('outbox_deliveries').where('event_id', '=', eventId).where('consumer', '=', consumer);

export async function markDelivered(db: Db, key: DeliveryKey): Promise<void> {
  await delivery(db, key)
    .set({ delivered_at: sql`now()`, last_error: null })
    .execute();
}

/** Another attempt after `delayMs`, keeping why this one failed. */
export async function retryDeliveryLater(db: Db, key: DeliveryKey, delayMs: number, error: string): Promise<void> {
  await delivery(db, key)
    .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`, last_error: error.slice(0, 500) })
    .execute();
}

/** Delivery given up: the row stays as a record of what was not sent to that consumer, and why. */
export async function giveUpDelivery(db: Db, key: DeliveryKey, error: string): Promise<void> {
  await delivery(db, key)
    .set({ failed_at: sql`now()`, last_error: error.slice(0, 500) })
    .execute();
}

/** The events of `kind` about one application, newest last (their payloads name it). */
const eventsAboutApplication = (db: Db, kind: OutboxKind, applicationId: number) =>
  db
    .selectFrom('outbox_events')
    .select('id')
    .where('kind', '=', kind)
    .where(sql<number>`(payload->>'applicationId')::integer`, '=', applicationId);

/** The latest delivery to `consumer` of a `kind` event about the application, if there is one. */
export async function findApplicationDelivery(db: Db, consumer: string, kind: OutboxKind, applicationId: number) {
  return db
    .selectFrom('outbox_deliveries')
    .select(['attempts', 'next_attempt_at', 'delivered_at', 'failed_at', 'last_error'])
    .where('consumer', '=', consumer)
    .where('event_id', 'in', eventsAboutApplication(db, kind, applicationId))
    .orderBy('event_id', 'desc')
    .executeTakeFirst();
}

/** Whether events of `kind` written now get a delivery for `consumer`. */
export async function isSubscribed(db: Db, consumer: string, kind: OutboxKind): Promise<boolean> {
  const row = await db
    .selectFrom('outbox_subscriptions')
    .select('consumer')
    .where('consumer', '=', consumer)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row !== undefined;
}

export type RedeliveryOutcome = 'due_now' | 'in_progress' | 'no_event';

/**
 * Makes the delivery to `consumer` of the latest `kind` event about the application due now: a
 * delivered or given-up one starts over (its attempts too, so the retry schedule restarts), a
 * queued one is moved forward, and an event written before the consumer subscribed gets its
 * delivery. One being retried is left alone: it may be in flight right now, and moving it would
 * deliver it twice at once. Pass the transaction that records why.
 */
export async function redeliverApplicationEvent(
  db: Db,
  consumer: string,
  kind: OutboxKind,
  applicationId: number,
): Promise<RedeliveryOutcome> {
  const event = await eventsAboutApplication(db, kind, applicationId).orderBy('id', 'desc').executeTakeFirst();
  if (!event) return 'no_event';
  const row = await db
    .selectFrom('outbox_deliveries')
    .select(['attempts', 'delivered_at', 'failed_at'])
    .where('event_id', '=', event.id)
    .where('consumer', '=', consumer)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    await db.insertInto('outbox_deliveries').values({ event_id: event.id, consumer }).execute();
    return 'due_now';
  }
  if (row.delivered_at === null && row.failed_at === null && row.attempts > 0) return 'in_progress';
  await delivery(db, { eventId: event.id, consumer })
    .set({ attempts: 0, next_attempt_at: sql<Date>`now()`, delivered_at: null, failed_at: null, last_error: null })
    .execute();
  return 'due_now';
}
