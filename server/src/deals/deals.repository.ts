import type { DealSettings, VersionedDealSettings } from '../../../domain/deals/deal-settings.ts';
import type { Db } from '../db/database.ts';

/** The newest version's number, or undefined before the first is written. */
export async function findLatestDealSettingsVersion(db: Db): Promise<number | undefined> {
  const row = await db.selectFrom('deal_settings').select('version').orderBy('version', 'desc').limit(1).executeTakeFirst();
  return row?.version;
}

/** One version, as a saved deal names it. */
export async function findDealSettings(db: Db, version: number): Promise<VersionedDealSettings | undefined> {
  const row = await db.selectFrom('deal_settings').select(['version', 'settings']).where('version', '=', version).executeTakeFirst();
  return row && { version: row.version, settings: row.settings };
}

/** False when the version exists already: someone else saved it first. */
export async function insertDealSettings(db: Db, version: number, settings: DealSettings, savedBy: number | null): Promise<boolean> {
  const inserted = await db
    .insertInto('deal_settings')
    .values({ version, settings: JSON.stringify(settings), saved_by: savedBy })
    .onConflict((oc) => oc.column('version').doNothing())
    .returning('version')
    .executeTakeFirst();
  return inserted !== undefined;
}
