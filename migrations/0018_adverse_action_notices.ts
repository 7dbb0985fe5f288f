import { type Kysely, sql } from 'kysely';

/*
 * Adverse-action notices (Regulation B, 12 CFR 1002.9): a rejection records its principal reasons,
 * the credit report used if any and the applicant's language, in the transaction of the status
 * change, and an outbox event (application.adverse_action) delivers the notice. delivered_at and
 * delivery_channel say when and how the applicant received it. A notice stops the Regulation B
 * clock of its application.
 */
const KINDS_BEFORE = ['application.submitted', 'application.status_changed', 'inventory.photo_urls'];

const kindCheck = (kinds: readonly string[]) =>
  sql`alter table outbox_events add constraint outbox_events_kind_check check (kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('adverse_action_notices')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('reasons', 'jsonb', (c) =>
      c.notNull().check(sql`jsonb_typeof(reasons) = 'array' and jsonb_array_length(reasons) between 1 and 4`),
    )
    .addColumn('other_reason', 'text', (c) => c.check(sql`length(other_reason) <= 200`))
    .addColumn('credit_report', 'jsonb')
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'uk', 'es', 'ru')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('delivery_channel', 'text', (c) => c.check(sql`delivery_channel in ('telegram', 'email')`))
    .addCheckConstraint('adverse_action_notices_delivery_check', sql`(delivered_at is null) = (delivery_channel is null)`)
    .execute();
  await db.schema
    .createIndex('adverse_action_notices_application_idx')
    .on('adverse_action_notices')
    .columns(['application_id', 'created_at'])
    .execute();

  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck([...KINDS_BEFORE, 'application.adverse_action']).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The notices still owed are lost with their events (their deliveries go with them).
  await sql`delete from outbox_events where kind = 'application.adverse_action'`.execute(db);
  await sql`delete from outbox_subscriptions where kind = 'application.adverse_action'`.execute(db);
  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck(KINDS_BEFORE).execute(db);
  await db.schema.dropTable('adverse_action_notices').execute();
}
