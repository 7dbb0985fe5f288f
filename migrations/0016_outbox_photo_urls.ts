import { sql, type Kysely } from 'kysely';

/*
 * A stock-file import queues the photo URLs of the cars it creates as an outbox event
 * (inventory.photo_urls), fetched in the background by its own consumer (decision 017). The kind
 * check of migration 0005 names every kind there is, so it gains this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await sql`
    alter table outbox_events add constraint outbox_events_kind_check
    check (kind in ('application.submitted', 'application.status_changed', 'inventory.photo_urls'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The photo fetches still owed are lost with their events (their deliveries go with them).
  await sql`delete from outbox_events where kind = 'inventory.photo_urls'`.execute(db);
  await sql`delete from outbox_subscriptions where kind = 'inventory.photo_urls'`.execute(db);
  await sql`alter table outbox_events drop constraint outbox_events_kind_check`.execute(db);
  await sql`
    alter table outbox_events add constraint outbox_events_kind_check
    check (kind in ('application.submitted', 'application.status_changed'))`.execute(db);
}
