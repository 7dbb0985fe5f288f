import type { VisitSettingsSave } from '../../../domain/contracts/visits.ts';
import { DEFAULT_VISIT_SETTINGS, type VersionedVisitSettings, type VisitSettings } from '../../../domain/visits/visit-settings.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { currentVersionedSettings, saveVersionedSettings, type VersionedSettingsStore } from '../db/versioned-settings.ts';
import { HttpError } from '../http/errors.ts';
import { findLatestVisitSettings, insertVisitSettings } from './visit-settings.repository.ts';

const visitSettings: VersionedSettingsStore<VisitSettings> = {
  name: 'visit settings',
  findLatest: findLatestVisitSettings,
  insert: insertVisitSettings,
  staleError: (currentVersion) =>
    new HttpError(
      'stale_version',
      `The visiting hours were changed by someone else (now version ${currentVersion}): reload them and make your change again.`,
    ),
  audit: { record: recordAudit, action: 'visit_settings.saved', entity: 'visit_settings' },
};

const defaults = () => DEFAULT_VISIT_SETTINGS;

/**
 * The visiting hours slots are laid out by now (docs/product/visits.md#settings): the newest saved
 * version, or the defaults written as version 1 on first use.
 */
export async function currentVisitSettings(db: Db): Promise<VersionedVisitSettings> {
  return currentVersionedSettings(db, visitSettings, defaults);
}

/**
 * PUT /api/visit-settings: saves the visiting hours as the next version, audited; a 409 when someone
 * saved another version since `version`. Visits already booked keep their times.
 */
export async function saveVisitSettings(db: Db, actorUserId: number, save: VisitSettingsSave): Promise<VersionedVisitSettings> {
  return saveVersionedSettings(db, visitSettings, defaults, actorUserId, save);
}
