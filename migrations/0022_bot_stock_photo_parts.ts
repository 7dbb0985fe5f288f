import { type Kysely, sql } from 'kysely';

/*
 * bot_stock_photo_parts: an admin's album of car photos sent to the bot
 * (docs/product/inventory.md#photos-from-your-phone) arrives as one update per photo, the caption
 * naming the car usually on the first only. Each part is written here as it comes; once the album
 * has been quiet for a moment one handler takes every part and adds the photos in message order.
 * Kept apart from bot_album_parts (0008), whose parts the relay copies to applicants, and in the
 * database for the same reasons: parts may reach different instances, and a restart leaves them for the next sweep.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bot_stock_photo_parts')
    .addColumn('chat_id', 'bigint', (c) => c.notNull())
    .addColumn('message_id', 'integer', (c) => c.notNull())
    .addColumn('media_group_id', 'text', (c) => c.notNull().check(sql`length(media_group_id) between 1 and 64`))
    .addColumn('message_thread_id', 'integer')
    .addColumn('sender_user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer')
    .addColumn('mime_type', 'text')
    .addColumn('caption', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('bot_stock_photo_parts_pkey', ['chat_id', 'message_id'])
    .execute();
  await db.schema
    .createIndex('bot_stock_photo_parts_group_idx')
    .on('bot_stock_photo_parts')
    .columns(['chat_id', 'media_group_id'])
    .execute();
  await db.schema.createIndex('bot_stock_photo_parts_received_idx').on('bot_stock_photo_parts').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bot_stock_photo_parts').execute();
}
