import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDatabase, createPglite, type Db } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { adminUrl, databaseUrl } from './postgres-urls.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** Every database-touching suite runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  db: Db;
  /** The connection string, for a PostgreSQL copy: faults tests reach it through a proxy. */
  url?: string;
  drop: () => Promise<void>;
}

let pgliteTemplate: Promise<PGlite> | undefined;

/** Migrating PGlite takes about a second, so each worker migrates once and clones per suite. */
function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const pglite = createPglite();
    const db = createDatabase({ kind: 'pglite-instance', pglite });
    await migrateToLatest(db);
    return pglite;
  })();
  return pgliteTemplate;
}

async function createPostgresCopy(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL!;
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is set but the global setup made no template database');
  const name = `cartest_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase({ kind: 'postgres', url: adminUrl(url) });
  // Two copies of one template at the same instant can collide; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await sql`create database ${sql.id(name)} template ${sql.id(template)}`.execute(admin);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const db = createDatabase({ kind: 'postgres', url: databaseUrl(url, name) });
  return {
    db,
    url: databaseUrl(url, name),
    async drop() {
      await db.destroy();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'postgres') return createPostgresCopy();
  // Not PGlite's clone(): it drops the parsers, and numeric columns would come back as text.
  const pglite = createPglite(undefined, await (await migratedPgliteTemplate()).dumpDataDir('none'));
  const db = createDatabase({ kind: 'pglite-instance', pglite });
  return { db, drop: () => db.destroy() };
}
