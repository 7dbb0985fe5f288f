import type { PhotoFetch, PhotoFetchFailure, PhotoFetchOutcome } from '../../../domain/contracts/inventory.ts';
import type { Db } from '../db/database.ts';

/** The photo addresses a stock file gave the cars it created, and what became of each (migration 0027). */

/** What one try of an address came to; `position` is the address's place in the car's list (0 first). */
export interface PhotoFetchResult {
  position: number;
  outcome: PhotoFetchOutcome;
  reason: PhotoFetchFailure | null;
  httpStatus: number | null;
}

/** Each car's addresses, pending, in the file's order. */
export async function addPendingPhotoFetches(db: Db, cars: ReadonlyArray<{ carUuid: string; urls: readonly string[] }>): Promise<void> {
  const rows = cars.flatMap(({ carUuid, urls }) => urls.map((url, position) => ({ car_uuid: carUuid, position, url })));
  if (rows.length > 0) await db.insertInto('car_photo_fetches').values(rows).execute();
}

export async function listPhotoFetches(db: Db, carUuid: string): Promise<PhotoFetch[]> {
  const rows = await db
    .selectFrom('car_photo_fetches')
    .select(['url', 'outcome', 'reason', 'http_status'])
    .where('car_uuid', '=', carUuid)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({ url: row.url, outcome: row.outcome, reason: row.reason, httpStatus: row.http_status }));
}

export async function recordPhotoFetches(db: Db, carUuid: string, results: readonly PhotoFetchResult[]): Promise<void> {
  for (const result of results)
    await db
      .updateTable('car_photo_fetches')
      .set({ outcome: result.outcome, reason: result.reason, http_status: result.httpStatus, updated_at: new Date() })
      .where('car_uuid', '=', carUuid)
      .where('position', '=', result.position)
      .execute();
}
