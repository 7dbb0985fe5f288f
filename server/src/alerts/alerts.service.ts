import {
  alertDay,
  carMatchesFilters,
  DAILY_ALERT_CAP,
  listingChangeReason,
  MAX_SAVED_SEARCHES,
  type AlertReason,
} from '../../../domain/alerts.ts';
import { carTitle, type SavedSearchFilters } from '../../../domain/cars.ts';
import type { AlertTarget, PendingAlert, SavedSearch, SavedSearchList } from '../../../domain/contracts/alerts.ts';
import type { OutboxEvent } from '../../../domain/contracts/outbox.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { coversOfCars } from '../inventory/photos.repository.ts';
import { findUserByTelegramId } from '../users/users.repository.ts';
import {
  deleteSavedSearch,
  dropAlert,
  favoriteAlertRecipients,
  favoriteAlertsEnabled,
  findAlertCar,
  findSavedSearchByFilters,
  insertAlerts,
  insertSavedSearch,
  listSavedSearches,
  lockUser,
  markAlertSent,
  savedSearchesForBrand,
  setAlertsBlocked,
  setFavoriteAlerts,
  unsentAlertsOfEvent,
  type AlertCar,
} from './alerts.repository.ts';

/**
 * Telegram alerts (docs/decisions/019-telegram-alerts.md): a shopper's switch and saved searches
 * for the API, and for the bot's `alerts` consumer the fan-out of a car event into the messages
 * owed, one per shopper within the limits of domain/alerts.ts.
 */

export const NO_SUCH_SAVED_SEARCH = 'You have no saved search with this id.';

export const getFavoriteAlerts = async (db: Db, userId: number) => ({ enabled: await favoriteAlertsEnabled(db, userId) });

export const changeFavoriteAlerts = async (db: Db, userId: number, enabled: boolean) => ({
  enabled: await setFavoriteAlerts(db, userId, enabled),
});

export const savedSearchesOf = async (db: Db, userId: number): Promise<SavedSearchList> => ({
  items: await listSavedSearches(db, userId),
  max: MAX_SAVED_SEARCHES,
});

/**
 * Saves the filters as a search; the same filters saved again answer the search already kept
 * (`created` false) rather than a second one. A sixth is refused: the shopper removes one first.
 */
export async function saveSearch(db: Db, userId: number, filters: SavedSearchFilters): Promise<{ search: SavedSearch; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await lockUser(trx, userId);
    const same = await findSavedSearchByFilters(trx, userId, filters);
    if (same) return { search: same, created: false };
    const kept = await listSavedSearches(trx, userId);
    if (kept.length >= MAX_SAVED_SEARCHES)
      throw new HttpError(
        'conflict',
        `You already keep ${MAX_SAVED_SEARCHES} saved searches, the most there may be. Remove one on the Favourites screen to save this one.`,
      );
    return { search: await insertSavedSearch(trx, userId, filters), created: true };
  });
}

export async function removeSavedSearch(db: Db, userId: number, id: number): Promise<void> {
  if (!(await deleteSavedSearch(db, userId, id))) throw notFound(NO_SUCH_SAVED_SEARCH);
}

/** The car events the alerts consumer takes. */
type CarEvent = Extract<OutboxEvent, { kind: 'car.price_dropped' | 'car.listing_changed' | 'car.published' }>;

export interface AlertDeps {
  db: Db;
  /** The dealer's time zone: the limits count days from its midnight. */
  timeZone: string;
  now?: () => Date;
}

interface Fanout {
  reason: AlertReason;
  oldPrice: number | null;
  newPrice: number;
  recipients: Array<{ userId: number; savedSearchId: number | null }>;
}

async function fanoutOf(db: Db, event: CarEvent, car: AlertCar): Promise<Fanout | null> {
  const fans = async () => (await favoriteAlertRecipients(db, car.uuid)).map((userId) => ({ userId, savedSearchId: null }));
  switch (event.kind) {
    case 'car.price_dropped':
      return { reason: 'price_dropped', oldPrice: event.payload.oldPrice, newPrice: event.payload.newPrice, recipients: await fans() };
    case 'car.listing_changed': {
      const reason = listingChangeReason(event.payload.from, event.payload.to);
      return reason && { reason, oldPrice: null, newPrice: car.price, recipients: await fans() };
    }
    case 'car.published': {
      // Each shopper hears once, of the first of their searches that matches.
      const recipients = new Map<number, number>();
      for (const search of await savedSearchesForBrand(db, car.brand))
        if (!recipients.has(search.userId) && carMatchesFilters(search.filters, car)) recipients.set(search.userId, search.id);
      return {
        reason: 'new_match',
        oldPrice: null,
        newPrice: car.price,
        recipients: [...recipients].map(([userId, savedSearchId]) => ({ userId, savedSearchId })),
      };
    }
  }
}

/**
 * Writes the alerts an event owes (again for an event delivered again: nothing new, by the table's
 * unique keys) and answers those not sent yet, the ones left by an earlier attempt included. An
 * alert the shopper no longer wants (switched off, search removed, bot blocked) is dropped here.
 */
export async function prepareAlerts({ db, timeZone, now = () => new Date() }: AlertDeps, event: CarEvent): Promise<PendingAlert[]> {
  const car = await findAlertCar(db, event.payload.carUuid);
  // Deleted since: its alerts went with it.
  if (!car) return [];
  const fanout = await fanoutOf(db, event, car);
  if (fanout)
    await insertAlerts(db, {
      eventId: event.id,
      carUuid: car.uuid,
      day: alertDay(now(), timeZone),
      dailyCap: DAILY_ALERT_CAP,
      ...fanout,
    });
  const unsent = await unsentAlertsOfEvent(db, event.id);
  const covers = await coversOfCars(db, [car.uuid]);
  const pending: PendingAlert[] = [];
  for (const alert of unsent) {
    if (!alert.wanted || alert.telegramId === null) {
      await dropAlert(db, alert.id, 'no longer wanted: alerts switched off, saved search removed or bot blocked');
      continue;
    }
    pending.push({
      id: alert.id,
      userId: alert.userId,
      telegramId: alert.telegramId,
      language: alert.language,
      reason: alert.reason,
      car: { uuid: alert.carUuid, title: carTitle(alert), photoPath: covers.get(alert.carUuid)?.url ?? null },
      oldPrice: alert.oldPrice,
      price: alert.newPrice,
      savedSearchId: alert.savedSearchId,
    });
  }
  return pending;
}

export const recordAlertSent = (db: Db, alertId: number) => markAlertSent(db, alertId);

export const recordAlertDropped = (db: Db, alertId: number, reason: string) => dropAlert(db, alertId, reason);

/** Telegram refused: the shopper blocked the bot. Nothing more is sent until their next /start. */
export async function recordBlocked(db: Db, userId: number, alertId: number): Promise<void> {
  await setAlertsBlocked(db, userId, true);
  await dropAlert(db, alertId, 'the shopper blocked the bot');
}

/** The shopper started the bot again. */
export const clearBlocked = (db: Db, userId: number) => setAlertsBlocked(db, userId, false);

/** An unsubscribe button, already verified by the bot: answers whether anything was still on. */
export async function unsubscribe(db: Db, telegramId: number, target: AlertTarget): Promise<boolean> {
  const user = await findUserByTelegramId(db, telegramId);
  if (!user) return false;
  if (target.kind === 'saved_search') return deleteSavedSearch(db, user.id, target.id);
  const wasOn = await favoriteAlertsEnabled(db, user.id);
  await setFavoriteAlerts(db, user.id, false);
  return wasOn;
}
