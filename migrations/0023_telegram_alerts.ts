import { type Kysely, sql } from 'kysely';

/*
 * Telegram alerts (docs/decisions/019-telegram-alerts.md).
 *
 * alert_settings: a shopper's switch for alerts on their favourites, and when the bot last found
 * itself blocked by them (nothing is sent until their next /start clears it).
 * saved_searches: catalogue filters a shopper asked to hear about ("Notify me"), as the catalogue's
 * query names in a JSON object.
 * alert_sends: one row per message owed to a shopper, written when the `alerts` consumer fans an
 * outbox event out, marked sent (or dropped, with why) as it goes. Unique per shopper, car and day,
 * and per shopper and event, so an event delivered again adds nothing and a restart resumes the
 * rows still unsent.
 * outbox_events gains the car kinds the inventory writes in the transaction of the change.
 */
const KINDS_BEFORE = ['application.submitted', 'application.status_changed', 'inventory.photo_urls', 'application.adverse_action'];
const CAR_KINDS = ['car.price_dropped', 'car.listing_changed', 'car.published'];

const kindCheck = (kinds: readonly string[]) =>
  sql`alter table outbox_events add constraint outbox_events_kind_check check (kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('favorites_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('blocked_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('filters', 'jsonb', (c) => c.notNull().check(sql`jsonb_typeof(filters) = 'object'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('saved_searches_user_idx').on('saved_searches').column('user_id').execute();

  await db.schema
    .createTable('alert_sends')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('car_uuid', 'uuid', (c) => c.notNull().references('cars.uuid').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('price_dropped', 'sold', 'available_again', 'new_match')`))
    .addColumn('saved_search_id', 'integer', (c) => c.references('saved_searches.id').onDelete('set null'))
    .addColumn('old_price', 'integer')
    .addColumn('new_price', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .addColumn('dropped_at', 'timestamptz')
    .addColumn('dropped_reason', 'text', (c) => c.check(sql`length(dropped_reason) <= 500`))
    .addUniqueConstraint('alert_sends_user_car_day_key', ['user_id', 'car_uuid', 'day'])
    .addUniqueConstraint('alert_sends_event_user_key', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('alert_sends_user_day_idx').on('alert_sends').columns(['user_id', 'day']).execute();
  await db.schema
    .createIndex('alert_sends_unsent_idx')
    .on('alert_sends')
    .column('event_id')
    .where(sql.ref('sent_at'), 'is', null)
    .where(sql.ref('dropped_at'), 'is', null)
    .execute();

  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck([...KINDS_BEFORE, ...CAR_KINDS]).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Alerts still owed are lost with their events (their deliveries go with them).
  await sql`delete from outbox_events where kind in (${sql.join(CAR_KINDS.map((kind) => sql.lit(kind)))})`.execute(db);
  await sql`delete from outbox_subscriptions where kind in (${sql.join(CAR_KINDS.map((kind) => sql.lit(kind)))})`.execute(db);
  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck(KINDS_BEFORE).execute(db);
  await db.schema.dropTable('alert_sends').execute();
  await db.schema.dropTable('saved_searches').execute();
  await db.schema.dropTable('alert_settings').execute();
}
