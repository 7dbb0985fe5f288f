import { sql, type Kysely } from 'kysely';

/*
 * The retention job erases every answer of an applicant that counting the application does not
 * need (docs/product/retention.md#data-retention): marital status (protected under ECOA), housing status,
 * months at the address and income frequency join what 0020 made erasable.
 */
const ERASABLE_REQUIRED = ['marital_status', 'housing_status', 'months_at_current_address', 'income_frequency'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ERASABLE_REQUIRED) {
    await db.schema
      .alterTable('applications')
      .alterColumn(column, (c) => c.dropNotNull())
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ count: number }>`
    select count(*)::integer as count from applications
    where marital_status is null or housing_status is null or months_at_current_address is null or income_frequency is null`.execute(db);
  const count = rows[0]?.count ?? 0;
  if (count > 0) throw new Error(`Cannot undo migration 0026: ${count} erased application(s) have no answers the older schema requires.`);
  for (const column of ERASABLE_REQUIRED) {
    await db.schema
      .alterTable('applications')
      .alterColumn(column, (c) => c.setNotNull())
      .execute();
  }
}
