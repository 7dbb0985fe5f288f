import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { DatabaseUnavailableError, DISK_FULL } from './unavailable.ts';

/**
 * Presents one embedded PGlite instance as the pool that Kysely's PostgresDialect expects, so the
 * same dialect, SQL and migrations run on PGlite and on PostgreSQL. PGlite has a single session:
 * connections are handed out one at a time, which keeps transactions from interleaving.
 */
export function createPgliteAsPool(pglite: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();
  /**
   * Set once the data folder has run out of space. PGlite answers that statement with an error,
   * but after a failed write of its log the next call into it (a query, or closing it) spins
   * inside WebAssembly for ever and freezes the whole process. So the instance is never called
   * again: every query is refused as unavailable (503), and a restart, once there is room,
   * recovers everything committed from the log like after a crash.
   */
  let wedged: string | undefined;

  return {
    async connect(): Promise<PostgresPoolClient> {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const previous = queue;
      queue = previous.then(() => released);
      await previous;
      return {
        async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
          if (wedged) throw new DatabaseUnavailableError(wedged);
          try {
            const result = await pglite.query<R>(sql, parameters as unknown[]);
            return {
              command: (result.command ?? 'SELECT') as PostgresQueryResult<R>['command'],
              rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
              rows: result.rows,
            };
          } catch (error) {
            if ((error as { code?: unknown }).code === DISK_FULL) {
              wedged = `the embedded database's folder is full (${(error as Error).message}); free space in DATA_DIR and restart the server`;
            }
            throw error;
          }
        },
        release,
      } as PostgresPoolClient;
    },
    async end() {
      await queue;
      // One that never opened (a folder it could not use) has nothing to close, and would only fail again.
      const opened = await pglite.waitReady.then(
        () => true,
        () => false,
      );
      if (opened && !wedged) await pglite.close();
    },
  };
}
