import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents one embedded PGlite instance as the pool that Kysely's PostgresDialect expects, so the
 * same dialect, SQL and migrations run on PGlite and on PostgreSQL. PGlite has a single session:
 * connections are handed out one at a time, which keeps transactions from interleaving.
 */
export function createPgliteAsPool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();

  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const previous = queue;
      queue = previous.then(() => released);
      await previous;
      return {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
          const result = await pglite.query<R>(sql, parameters as unknown[]);
          return {
            command: (result.command ?? 'SELECT') as PostgresQueryResult<R>['command'],
            rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
            rows: result.rows,
          };
        },
        release,
      } as PostgresPoolClient;
    },
    async end() {
      await queue;
      await pglite.close();
    },
  };
}
