import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime } from '../../server/src/runtime.ts';
import { seedDatabase } from '../../server/src/seed/seed.ts';
import { testConfig } from '../../server/test/app.ts';
import { startTcpProxy } from '../../server/test/tcp-proxy.ts';
import { answerKey, holdPhase, postgresServerUrl, runIfMain, seconds, sleep, Tally, throwawayPostgres, type Say } from './support.ts';

/**
 * Fault: PostgreSQL stops in the middle of load and comes back. The app reaches its database
 * through a TCP proxy that drops every connection and refuses new ones for a while, which is what
 * clients see of a restart (the system PostgreSQL itself keeps running for everyone else).
 *
 * Shows: while it is down every request answers 503 database_unavailable with Retry-After (no
 * 500, nothing hanging past the pool's timeouts); it recovers by itself; every write the server
 * acknowledged (a favourite added) is in the database afterwards.
 */

export interface RestartFaultOptions {
  clients?: number;
  beforeMs?: number;
  downMs?: number;
  afterMs?: number;
  /** Shorter pool timeouts (DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS) for a quick test; the defaults otherwise. */
  poolEnv?: Record<string, string>;
}

export interface RestartFaultReport {
  before: Tally;
  down: Tally;
  after: Tally;
  /** 503 answers that came without a Retry-After header. */
  withoutRetryAfter: number;
  slowestMs: number;
  /** From the database's return to the first acknowledged write. */
  recoveryMs: number | undefined;
  acknowledged: number;
  lost: number;
}

export async function postgresRestartFault(
  say: Say,
  serverUrl: string,
  { clients = 8, beforeMs = 1000, downMs = 2000, afterMs = 1500, poolEnv = {} }: RestartFaultOptions = {},
): Promise<RestartFaultReport> {
  const database = await throwawayPostgres(serverUrl, 'faults_restart');
  await seedDatabase(database.db, { cars: 40 });
  const direct = new URL(database.url);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(direct);
  proxied.host = `127.0.0.1:${proxy.port}`;
  const runtime = await createRuntime(testConfig({ DATABASE_URL: proxied.toString(), ...poolEnv }), {
    logger: false,
    webDist: join(tmpdir(), 'no-web-build'),
  });
  try {
    const origin = await runtime.app.listen({ host: '127.0.0.1', port: 0 });
    const cars = (await database.db.selectFrom('cars').select('uuid').orderBy('uuid').execute()).map((car) => car.uuid);
    say(`A throwaway PostgreSQL database behind a TCP proxy; ${clients} guests adding favourites and ${clients} readers.`);

    const tallies = { before: new Tally(), down: new Tally(), after: new Tally() };
    let phase: keyof typeof tallies | 'done' = 'before';
    let withoutRetryAfter = 0;
    let slowestMs = 0;
    let healedAt = 0;
    let recoveryMs: number | undefined;
    let writesAcknowledged = 0;
    const acknowledged = new Map<string, string[]>();

    const record = async (request: () => Promise<Response>, write = false) => {
      if (phase === 'done') return;
      const tally = tallies[phase];
      const started = Date.now();
      const response = await request().catch(() => undefined);
      slowestMs = Math.max(slowestMs, Date.now() - started);
      if (!response) return tally.add('network');
      if (response.status === 503 && !response.headers.get('retry-after')) withoutRetryAfter += 1;
      if (write && response.ok) writesAcknowledged += 1;
      if (write && response.ok && phase === 'after' && recoveryMs === undefined) recoveryMs = Date.now() - healedAt;
      tally.add(await answerKey(response.clone()));
      return response;
    };
    const writer = async () => {
      let cookie = '';
      while (!cookie && phase !== 'done') {
        const response = await record(
          () =>
            fetch(`${origin}/api/viewed-cars`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ carUuid: cars[0] }),
            }),
          true,
        );
        if (response?.ok)
          cookie = response.headers
            .getSetCookie()
            .map((line) => line.split(';')[0])
            .join('; ');
        else await sleep(200);
      }
      const mine: string[] = [];
      acknowledged.set(cookie, mine);
      for (let i = 0; phase !== 'done' && i < cars.length;) {
        const carUuid = cars[i]!;
        const response = await record(
          () =>
            fetch(`${origin}/api/viewed-cars/toggle-favorite`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify({ carUuid }),
            }),
          true,
        );
        if (response?.ok) {
          if (((await response.json()) as { is_favorite: boolean }).is_favorite) mine.push(carUuid);
          i += 1;
        } else {
          // As a client told Retry-After would: wait a moment, then try again, the same car.
          await sleep(200);
        }
      }
    };
    const reader = async () => {
      for (let page = 1; phase !== 'done'; page = (page % 2) + 1) {
        const response = await record(() => fetch(`${origin}/api/cars?page=${page}`));
        if (!response?.ok) await sleep(200);
      }
    };
    const load = Promise.all([...Array.from({ length: clients }, writer), ...Array.from({ length: clients }, reader)]);

    // Phases end on what happened, not on the clock alone: on a busy machine the first writes (a cold
    // server, a fresh pool) or the reconnect can take longer than the nominal window.
    await holdPhase(beforeMs, () => writesAcknowledged >= clients);
    phase = 'down';
    proxy.refuse();
    await sleep(downMs);
    phase = 'after';
    healedAt = Date.now();
    proxy.heal();
    await holdPhase(afterMs, () => recoveryMs !== undefined && (tallies.after.counts['200'] ?? 0) > 0);
    phase = 'done';
    await load;
    say(`Sent before the stop (${seconds(beforeMs)}; those in flight at the cut answer 503): ${tallies.before.summary()}.`);
    say(`Sent while down (${seconds(downMs)}): ${tallies.down.summary()}; 503s without Retry-After: ${withoutRetryAfter}.`);
    say(
      `Sent once back (${seconds(afterMs)}): ${tallies.after.summary()}; first acknowledged write ${recoveryMs === undefined ? 'NEVER' : `${seconds(recoveryMs)} after the database returned`}; slowest answer ${seconds(slowestMs)}.`,
    );

    let total = 0;
    let lost = 0;
    for (const [cookie, mine] of acknowledged) {
      const response = await fetch(`${origin}/api/favorites?limit=100`, { headers: { cookie } });
      const kept = new Set(((await response.json()) as { items: Array<{ uuid: string }> }).items.map((car) => car.uuid));
      total += mine.length;
      lost += mine.filter((uuid) => !kept.has(uuid)).length;
    }
    say(`${total} acknowledged favourites, ${lost} lost.`);
    return { ...tallies, withoutRetryAfter, slowestMs, recoveryMs, acknowledged: total, lost };
  } finally {
    await runtime.close();
    await proxy.close();
    await database.drop();
  }
}

runIfMain(import.meta.url, async (say) => {
  const url = postgresServerUrl();
  if (!url) return say('Skipped the PostgreSQL restart fault: set DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server.');
  await postgresRestartFault(say, url, { clients: 32, beforeMs: 5000, downMs: 10_000, afterMs: 10_000 });
});
