import { type Kysely, sql } from 'kysely';

/*
 * Staff work each lead (docs/product/staff-dashboard.md#application-detail): an application may be taken by one
 * admin (assignee_user_id), the first staff response after submission is stamped once
 * (first_response_at), and staff keep internal notes on it (application_notes, append-only: no
 * route edits or deletes one). Applications decided by staff before this migration count that
 * decision as their first response, so the "waiting for first contact" filter does not list them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('assignee_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('first_response_at', 'timestamptz')
    .execute();
  await sql`create index applications_assignee_idx on applications (assignee_user_id) where assignee_user_id is not null`.execute(db);
  await sql`create index applications_waiting_idx on applications (submitted_at) where first_response_at is null`.execute(db);
  await sql`
    update applications set first_response_at = (
      select min(h.changed_at) from application_status_history h
      where h.application_id = applications.id and h.changed_by is not null and h.from_status is not null
    )`.execute(db);

  await db.schema
    .createTable('application_notes')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('author_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('text', 'text', (c) => c.notNull().check(sql`length(text) between 1 and 2000`))
    .addColumn('contacted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index application_notes_app_idx on application_notes (application_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('application_notes').execute();
  await db.schema.alterTable('applications').dropColumn('first_response_at').dropColumn('assignee_user_id').execute();
}
