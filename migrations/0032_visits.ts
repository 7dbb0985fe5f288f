import { type Kysely, sql } from 'kysely';

/*
 * Visits (docs/product/visits.md): a test drive, or a hold that keeps a car for a shopper until the
 * end of their visit.
 * visit_settings: every version of the dealer's visiting hours, never changed once written, as
 * deal_settings; the primary key keeps two editors from both saving "the next version".
 * visits: one row a booking. A slot has `capacity` places, numbered from 1: booking takes the first
 * free number, and the partial unique index on (starts_at, place) is what decides a race for the
 * last one, not a read before the write. A car takes one visit a slot. A cancelled visit frees both.
 * visit_messages_sent: each message a shopper gets about a visit (the confirmation, each reminder,
 * a change, the car gone), recorded once for the visit's start before it is sent, so a replayed
 * delivery or a second instance never sends it twice, and a moved visit's old reminders (written
 * for its old start) find nothing to send.
 * outbox_events gains the visit kinds; a reminder's deliveries are written due at its time.
 */
const KINDS_BEFORE = [
  'application.submitted',
  'application.status_changed',
  'inventory.photo_urls',
  'application.adverse_action',
  'car.price_dropped',
  'car.listing_changed',
  'car.published',
  'application.offer_sent',
  'application.offer_accepted',
  'trade_in.offer_sent',
  'trade_in.question_asked',
];
const VISIT_KINDS = ['visit.booked', 'visit.reminder', 'visit.changed', 'visit.car_gone'];

const kindCheck = (kinds: readonly string[]) =>
  sql`alter table outbox_events add constraint outbox_events_kind_check check (kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visit_settings')
    .addColumn('version', 'integer', (c) => c.primaryKey().check(sql`version >= 1`))
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('saved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('visits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('car_uuid', 'uuid', (c) => c.notNull().references('cars.uuid').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('test_drive', 'hold')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('booked')
        .check(sql`status in ('booked', 'arrived', 'completed', 'no_show', 'cancelled')`),
    )
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('place', 'integer', (c) => c.notNull().check(sql`place >= 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('note', 'text')
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language in ('en', 'uk', 'es', 'ru')`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('telegram', 'email', 'none')`))
    .addColumn('deal', 'jsonb')
    .addColumn('booked_by', 'text', (c) => c.notNull().check(sql`booked_by in ('shopper', 'staff')`))
    .addColumn('booked_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cancelled_by', 'text', (c) => c.check(sql`cancelled_by in ('shopper', 'staff')`))
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('outcome_at', 'timestamptz')
    .addColumn('car_gone_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('visits_ends_after_start', sql`ends_at > starts_at`)
    .execute();
  await sql`create unique index visits_place_idx on visits (starts_at, place) where status <> 'cancelled'`.execute(db);
  await sql`create unique index visits_car_slot_idx on visits (car_uuid, starts_at) where status <> 'cancelled'`.execute(db);
  await sql`create index visits_car_hold_idx on visits (car_uuid, ends_at) where type = 'hold' and status = 'booked'`.execute(db);
  await db.schema.createIndex('visits_user_idx').on('visits').columns(['user_id', 'starts_at']).execute();
  await db.schema.createIndex('visits_starts_idx').on('visits').column('starts_at').execute();

  await db.schema
    .createTable('visit_messages_sent')
    .addColumn('visit_id', 'integer', (c) => c.notNull().references('visits.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) =>
      c.notNull().check(sql`message in ('confirmation', 'day_before', 'two_hours', 'moved', 'cancelled', 'car_gone')`),
    )
    .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('visit_messages_sent_pkey', ['visit_id', 'message', 'starts_at'])
    .execute();

  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck([...KINDS_BEFORE, ...VISIT_KINDS]).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const visitKinds = sql.join(VISIT_KINDS.map((kind) => sql.lit(kind)));
  await sql`delete from outbox_events where kind in (${visitKinds})`.execute(db);
  await sql`delete from outbox_subscriptions where kind in (${visitKinds})`.execute(db);
  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck(KINDS_BEFORE).execute(db);
  await db.schema.dropTable('visit_messages_sent').execute();
  await db.schema.dropTable('visits').execute();
  await db.schema.dropTable('visit_settings').execute();
}
