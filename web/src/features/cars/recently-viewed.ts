import * as v from 'valibot';
import { carUuidSchema } from '../../../../domain/cars.ts';

/**
 * The cars this browser opened, newest first (spec §3 viewed cars). The server records each view
 * for the dealer's metrics but offers no list of them, so the favourites screen reads this one.
 */
const STORAGE_KEY = 'recentlyViewedCars';
export const RECENTLY_VIEWED_LIMIT = 8;

const storedSchema = v.array(carUuidSchema);

export function readRecentlyViewed(): string[] {
  try {
    const parsed = v.safeParse(storedSchema, JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]'));
    return parsed.success ? parsed.output.slice(0, RECENTLY_VIEWED_LIMIT) : [];
  } catch {
    return [];
  }
}

function write(uuids: string[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(uuids.slice(0, RECENTLY_VIEWED_LIMIT)));
  } catch {
    // Storage can be off (private mode, some webviews): the list then simply stays empty.
  }
}

export function rememberViewedCar(uuid: string): void {
  write([uuid, ...readRecentlyViewed().filter((known) => known !== uuid)]);
}

/** A car that no longer exists leaves the list. */
export function forgetViewedCar(uuid: string): void {
  write(readRecentlyViewed().filter((known) => known !== uuid));
}
