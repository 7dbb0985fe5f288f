import { type Kysely, sql } from 'kysely';

/*
 * The outbox with more than one consumer (decision 017). An event is still written once, in the
 * transaction of the change it reports; its delivery state moves to one row per consumer, so a
 * consumer that fails backs off and gives up on its own while the others deliver.
 *
 * outbox_subscriptions: which consumer takes which kind. Written by the outbox worker when a
 * consumer registers; the statement that writes an event adds a delivery for each subscriber in
 * the same transaction, so no event is ever missed by a subscribed consumer and none waits for a
 * consumer that was never set up (a bot that was never turned on).
 *
 * Events written before this migration were the bot's alone: they become deliveries of the
 * `telegram` consumer with their state (delivered, given up, or pending with its attempts and next
 * attempt), so none is lost and none is sent again. A database that had events keeps the bot
 * subscribed; a new one subscribes when the bot first starts.
 */
const TELEGRAM = 'telegram';
const KINDS = ['application.submitted', 'application.status_changed'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_subscriptions')
    .addColumn('consumer', 'text', (c) => c.notNull().check(sql`length(consumer) between 1 and 64`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subscribed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('outbox_subscriptions_pkey', ['kind', 'consumer'])
    .execute();

  await db.schema
    .createTable('outbox_deliveries')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('outbox_events.id').onDelete('cascade'))
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addPrimaryKeyConstraint('outbox_deliveries_pkey', ['event_id', 'consumer'])
    .execute();
  await sql`create index outbox_deliveries_due_idx on outbox_deliveries (next_attempt_at) where delivered_at is null and failed_at is null`.execute(
    db,
  );

  await sql`
    insert into outbox_deliveries (event_id, consumer, attempts, next_attempt_at, delivered_at, failed_at, last_error)
    select id, ${TELEGRAM}, attempts, next_attempt_at, delivered_at, failed_at, last_error from outbox_events`.execute(db);
  await sql`
    insert into outbox_subscriptions (consumer, kind)
    select ${TELEGRAM}, kind from unnest(${KINDS}::text[]) as kinds(kind)
    where exists (select 1 from outbox_events)`.execute(db);

  await sql`drop index outbox_events_due_idx`.execute(db);
  for (const column of ['delivered_at', 'attempts', 'next_attempt_at', 'last_error', 'failed_at']) {
    await db.schema.alterTable('outbox_events').dropColumn(column).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('outbox_events')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .addColumn('failed_at', 'timestamptz')
    .execute();
  await sql`
    update outbox_events e set delivered_at = d.delivered_at, attempts = d.attempts, next_attempt_at = d.next_attempt_at, last_error = d.last_error, failed_at = d.failed_at
    from outbox_deliveries d where d.event_id = e.id and d.consumer = ${TELEGRAM}`.execute(db);
  await sql`create index outbox_events_due_idx on outbox_events (next_attempt_at) where delivered_at is null and failed_at is null`.execute(
    db,
  );
  await db.schema.dropTable('outbox_deliveries').execute();
  await db.schema.dropTable('outbox_subscriptions').execute();
}
