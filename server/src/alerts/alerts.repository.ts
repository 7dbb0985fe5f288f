import { sql } from 'kysely';
import type { AlertReason } from '../../../domain/alerts.ts';
import type { SavedSearchFilters } from '../../../domain/cars.ts';
import type { SavedSearch } from '../../../domain/contracts/alerts.ts';
import type { CarConditionValue, CarListingState, Language } from '../../../domain/enums.ts';
import type { Db } from '../db/database.ts';

/** Telegram alerts' tables (migration 0023): the switch, saved searches and the messages owed. */

export async function favoriteAlertsEnabled(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('alert_settings').select('favorites_enabled').where('user_id', '=', userId).executeTakeFirst();
  return row?.favorites_enabled ?? false;
}

export async function setFavoriteAlerts(db: Db, userId: number, enabled: boolean): Promise<boolean> {
  const row = await db
    .insertInto('alert_settings')
    .values({ user_id: userId, favorites_enabled: enabled })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ favorites_enabled: enabled, updated_at: sql`now()` }))
    .returning('favorites_enabled')
    .executeTakeFirstOrThrow();
  return row.favorites_enabled;
}

/** The bot found itself blocked by the shopper (or they cleared the chat for good): nothing more is sent. */
export async function setAlertsBlocked(db: Db, userId: number, blocked: boolean): Promise<void> {
  const blockedAt = blocked ? sql<Date>`now()` : null;
  await db
    .insertInto('alert_settings')
    .values({ user_id: userId, blocked_at: blockedAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ blocked_at: blockedAt, updated_at: sql`now()` }))
    .execute();
}

const toSavedSearch = (row: { id: number; filters: SavedSearchFilters; created_at: Date }): SavedSearch => ({
  id: row.id,
  filters: row.filters,
  createdAt: row.created_at.toISOString(),
});

export async function listSavedSearches(db: Db, userId: number): Promise<SavedSearch[]> {
  const rows = await db
    .selectFrom('saved_searches')
    .select(['id', 'filters', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toSavedSearch);
}

/** Holds the shopper's row until the transaction ends, so two saves at once cannot both pass the count. */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The shopper's saved search with exactly these filters, if they have one. */
export async function findSavedSearchByFilters(db: Db, userId: number, filters: SavedSearchFilters): Promise<SavedSearch | undefined> {
  const row = await db
    .selectFrom('saved_searches')
    .select(['id', 'filters', 'created_at'])
    .where('user_id', '=', userId)
    .where(sql<boolean>`filters = ${JSON.stringify(filters)}::jsonb`)
    .executeTakeFirst();
  return row && toSavedSearch(row);
}

export async function insertSavedSearch(db: Db, userId: number, filters: SavedSearchFilters): Promise<SavedSearch> {
  const row = await db
    .insertInto('saved_searches')
    .values({ user_id: userId, filters: JSON.stringify(filters) })
    .returning(['id', 'filters', 'created_at'])
    .executeTakeFirstOrThrow();
  return toSavedSearch(row);
}

/** Answers whether the shopper had this saved search. */
export async function deleteSavedSearch(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('saved_searches').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** What an alert says of a car and matches saved searches against. */
export interface AlertCar {
  uuid: string;
  brand: string;
  model: string;
  year: number;
  trim: string | null;
  price: number;
  mileage: number;
  condition: CarConditionValue;
  certified: boolean;
  listingState: CarListingState;
}

export async function findAlertCar(db: Db, uuid: string): Promise<AlertCar | undefined> {
  const row = await db
    .selectFrom('cars')
    .select(['uuid', 'brand', 'model', 'year', 'trim', 'price', 'mileage', 'condition', 'certified', 'listing_state'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row && { ...row, listingState: row.listing_state };
}

/** Shoppers reachable in Telegram who have not blocked the bot. */
const reachable = sql<boolean>`u.telegram_id is not null and not exists (
  select 1 from alert_settings blocked where blocked.user_id = u.id and blocked.blocked_at is not null)`;

/** Shoppers who keep this car among their favourites with alerts on, reachable in Telegram. */
export async function favoriteAlertRecipients(db: Db, carUuid: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select u.id from favorites f
    join users u on u.id = f.user_id
    join alert_settings a on a.user_id = u.id and a.favorites_enabled
    where f.car_uuid = ${carUuid} and ${reachable}
    order by u.id`.execute(db);
  return rows.map((row) => row.id);
}

/** Saved searches of reachable shoppers that could match a car of this brand (brand is the one filter worth narrowing by here). */
export async function savedSearchesForBrand(
  db: Db,
  brand: string,
): Promise<Array<{ id: number; userId: number; filters: SavedSearchFilters }>> {
  const { rows } = await sql<{ id: number; user_id: number; filters: SavedSearchFilters }>`
    select s.id, s.user_id, s.filters from saved_searches s
    join users u on u.id = s.user_id
    where (s.filters->>'brand' is null or s.filters->>'brand' = ${brand}) and ${reachable}
    order by s.user_id, s.id`.execute(db);
  return rows.map((row) => ({ id: row.id, userId: row.user_id, filters: row.filters }));
}

export interface NewAlerts {
  eventId: number;
  carUuid: string;
  day: string;
  reason: AlertReason;
  oldPrice: number | null;
  newPrice: number;
  /** Each shopper once, with the saved search that matched for a new match. */
  recipients: ReadonlyArray<{ userId: number; savedSearchId: number | null }>;
  dailyCap: number;
}

/**
 * One alert row per shopper, in one statement. A shopper who already has a row for this car today,
 * or for this event (the event delivered again), gets nothing new; nor does one who reached the
 * daily cap. Two events fanned out at the same instant for one shopper may pass the cap together
 * by one: the cap keeps the bot from flooding, it is not a contract.
 */
export async function insertAlerts(db: Db, alerts: NewAlerts): Promise<void> {
  if (alerts.recipients.length === 0) return;
  await sql`
    insert into alert_sends (event_id, user_id, car_uuid, day, reason, saved_search_id, old_price, new_price)
    select ${alerts.eventId}, r.user_id, ${alerts.carUuid}::uuid, ${alerts.day}::date, ${alerts.reason}, r.saved_search_id,
      ${alerts.oldPrice}::integer, ${alerts.newPrice}
    from unnest(${sql.val(alerts.recipients.map((r) => r.userId))}::integer[], ${sql.val(alerts.recipients.map((r) => r.savedSearchId))}::integer[])
      as r(user_id, saved_search_id)
    where (select count(*) from alert_sends s where s.user_id = r.user_id and s.day = ${alerts.day}::date and s.dropped_at is null) < ${alerts.dailyCap}
    on conflict do nothing`.execute(db);
}

/** An alert not sent yet, with whether the shopper still wants it (alerts on, the saved search kept, the bot not blocked). */
export interface UnsentAlert {
  id: number;
  userId: number;
  telegramId: number | null;
  language: Language;
  reason: AlertReason;
  carUuid: string;
  brand: string;
  model: string;
  year: number;
  trim: string | null;
  oldPrice: number | null;
  newPrice: number;
  savedSearchId: number | null;
  wanted: boolean;
}

export async function unsentAlertsOfEvent(db: Db, eventId: number): Promise<UnsentAlert[]> {
  const { rows } = await sql<UnsentAlert>`
    select s.id, s.user_id as "userId", u.telegram_id as "telegramId", u.language, s.reason, s.car_uuid as "carUuid",
      c.brand, c.model, c.year, c.trim, s.old_price as "oldPrice", s.new_price as "newPrice", s.saved_search_id as "savedSearchId",
      (${reachable} and case when s.reason = 'new_match' then s.saved_search_id is not null
        else exists (select 1 from alert_settings a where a.user_id = u.id and a.favorites_enabled)
          and exists (select 1 from favorites f where f.user_id = u.id and f.car_uuid = s.car_uuid) end) as wanted
    from alert_sends s
    join users u on u.id = s.user_id
    join cars c on c.uuid = s.car_uuid
    where s.event_id = ${eventId} and s.sent_at is null and s.dropped_at is null
    order by s.id`.execute(db);
  return rows.map((row) => ({ ...row, telegramId: row.telegramId === null ? null : Number(row.telegramId) }));
}

export async function markAlertSent(db: Db, id: number): Promise<void> {
  await db
    .updateTable('alert_sends')
    .set({ sent_at: sql`now()` })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}

/** Not sent, and never will be; the row stays, saying why. */
export async function dropAlert(db: Db, id: number, reason: string): Promise<void> {
  await db
    .updateTable('alert_sends')
    .set({ dropped_at: sql`now()`, dropped_reason: reason.slice(0, 500) })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .execute();
}
