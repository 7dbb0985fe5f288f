import type { SavedSearchFilters } from './cars.ts';
import type { CarCard } from './contracts/cars.ts';
import type { CarListingState } from './enums.ts';
import { isPublicListing } from './listing-states.ts';

/** Telegram alerts' rules (docs/decisions/019-telegram-alerts.md); what crosses the wire is in contracts/alerts.ts. */

/** Saved searches a shopper may keep: enough for a few models they weigh up, few enough to read at a glance on Favourites. */
export const MAX_SAVED_SEARCHES = 5;

/**
 * Alert messages a shopper gets in one day at most, whatever happens to the stock. A shopper who
 * hears from the bot more often than this tends to block it, and a blocked bot can no longer tell
 * them how their loan application stands either; the rest of the day's news waits on the site.
 */
export const DAILY_ALERT_CAP = 5;

/** Why a shopper hears of a car. */
export const ALERT_REASONS = ['price_dropped', 'sold', 'available_again', 'new_match'] as const;
export type AlertReason = (typeof ALERT_REASONS)[number];

/**
 * The day an alert counts against, in the dealer's time zone: the limits (one message per car a
 * day, DAILY_ALERT_CAP) restart at the dealer's midnight, as ISO YYYY-MM-DD.
 */
export function alertDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * Whether a listing change is news for the car's fans: sold, or a pending sale that fell through.
 * A move into or out of a draft or the archive is staff's business, not news.
 */
export function listingChangeReason(from: CarListingState, to: CarListingState): AlertReason | null {
  if (!isPublicListing(from) || !isPublicListing(to)) return null;
  if (to === 'sold' && from !== 'sold') return 'sold';
  if (from === 'pending' && to === 'available') return 'available_again';
  return null;
}

/** A car becomes visible to shoppers as available: new in stock for saved searches. */
export const isPublication = (from: CarListingState | null, to: CarListingState) =>
  to === 'available' && (from === null || from === 'draft' || from === 'archived');

/** What a saved search is matched against. */
export type MatchableCar = Pick<CarCard, 'brand' | 'model' | 'year' | 'price' | 'mileage' | 'condition' | 'certified'>;

/** The catalogue's own rules (server/src/cars/cars.repository.ts FILTERS): brand and model exactly, ranges inclusive. */
export function carMatchesFilters(filters: SavedSearchFilters, car: MatchableCar): boolean {
  const within = (value: number, min: number | undefined, max: number | undefined) =>
    (min === undefined || value >= min) && (max === undefined || value <= max);
  return (
    (filters.brand === undefined || filters.brand === car.brand) &&
    (filters.model === undefined || filters.model === car.model) &&
    (filters.condition === undefined ||
      (filters.condition === 'certified' ? car.condition === 'used' && car.certified : filters.condition === car.condition)) &&
    within(car.year, filters.yearMin, filters.yearMax) &&
    within(car.price, filters.priceMin, filters.priceMax) &&
    within(car.mileage, filters.mileageMin, filters.mileageMax)
  );
}
