import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { createPgliteAsPool } from './pglite-pool.ts';
import type { Database } from './schema.ts';
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from './pool-settings.ts';
import { asDatabaseError, isDatabaseUnavailable } from './unavailable.ts';

export type Db = Kysely<Database>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; pool?: PoolSettings }
  /** dataDir undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string }
  | { kind: 'pglite-instance'; pglite: PGlite };

const INT8 = 20;
const NUMERIC = 1700;
const BYTEA = 17;

/**
 * Both engines hand back plain numbers for bigint ids (Telegram ids fit in 2^53) and numeric
 * amounts, so query results have the same shape whichever database runs.
 */
const toNumber = (value: string) => Number(value);

/**
 * Bytes come back as a Buffer, as node-postgres gives them. PGlite's own parser reads the hex text a
 * byte at a time, about 15 ms for one licence photo's print copy and 55 ms for the photo itself,
 * which every PDF paid (docs/operations/benchmarks.md#pdfs).
 */
const toBuffer = (value: string) => Buffer.from(value.slice(2), 'hex');

/** An embedded database in dataDir (in memory without one), optionally starting from a dump of another. */
export function createPglite(dataDir?: string, loadDataDir?: Blob): PGlite {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return new PGlite({ dataDir, loadDataDir, parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [BYTEA]: toBuffer } });
}

/**
 * Every driver's errors name the failed statement's SQL (placeholders only, useful in a log) and
 * none carries its bound values, which hold personal data: PGlite attaches them as `params`.
 */
function withStatementOnly(error: unknown, sql: string): unknown {
  if (error instanceof Error) {
    delete (error as { params?: unknown }).params;
    (error as { query?: string }).query ??= sql;
  }
  return error;
}

/**
 * Turns every "cannot reach the database" failure into DatabaseUnavailableError at the one place
 * all queries pass, and drops a connection that failed that way instead of reusing it.
 */
function guardPool(pool: PostgresPool): PostgresPool {
  // One wrapper per underlying client, so Kysely's per-client connection cache keeps working.
  const wrappers = new WeakMap<PostgresPoolClient, { client: PostgresPoolClient; broken: boolean }>();
  const wrap = (client: PostgresPoolClient) => {
    const state = {
      broken: false,
      client: {
        async query(sql: string, parameters: ReadonlyArray<unknown>) {
          try {
            return await client.query(sql, parameters);
          } catch (error) {
            if (isDatabaseUnavailable(error)) state.broken = true;
            throw asDatabaseError(withStatementOnly(error, sql));
          }
        },
        // pg destroys a client released with a truthy argument rather than pooling it again.
        release: () => (client as Pick<pg.PoolClient, 'release'>).release(state.broken),
      } as PostgresPoolClient,
    };
    wrappers.set(client, state);
    return state;
  };
  return {
    async connect(): Promise<PostgresPoolClient> {
      let client: PostgresPoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw asDatabaseError(error);
      }
      const state = wrappers.get(client) ?? wrap(client);
      state.broken = false;
      return state.client;
    },
    end: () => pool.end(),
  };
}

function createPostgresPool(url: string, settings: PoolSettings): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.size,
    connectionTimeoutMillis: settings.connectMs,
    statement_timeout: settings.statementMs,
    // A frozen server never cancels anything itself; the client gives up a moment after it would have.
    query_timeout: settings.statementMs + 1000,
    // A transaction left open by a crashed handler must not hold locks for long.
    idle_in_transaction_session_timeout: settings.statementMs * 2,
    keepAlive: true,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown =>
        oid === INT8 || oid === NUMERIC ? toNumber : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A client losing its connection, idle or checked out between two queries, must not bring the
  // process down: a running query fails on its own, and the pool replaces the client.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

export function createDatabase(target: DatabaseTarget): Db {
  const pool =
    target.kind === 'postgres'
      ? createPostgresPool(target.url, target.pool ?? DEFAULT_POOL_SETTINGS)
      : createPgliteAsPool(target.kind === 'pglite-instance' ? target.pglite : createPglite(target.dataDir));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: guardPool(pool) }) });
}

/**
 * Resolves when the database answers a statement that reads no table, and throws what the pool
 * throws when it does not (DatabaseUnavailableError when it cannot be reached or is too slow).
 */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Where the embedded database keeps its files, under DATA_DIR. */
export const embeddedDirectory = (database: { dataDir: string }) => join(database.dataDir, 'pglite');

export function databaseTargetFor(database: { url?: string | undefined; dataDir: string; pool: PoolSettings }): DatabaseTarget {
  return database.url
    ? { kind: 'postgres', url: database.url, pool: database.pool }
    : { kind: 'pglite', dataDir: embeddedDirectory(database) };
}
