import type { PoolSettings } from '../src/db/pool-settings.ts';

/** The same server as `url`, but the named database. */
export function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** A connection to the server's maintenance database, for creating and dropping test databases. */
export const adminUrl = (url: string) => databaseUrl(url, 'postgres');

/**
 * Creating, copying and dropping a database waits on every other session using the template; on a
 * busy machine that takes longer than the app's few-second statement limit, which is not under test here.
 */
export const ADMIN_POOL: PoolSettings = { size: 2, connectMs: 60_000, statementMs: 120_000 };
