import { type Kysely, sql } from 'kysely';

/*
 * What the bot needs beyond the tables of 0001 (docs/decisions/009-bot-in-the-server-process.md).
 *
 * outbox_events.failed_at: an event that could not be delivered after its last retry (about ten
 * minutes of doubling delays) or that Telegram refused for good (the applicant blocked the bot) is
 * set aside, so the due index only ever holds events still worth trying.
 *
 * bot_album_parts: Telegram sends an album as one update per photo, sharing a media_group_id. Each
 * part is written here as it comes; a moment later the first one to look takes the whole group and
 * copies it as one album. Kept in the database rather than in memory so that parts arriving at
 * different server instances (webhook behind a load balancer) still travel together, and a part
 * left behind by a restart is picked up by the next sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox_events').addColumn('failed_at', 'timestamptz').execute();
  await sql`drop index outbox_events_due_idx`.execute(db);
  await sql`create index outbox_events_due_idx on outbox_events (next_attempt_at) where delivered_at is null and failed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('bot_album_parts')
    .addColumn('chat_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('media_group_id', 'text', (c) => c.notNull().check(sql`length(media_group_id) between 1 and 64`))
    .addColumn('message_thread_id', 'integer')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('bot_album_parts_pkey', ['chat_id', 'message_id'])
    .execute();
  await db.schema.createIndex('bot_album_parts_group_idx').on('bot_album_parts').columns(['chat_id', 'media_group_id']).execute();
  await db.schema.createIndex('bot_album_parts_received_idx').on('bot_album_parts').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bot_album_parts').execute();
  await sql`drop index outbox_events_due_idx`.execute(db);
  await sql`create index outbox_events_due_idx on outbox_events (next_attempt_at) where delivered_at is null`.execute(db);
  await db.schema.alterTable('outbox_events').dropColumn('failed_at').execute();
}
