import type { VisitSettingsSave } from '../../../domain/contracts/visits.ts';
import { DEFAULT_VISIT_SETTINGS, type VersionedVisitSettings } from '../../../domain/visits/visit-settings.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
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

/**
 * PUT /api/visit-settings: saves the visiting hours as the next version, audited; a 409 when someone
 * saved another version since `version`. Visits already booked keep their times.
 */
export async function saveVisitSettings(db: Db, actorUserId: number, save: VisitSettingsSave): Promise<VersionedVisitSettings> {
  return db.transaction().execute(async (trx) => {
    const current = await currentVisitSettings(trx);
    const next = current.version + 1;
    if (save.version !== current.version || !(await insertVisitSettings(trx, next, save.settings, actorUserId))) {
      throw new HttpError(
        'stale_version',
        `The visiting hours were changed by someone else (now version ${current.version}): reload them and make your change again.`,
      );
    }
    await recordAudit(trx, {
      actorUserId,
      action: 'visit_settings.saved',
      entity: 'visit_settings',
      entityId: next,
      details: { from: current.version },
    });
    return { version: next, settings: save.settings };
  });
}
