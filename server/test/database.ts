import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createDatabase, createPglite, type Db } from '../src/db/database.ts';
import { ADMIN_POOL, adminUrl, databaseUrl } from './postgres-urls.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Every suite whose outcome depends on the SQL it runs (repositories, services, migrations, the
 * suites that walk every route) runs on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set:
 * the two drivers differ in types, errors and concurrency.
 */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * Suites about HTTP behaviour alone (headers, status codes, logging, parsing before any query, the
 * route fuzz sweeps hunting a 5xx in parsing and validation) run on PGlite only: their SQL is the
 * same as a suite in DATABASE_KINDS already runs on PostgreSQL.
 */
export const HTTP_ONLY_KINDS: DatabaseKind[] = ['pglite'];

export interface TestDatabase {
  db: Db;
  /** The connection string, for a PostgreSQL copy: faults tests reach it through a proxy. */
  url?: string;
  drop: () => Promise<void>;
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The global setup migrated one PGlite and dumped it (global-setup.ts); each worker reads the dump once. */
function migratedPgliteDump(): Promise<Blob> {
  pgliteTemplate ??= readFile(inject('pgliteTemplateDump')).then((bytes) => new Blob([bytes]));
  return pgliteTemplate;
}

async function createPostgresCopy(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL!;
  const template = inject('postgresTemplate');
  if (!template) throw new Error('TEST_DATABASE_URL is set but the global setup made no template database');
  const name = `cartest_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase({ kind: 'postgres', url: adminUrl(url), pool: ADMIN_POOL });
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
  // Loaded from a dump, not PGlite's clone(): clone() drops the parsers, and numeric columns would come back as text.
  const pglite = createPglite(undefined, await migratedPgliteDump());
  const db = createDatabase({ kind: 'pglite-instance', pglite });
  return { db, drop: () => db.destroy() };
}
