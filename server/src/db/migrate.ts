import { inspect } from 'node:util';
import { Migrator, type MigrationResultSet } from 'kysely';
import { migrations } from '../../../migrations/index.ts';
import type { Db } from './database.ts';

export function createMigrator(db: Db): Migrator {
  return new Migrator({ db, provider: { getMigrations: async () => migrations } });
}

function unwrap({ error, results }: MigrationResultSet, what: string): string[] {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    throw new Error(`${what} failed${failed ? ` at ${failed}` : ''}: ${error instanceof Error ? error.message : inspect(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** Applies every pending migration; returns the names applied. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  return unwrap(await createMigrator(db).migrateToLatest(), 'Migration');
}

/** Reverts every applied migration, newest first. */
export async function migrateAllDown(db: Db): Promise<string[]> {
  const migrator = createMigrator(db);
  const reverted: string[] = [];
  for (;;) {
    const step = unwrap(await migrator.migrateDown(), 'Migration down');
    if (step.length === 0) return reverted;
    reverted.push(...step);
  }
}
