import { type Kysely, sql } from 'kysely';

/*
 * Licence photos are uploaded before the application they belong to exists (docs/decisions/007-licence-uploads.md): a document
 * now has an owner (the uploader, moved to the Telegram user when a guest merges), its application
 * is filled in on submit, and it records the stored image's size in pixels. Partial indexes serve
 * the two questions asked of unattached documents: how many an owner holds, and which are old
 * enough to purge.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table application_documents add column owner_user_id integer references users (id) on delete cascade`.execute(db);
  await sql`update application_documents d set owner_user_id = a.user_id from applications a where a.id = d.application_id`.execute(db);
  await sql`alter table application_documents alter column owner_user_id set not null`.execute(db);
  await sql`alter table application_documents alter column application_id drop not null`.execute(db);
  await sql`alter table application_documents add column width integer check (width > 0)`.execute(db);
  await sql`alter table application_documents add column height integer check (height > 0)`.execute(db);
  await sql`create index application_documents_owner_unattached_idx on application_documents (owner_user_id, created_at) where application_id is null`.execute(
    db,
  );
  await sql`create index application_documents_unattached_age_idx on application_documents (created_at) where application_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index application_documents_unattached_age_idx`.execute(db);
  await sql`drop index application_documents_owner_unattached_idx`.execute(db);
  // Before this migration a document could not exist without an application.
  await sql`delete from application_documents where application_id is null`.execute(db);
  await sql`alter table application_documents alter column application_id set not null`.execute(db);
  await sql`alter table application_documents drop column height`.execute(db);
  await sql`alter table application_documents drop column width`.execute(db);
  await sql`alter table application_documents drop column owner_user_id`.execute(db);
}
