import type { Kysely } from 'kysely';

/*
 * An applicant under 2 years at the current job who had no job before it declares so in the wizard
 * instead of inventing one (decision 012). The declaration is kept as given, beside the previous
 * employment it replaces: false for every application made before it could be given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('no_previous_employment', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('no_previous_employment').execute();
}
