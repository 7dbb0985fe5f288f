import type { VersionedVisitSettings, VisitSettings } from '../../../domain/visits/visit-settings.ts';
import type { Db } from '../db/database.ts';

/** The newest version, or undefined before the first is written. */
export async function findLatestVisitSettings(db: Db): Promise<VersionedVisitSettings | undefined> {
  const row = await db.selectFrom('visit_settings').select(['version', 'settings']).orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row && { version: row.version, settings: row.settings };
}

/** False when the version exists already: someone else saved it first. */
export async function insertVisitSettings(db: Db, version: number, settings: VisitSettings, savedBy: number | null): Promise<boolean> {
  const inserted = await db
    .insertInto('visit_settings')
    .values({ version, settings: JSON.stringify(settings), saved_by: savedBy })
    .onConflict((oc) => oc.column('version').doNothing())
    .returning('version')
    .executeTakeFirst();
  return inserted !== undefined;
}
