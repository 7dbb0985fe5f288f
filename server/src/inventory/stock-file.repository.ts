import { photoUrl, type CarPhotoVariant } from '../../../domain/car-images.ts';
import type { Db } from '../db/database.ts';
import type { CarRow } from '../db/schema.ts';

/**
 * Every car, archived ones included, oldest first: a stock file is matched against the whole
 * inventory at once (one query, not one per row) and exported in the order cars arrived.
 */
export async function allCarRows(db: Db): Promise<CarRow[]> {
  return db.selectFrom('cars').selectAll().orderBy('date_added').orderBy('uuid').execute();
}

/**
 * Each car's photos as the export writes them, cover first: the largest stored JPEG, the one a
 * dealer system or marketplace that reads the file back would show full size.
 */
export async function allCarPhotoUrls(db: Db): Promise<Map<string, string[]>> {
  const rows = await db.selectFrom('car_photos').select(['car_uuid', 'variants']).orderBy('car_uuid').orderBy('position').execute();
  const urls = new Map<string, string[]>();
  for (const row of rows) {
    const largest = Object.values<CarPhotoVariant>(row.variants).reduce((a, b) => (b.width > a.width ? b : a));
    urls.set(row.car_uuid, [...(urls.get(row.car_uuid) ?? []), photoUrl(largest.jpeg, 'jpeg')]);
  }
  return urls;
}
