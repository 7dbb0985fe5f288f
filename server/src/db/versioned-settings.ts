import type { Db } from './database.ts';

/*
 * Settings a feature saves whole as numbered versions (the deal settings, the visiting hours): a
 * version never changes once written, the newest applies, and the first read writes version 1 from
 * the feature's defaults. Each feature keeps its table and its SQL in its own repository and hands
 * them in, with its words and its audit trail: the database layer imports no feature.
 */

export interface Versioned<S> {
  version: number;
  settings: S;
}

/** The audit row of one save, as the audit feature's `recordAudit` takes it. */
interface SaveAudit {
  actorUserId: number;
  action: string;
  entity: string;
  entityId: number;
  details: { from: number };
}

export interface VersionedSettingsStore<S> {
  /** The settings as the error of a failed seed names them: 'deal settings'. */
  name: string;
  /** The newest version, or undefined before the first is written. */
  findLatest: (db: Db) => Promise<Versioned<S> | undefined>;
  /** False when the version exists already: its table's primary key on the version refused it. */
  insert: (db: Db, version: number, settings: S, savedBy: number | null) => Promise<boolean>;
  /** What a save answers when someone saved another version since the one it edited (a 409 stale_version). */
  staleError: (currentVersion: number) => Error;
  /** Writes a save's audit row in its transaction, under this action and entity. */
  audit: { record: (db: Db, entry: SaveAudit) => Promise<void>; action: string; entity: string };
}

/** The newest version, or `defaults()` written as version 1 on first use. */
export async function currentVersionedSettings<S>(db: Db, store: VersionedSettingsStore<S>, defaults: () => S): Promise<Versioned<S>> {
  const latest = await store.findLatest(db);
  if (latest) return latest;
  // Two instances starting together both try version 1; the primary key lets one win and both read it.
  await store.insert(db, 1, defaults(), null);
  const seeded = await store.findLatest(db);
  if (!seeded) throw new Error(`The ${store.name} were seeded but cannot be read back.`);
  return seeded;
}

/**
 * Saves `save.settings` as the next version, audited; throws the store's stale error when someone
 * saved another version since `save.version`. Two saves of the same version both try to write the
 * next one: the primary key lets one win, and the other is stale.
 */
export async function saveVersionedSettings<S>(
  db: Db,
  store: VersionedSettingsStore<S>,
  defaults: () => S,
  actorUserId: number,
  save: Versioned<S>,
): Promise<Versioned<S>> {
  return db.transaction().execute(async (trx) => {
    const current = await currentVersionedSettings(trx, store, defaults);
    const next = current.version + 1;
    if (save.version !== current.version || !(await store.insert(trx, next, save.settings, actorUserId))) {
      throw store.staleError(current.version);
    }
    await store.audit.record(trx, {
      actorUserId,
      action: store.audit.action,
      entity: store.audit.entity,
      entityId: next,
      details: { from: current.version },
    });
    return { version: next, settings: save.settings };
  });
}
