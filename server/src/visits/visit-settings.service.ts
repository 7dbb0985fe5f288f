import { DEFAULT_VISIT_SETTINGS, type VersionedVisitSettings } from '../../../domain/visits/visit-settings.ts';
import type { Db } from '../db/database.ts';
import { findLatestVisitSettings, insertVisitSettings } from './visit-settings.repository.ts';

/**
 * The visiting hours slots are laid out by now (docs/product/visits.md#settings): the newest saved
 * version, or the defaults written as version 1 on first use.
 */
export async function currentVisitSettings(db: Db): Promise<VersionedVisitSettings> {
  const latest = await findLatestVisitSettings(db);
  if (latest) return latest;
  // Two instances starting together both try version 1; the primary key lets one win and both read it.
  await insertVisitSettings(db, 1, DEFAULT_VISIT_SETTINGS, null);
  const seeded = await findLatestVisitSettings(db);
  if (!seeded) throw new Error('The visit settings were seeded but cannot be read back.');
  return seeded;
}
