import { type Kysely, sql } from 'kysely';

/*
 * Telegram Login Widget payloads already used to sign in, so each works once.
 *
 * hash is the payload's own signature (the widget's hash field, 64 hex digits): it covers every
 * field, so it names the payload. Storing it gives nothing away: a row exists only once its payload
 * has been spent. The primary key makes "insert unless present" one atomic statement, so two
 * requests racing with the same payload cannot both sign in. expires_at is when the payload would be
 * refused as too old anyway; later rows are purged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('used_widget_logins')
    .addColumn('hash', 'text', (c) => c.primaryKey().check(sql`hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_widget_logins_expires_idx').on('used_widget_logins').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('used_widget_logins').execute();
}
