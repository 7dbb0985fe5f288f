import { type Kysely, sql } from 'kysely';

/*
 * deal_offers: the desk's counter-offers on an application's deal, every version kept. An offer is
 * the deal input and the terms staff set (price, APR or money factor, doc fee) with the quote they
 * price to under a settings version. It is sent, then accepted or declined by the applicant, or
 * superseded by a newer offer; at most one is open at a time (the partial unique index), and the
 * accepted one is the deal the lender receives.
 * outbox_events gains the kinds an offer writes: sent (the applicant is told) and accepted (the
 * lender receives the deal).
 */
const KINDS_BEFORE = [
  'application.submitted',
  'application.status_changed',
  'inventory.photo_urls',
  'application.adverse_action',
  'car.price_dropped',
  'car.listing_changed',
  'car.published',
];
const OFFER_KINDS = ['application.offer_sent', 'application.offer_accepted'];

const kindCheck = (kinds: readonly string[]) =>
  sql`alter table outbox_events add constraint outbox_events_kind_check check (kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deal_offers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('settings_version', 'integer', (c) => c.notNull().references('deal_settings.version'))
    .addColumn('input', 'jsonb', (c) => c.notNull())
    .addColumn('terms', 'jsonb', (c) => c.notNull())
    .addColumn('quote', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sent', 'accepted', 'declined', 'superseded')`))
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('responded_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('deal_offers_application_idx').on('deal_offers').columns(['application_id', 'id']).execute();
  await db.schema
    .createIndex('deal_offers_one_open_idx')
    .on('deal_offers')
    .column('application_id')
    .unique()
    .where(sql.ref('status'), '=', 'sent')
    .execute();
  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck([...KINDS_BEFORE, ...OFFER_KINDS]).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const offerKinds = sql.join(OFFER_KINDS.map((kind) => sql.lit(kind)));
  await sql`delete from outbox_events where kind in (${offerKinds})`.execute(db);
  await sql`delete from outbox_subscriptions where kind in (${offerKinds})`.execute(db);
  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck(KINDS_BEFORE).execute(db);
  await db.schema.dropTable('deal_offers').execute();
}
