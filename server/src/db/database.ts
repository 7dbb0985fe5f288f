import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPgliteAsPool } from './pglite-pool.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  /** dataDir undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string }
  | { kind: 'pglite-instance'; pglite: PGlite };

const INT8 = 20;
const NUMERIC = 1700;

/**
 * Both engines hand back plain numbers for bigint ids (Telegram ids fit in 2^53) and numeric
 * amounts, so query results have the same shape whichever database runs.
 */
const toNumber = (value: string) => Number(value);

export function createPglite(dataDir?: string): PGlite {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return new PGlite({ dataDir, parsers: { [INT8]: toNumber, [NUMERIC]: toNumber } });
}

export function createDatabase(target: DatabaseTarget): Db {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 20,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 || oid === NUMERIC ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its connection must not bring the process down; the pool replaces it.
    pool.on('error', () => {});
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const pglite = target.kind === 'pglite-instance' ? target.pglite : createPglite(target.dataDir);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPgliteAsPool(pglite) }) });
}

export function databaseTargetFor(config: { databaseUrl?: string | undefined; dataDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}
