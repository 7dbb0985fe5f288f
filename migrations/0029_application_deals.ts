import { type Kysely, sql } from 'kysely';

/*
 * application_deals: the deal an applicant applied with (cash, finance or lease), one row per
 * application: what they chose (input), the settings version it was priced under and the quote
 * the server priced again at submission. deal_type repeats the quote's type so that staff lists and
 * counts can read the loan-or-lease choice without opening the document. Offers staff make later
 * are another table's: this one holds only what the applicant asked for. The row goes with its
 * application; a settings version a deal names is never deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('application_deals')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('settings_version', 'integer', (c) => c.notNull().references('deal_settings.version'))
    .addColumn('input', 'jsonb', (c) => c.notNull())
    .addColumn('quote', 'jsonb', (c) => c.notNull())
    .addColumn('deal_type', 'text', (c) => c.notNull().check(sql`deal_type in ('cash', 'finance', 'lease')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('application_deals_type_check', sql`quote->>'type' = deal_type and input->>'type' = deal_type`)
    .execute();
  await db.schema.createIndex('application_deals_application_idx').on('application_deals').column('application_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application_deals').execute();
}
