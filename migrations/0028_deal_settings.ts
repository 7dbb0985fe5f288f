import { type Kysely, sql } from 'kysely';

/*
 * deal_settings: every version of the dealer's deal settings (tax rules, fees, credit tiers, lease
 * programs, rebates, products), one row a version, never changed once written. The newest is what
 * new quotes use; a saved deal names the version it was priced under, so it can be recomputed with
 * the very settings the shopper saw. The primary key is what keeps two editors from both saving
 * "the next version": the second insert conflicts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('deal_settings')
    .addColumn('version', 'integer', (c) => c.primaryKey().check(sql`version >= 1`))
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('saved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('deal_settings').execute();
}
