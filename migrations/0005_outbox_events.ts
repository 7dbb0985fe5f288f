import { type Kysely, sql } from 'kysely';

/*
 * The transactional outbox (docs/decisions/008-idempotent-submission-and-outbox.md): an event is written in the same transaction
 * as the change it reports, and the bot delivers it at least once. Instances claim due events with
 * `select ... where delivered_at is null and next_attempt_at <= now() order by next_attempt_at
 * for update skip locked`, served by the partial index below, so several never send one twice.
 *
 * The payload holds NO personal data: ids and statuses only (an application id, a status), never
 * a name, SSN, income, address or any other applicant field. Personal financial data never goes
 * to Telegram; a notification says that something happened and links to the app.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('outbox_events')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('application.submitted', 'application.status_changed')`))
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_error', 'text')
    .execute();
  await sql`create index outbox_events_due_idx on outbox_events (next_attempt_at) where delivered_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('outbox_events').execute();
}
