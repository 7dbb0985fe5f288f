import type { Db } from '../db/database.ts';
import type { CarRow } from '../db/schema.ts';

/**
 * Every car, archived ones included, oldest first: a stock file is matched against the whole
 * inventory at once (one query, not one per row) and exported in the order cars arrived.
 */
export async function allCarRows(db: Db): Promise<CarRow[]> {
  return db.selectFrom('cars').selectAll().orderBy('date_added').orderBy('uuid').execute();
}
