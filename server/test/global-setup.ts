import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, createPglite } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ADMIN_POOL, adminUrl, databaseUrl } from './postgres-urls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | null;
    /** A file holding the data directory of a migrated PGlite (a tar), which every suite's PGlite starts from. */
    pgliteTemplateDump: string;
  }
}

/** Migrating PGlite takes seconds on a busy machine: it is done once per run, not once per worker or file. */
async function dumpMigratedPglite(dir: string): Promise<string> {
  const pglite = createPglite();
  const db = createDatabase({ kind: 'pglite-instance', pglite });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  await db.destroy();
  const file = join(dir, 'pglite-migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

/**
 * With TEST_DATABASE_URL, migrate one template database once; every suite then gets its own
 * copy (CREATE DATABASE … TEMPLATE), dropped when the suite finishes. PGlite gets one migrated dump.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'cars-test-template-'));
  const url = process.env.TEST_DATABASE_URL;
  // One after the other: PGlite's work blocks the event loop, and a PostgreSQL connection waiting meanwhile times out.
  const dump = await dumpMigratedPglite(dir);
  const template = url ? await migratePostgresTemplate(url, `cartest_template_${process.pid}_${project.name}`) : undefined;
  project.provide('pgliteTemplateDump', dump);
  project.provide('postgresTemplate', template?.name ?? null);
  return async () => {
    await template?.drop();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Each project that uses this setup migrates its own template, named after the run and the project. */
async function migratePostgresTemplate(url: string, name: string) {
  const admin = createDatabase({ kind: 'postgres', url: adminUrl(url), pool: ADMIN_POOL });
  const { sql } = await import('kysely');
  await sql`drop database if exists ${sql.id(name)}`.execute(admin);
  await sql`create database ${sql.id(name)}`.execute(admin);
  const db = createDatabase({ kind: 'postgres', url: databaseUrl(url, name), pool: ADMIN_POOL });
  await migrateToLatest(db);
  await db.destroy();
  return {
    name,
    async drop() {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}
