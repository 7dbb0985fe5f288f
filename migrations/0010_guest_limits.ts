import { type Kysely, sql } from 'kysely';

/*
 * What a web guest costs (docs/decisions/011-guest-costs-and-merges.md).
 *
 * address_key: a keyed HMAC of the client address a guest, a draft or a licence photo came from,
 * never the address itself. The per-address caps count rows by it within a window, in the
 * database, so they hold across any number of server instances. Rows written before this
 * migration have none and count for no address.
 *
 * users.last_seen_at: when a guest was last seen (touched at most once a day); guests idle longer
 * than GUEST_RETENTION_DAYS that hold nothing of value expire. Existing rows start from now, so
 * nobody expires on the day this runs. application_drafts.created_at: when a draft was started
 * (updated_at moves with every save), for the per-address draft cap.
 *
 * users.engaged_at: when a guest first saved a favourite, a draft or an application. The staff
 * metrics count a guest from then on; a guest that only viewed cars is one browser passing by (or
 * a script dropping its cookie). Statement triggers set it, so every way such a row is written
 * (the API, the bot, a merge, a seed) marks it, and the metrics read one column instead of
 * looking up three tables per user or per view. Guests that already hold one are marked here.
 *
 * Deleting a user runs one referential action per referencing table and deleted row; without an
 * index on the referencing column each is a scan of that table, so the expiry job deleting guests
 * in batches would scan audit_events, application_documents and the rest once per guest.
 */
/** Tables whose rows make a guest count in the staff metrics. */
const ENGAGING = ['favorites', 'application_drafts', 'applications'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const addressKey = sql`text check (address_key ~ '^[A-Za-z0-9_-]{22}$')`;
  await db.schema.alterTable('users').addColumn('address_key', addressKey).execute();
  await db.schema
    .alterTable('users')
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('application_drafts').addColumn('address_key', addressKey).execute();
  await db.schema
    .alterTable('application_drafts')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.alterTable('application_documents').addColumn('address_key', addressKey).execute();

  await db.schema.alterTable('users').addColumn('engaged_at', 'timestamptz').execute();
  await sql`
    update users u set engaged_at = now()
    where u.kind = 'guest'
      and (exists (select 1 from favorites f where f.user_id = u.id)
        or exists (select 1 from application_drafts d where d.user_id = u.id)
        or exists (select 1 from applications a where a.user_id = u.id))`.execute(db);
  await sql`
    create function users_mark_engaged() returns trigger language plpgsql as $$
    begin
      update users u set engaged_at = now()
      where u.id in (select user_id from added) and u.kind = 'guest' and u.engaged_at is null;
      return null;
    end;
    $$`.execute(db);
  for (const table of ENGAGING) {
    await sql`
      create trigger ${sql.id(`${table}_mark_engaged`)} after insert on ${sql.table(table)}
      referencing new table as added for each statement execute function users_mark_engaged()`.execute(db);
  }

  // The per-address counts: rows from one address within a window.
  await sql`create index users_guest_address_idx on users (address_key, created_at) where kind = 'guest' and address_key is not null`.execute(
    db,
  );
  await sql`create index application_drafts_address_idx on application_drafts (address_key, created_at) where address_key is not null`.execute(
    db,
  );
  await sql`
    create index application_documents_address_unattached_idx on application_documents (address_key, created_at)
    where application_id is null and address_key is not null`.execute(db);

  // The staff metrics' views of a day or a week, per viewer: an index-only scan, as before this migration.
  await sql`drop index car_views_viewed_at_idx`.execute(db);
  await sql`create index car_views_viewed_at_idx on car_views (viewed_at) include (car_uuid, user_id)`.execute(db);

  // The expiry scans, oldest first.
  await sql`create index users_guest_last_seen_idx on users (last_seen_at) where kind = 'guest'`.execute(db);
  await sql`create index application_drafts_updated_at_idx on application_drafts (updated_at)`.execute(db);

  // Referential actions of a deleted user (and the expiry job's "has audit history" check).
  await sql`create index audit_events_actor_idx on audit_events (actor_user_id)`.execute(db);
  await sql`create index application_documents_owner_idx on application_documents (owner_user_id)`.execute(db);
  await sql`create index application_status_history_changed_by_idx on application_status_history (changed_by)`.execute(db);
  await sql`create index login_tokens_user_idx on login_tokens (user_id)`.execute(db);
  await sql`create index bot_relayed_messages_user_idx on bot_relayed_messages (user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'bot_relayed_messages_user_idx',
    'login_tokens_user_idx',
    'application_status_history_changed_by_idx',
    'application_documents_owner_idx',
    'audit_events_actor_idx',
    'application_drafts_updated_at_idx',
    'users_guest_last_seen_idx',
    'application_documents_address_unattached_idx',
    'application_drafts_address_idx',
    'users_guest_address_idx',
  ]) {
    await sql`drop index ${sql.id(index)}`.execute(db);
  }
  await sql`drop index car_views_viewed_at_idx`.execute(db);
  await sql`create index car_views_viewed_at_idx on car_views (viewed_at) include (car_uuid)`.execute(db);
  for (const table of ENGAGING) await sql`drop trigger ${sql.id(`${table}_mark_engaged`)} on ${sql.table(table)}`.execute(db);
  await sql`drop function users_mark_engaged()`.execute(db);
  await db.schema.alterTable('users').dropColumn('engaged_at').execute();
  await db.schema.alterTable('application_documents').dropColumn('address_key').execute();
  await db.schema.alterTable('application_drafts').dropColumn('created_at').execute();
  await db.schema.alterTable('application_drafts').dropColumn('address_key').execute();
  await db.schema.alterTable('users').dropColumn('last_seen_at').execute();
  await db.schema.alterTable('users').dropColumn('address_key').execute();
}
