import type { AlertReason } from '../alerts.ts';
import type { SavedSearchFilters } from '../cars.ts';
import type { Language } from '../enums.ts';

/** Telegram alerts on the wire (docs/decisions/019-telegram-alerts.md). */

/** GET and PUT /api/alerts/favorites. */
export interface FavoriteAlertsState {
  enabled: boolean;
}

/** A shopper's saved search ("Notify me" on the catalogue). */
export interface SavedSearch {
  id: number;
  filters: SavedSearchFilters;
  createdAt: string;
}

/** GET /api/saved-searches: the shopper's saved searches, oldest first, and how many they may keep. */
export interface SavedSearchList {
  items: SavedSearch[];
  max: number;
}

/** What an alert's unsubscribe button stops: alerts on favourites, or one saved search. */
export type AlertTarget = { kind: 'favorites' } | { kind: 'saved_search'; id: number };

/** One message owed to a shopper, as the bot needs it to write it (server/src/alerts/alerts.service.ts). */
export interface PendingAlert {
  id: number;
  userId: number;
  telegramId: number;
  language: Language;
  reason: AlertReason;
  car: {
    uuid: string;
    title: string;
    /** The cover photo's JPEG path (`/media/photos/…`), or null when the car has no uploaded photo. */
    photoPath: string | null;
  };
  /** The price before a drop; null for other reasons. */
  oldPrice: number | null;
  price: number;
  /** For a new match: the saved search it matched (its unsubscribe button stops that one). */
  savedSearchId: number | null;
}
