import { type Kysely, sql } from 'kysely';

/*
 * Trade-ins (docs/product/trade-ins.md): a shopper's car described for an appraisal.
 * trade_ins: the answers as columns, the payoff lender and amount sealed with the PII cipher in one
 * text (payoff_encrypted), the status, when it was submitted and first answered by staff, and the
 * inventory car made from it. One shopper has at most one trade-in that is not finished
 * (withdrawn, declined or put into stock end one): the partial unique index. chat_photos_until: the
 * shopper asked to send photos in the bot's chat, which join this trade-in until then.
 * trade_in_photos: the photos by angle, stored as car photos are (variants of media blobs by hash),
 * so putting the trade into stock re-uses the blobs instead of copying them.
 * trade_in_offers: every offer staff sent; at most one open at a time. An open offer past valid_until
 * reads as expired.
 * trade_in_messages: staff questions and the shopper's answers.
 * outbox_events gains the kinds that tell the shopper of an offer and of a question.
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
];
const TRADE_IN_KINDS = ['trade_in.offer_sent', 'trade_in.question_asked'];

const kindCheck = (kinds: readonly string[]) =>
  sql`alter table outbox_events add constraint outbox_events_kind_check check (kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))}))`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('trade_ins')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'new', 'offered', 'accepted', 'declined', 'expired', 'withdrawn')`),
    )
    .addColumn('vin', 'text', (c) => c.check(sql`vin ~ '^[A-HJ-NPR-Z0-9]{17}$'`))
    .addColumn('year', 'integer')
    .addColumn('make', 'text')
    .addColumn('model', 'text')
    .addColumn('trim', 'text')
    .addColumn('mileage', 'integer', (c) => c.check(sql`mileage >= 0`))
    .addColumn('condition', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ownership', 'text', (c) => c.check(sql`ownership in ('owned', 'financed', 'leased')`))
    .addColumn('payoff_encrypted', 'text')
    .addColumn('notes', 'text')
    .addColumn('chat_photos_until', 'timestamptz')
    .addColumn('car_uuid', 'uuid', (c) => c.references('cars.uuid').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('first_response_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('trade_ins_one_current_idx')
    .on('trade_ins')
    .column('user_id')
    .unique()
    .where(sql<boolean>`status not in ('withdrawn', 'declined') and car_uuid is null`)
    .execute();
  await db.schema.createIndex('trade_ins_queue_idx').on('trade_ins').columns(['status', 'submitted_at']).execute();
  await db.schema.createIndex('trade_ins_updated_idx').on('trade_ins').column('updated_at').execute();

  await db.schema
    .createTable('trade_in_photos')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('trade_in_id', 'integer', (c) => c.notNull().references('trade_ins.id').onDelete('cascade'))
    .addColumn('angle', 'text', (c) =>
      c.notNull().check(sql`angle in ('front', 'rear', 'left', 'right', 'interior', 'odometer', 'damage')`),
    )
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('variants', 'jsonb', (c) => c.notNull())
    .addColumn('hashes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('trade_in_photos_position_key', ['trade_in_id', 'position'])
    .execute();
  await sql`create index trade_in_photos_hashes_idx on trade_in_photos using gin (hashes)`.execute(db);

  await db.schema
    .createTable('trade_in_offers')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('trade_in_id', 'integer', (c) => c.notNull().references('trade_ins.id').onDelete('cascade'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('conditions', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'accepted', 'declined', 'superseded')`))
    .addColumn('valid_until', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('responded_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('trade_in_offers_trade_in_idx').on('trade_in_offers').columns(['trade_in_id', 'id']).execute();
  await db.schema
    .createIndex('trade_in_offers_one_open_idx')
    .on('trade_in_offers')
    .column('trade_in_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();

  await db.schema
    .createTable('trade_in_messages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('trade_in_id', 'integer', (c) => c.notNull().references('trade_ins.id').onDelete('cascade'))
    .addColumn('author', 'text', (c) => c.notNull().check(sql`author in ('staff', 'shopper')`))
    .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('trade_in_messages_trade_in_idx').on('trade_in_messages').columns(['trade_in_id', 'id']).execute();

  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck([...KINDS_BEFORE, ...TRADE_IN_KINDS]).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tradeInKinds = sql.join(TRADE_IN_KINDS.map((kind) => sql.lit(kind)));
  await sql`delete from outbox_events where kind in (${tradeInKinds})`.execute(db);
  await sql`delete from outbox_subscriptions where kind in (${tradeInKinds})`.execute(db);
  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await kindCheck(KINDS_BEFORE).execute(db);
  await db.schema.dropTable('trade_in_messages').execute();
  await db.schema.dropTable('trade_in_offers').execute();
  await db.schema.dropTable('trade_in_photos').execute();
  await db.schema.dropTable('trade_ins').execute();
}
