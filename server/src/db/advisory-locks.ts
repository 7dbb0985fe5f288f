import { sql } from 'kysely';
import type { Db } from './database.ts';

/**
 * Transaction-scoped advisory locks (released at commit or rollback, so a pooled connection never
 * keeps one). Two-key form: the first key says what is locked, so this app's locks never meet
 * another's. PGlite has them too; being one session, it simply never waits.
 */
const CLIENT_ADDRESS = 72_001;
const JOBS = 72_002;

/**
 * Serialises the per-address caps of one client address for the rest of the transaction, so a
 * count and the insert it allows happen as one step on every instance (two requests from one
 * address cannot both take the last place).
 */
export async function lockClientAddress(trx: Db, addressKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${CLIENT_ADDRESS}::integer, hashtext(${addressKey}))`.execute(trx);
}

/**
 * Takes the expiry job's lock (server/src/expiry/) for the rest of the transaction if no other
 * instance holds it; never waits.
 */
export async function tryLockExpiryJob(trx: Db): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${JOBS}::integer, 1) as locked`.execute(trx);
  return rows[0]?.locked === true;
}

/**
 * Takes the retention job's lock (server/src/retention/) for the rest of the transaction if no
 * other instance holds it; never waits.
 */
export async function tryLockRetentionJob(trx: Db): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${JOBS}::integer, 2) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
