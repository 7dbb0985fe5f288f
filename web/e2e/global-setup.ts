import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, createPglite, embeddedDirectory } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's folder, which each browser suite's server copies into its DATA_DIR. */
    e2eDatabaseTemplate: string;
  }
}

/**
 * Every browser suite starts a production server on a DATA_DIR of its own. Migrating its embedded
 * database from nothing takes seconds of each start; it is done once per run here, and each
 * server starts from a copy, running the same migrations and finding them applied.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cars-e2e-template-'));
  const directory = embeddedDirectory({ dataDir });
  const db = createDatabase({ kind: 'pglite-instance', pglite: createPglite(directory) });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('e2eDatabaseTemplate', directory);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
