import { sql, type Kysely } from 'kysely';

/*
 * The applicant may withdraw an application still in review, so `withdrawn` joins the statuses of
 * an application and of its history. Applications decided longer ago than RETENTION_MONTHS lose
 * their SSN, birth date, income, addresses and employment (docs/product/retention.md#data-retention): the
 * columns that held them become nullable, and erased_at says when that happened.
 */
const ERASABLE_REQUIRED = ['address', 'income', 'other_income_amount', 'current_employment'] as const;

async function setStatuses(db: Kysely<unknown>, statuses: string): Promise<void> {
  for (const [table, column] of [
    ['applications', 'status'],
    ['application_status_history', 'from_status'],
    ['application_status_history', 'to_status'],
  ] as const) {
    const constraint = `${table}_${column}_check`;
    await sql`alter table ${sql.table(table)} drop constraint ${sql.raw(constraint)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.raw(constraint)} check (${sql.ref(column)} in (${sql.raw(statuses)}))`.execute(
      db,
    );
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setStatuses(db, `'in_review', 'approved', 'rejected', 'withdrawn'`);
  for (const column of ERASABLE_REQUIRED) {
    await db.schema
      .alterTable('applications')
      .alterColumn(column, (c) => c.dropNotNull())
      .execute();
  }
  await db.schema.alterTable('applications').addColumn('erased_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // An erased application cannot get its data back, nor a withdrawn one a status the old rules know.
  const { rows } = await sql<{ count: number }>`
    select count(*)::integer as count from applications where erased_at is not null or status = 'withdrawn'`.execute(db);
  const count = rows[0]?.count ?? 0;
  if (count > 0) {
    throw new Error(`Cannot undo migration 0020: ${count} application(s) are withdrawn or erased, which the older schema cannot hold.`);
  }
  await db.schema.alterTable('applications').dropColumn('erased_at').execute();
  for (const column of ERASABLE_REQUIRED) {
    await db.schema
      .alterTable('applications')
      .alterColumn(column, (c) => c.setNotNull())
      .execute();
  }
  await setStatuses(db, `'in_review', 'approved', 'rejected'`);
}
