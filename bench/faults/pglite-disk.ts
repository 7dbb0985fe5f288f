import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerKey, holdPhase, runIfMain, seconds, serverEnv, sleep, startServer, Tally, type Say, type ServerProcess } from './support.ts';

/**
 * Fault: the embedded database's disk fills up while the server writes, and the server starts on
 * a full or read-only data folder. DATA_DIR is a small tmpfs mounted for the run (root only), so
 * "full" is a real ENOSPC and "read-only" a real EROFS; nothing outside it is touched.
 *
 * Shows: writes and reads answer 503 database_unavailable (never a 500, never a frozen process)
 * once the disk is full; the server stops cleanly; a start on a full or read-only folder ends in one
 * line naming the folder and the fix; once there is room again every acknowledged write is there.
 */

const TMPFS_MB = 64;

export interface DiskFaultOptions {
  /** Concurrent writers (each a web guest adding favourites), and as many readers. */
  clients?: number;
  /** Writing before the disk fills. */
  beforeMs?: number;
  /** Writing on after the first refusal. */
  afterMs?: number;
}

export interface StartAttempt {
  code: number | null;
  lines: string[];
}

export interface DiskFaultReport {
  before: Tally;
  after: Tally;
  /** From filling the disk to the first 503. */
  firstRefusalMs: number | undefined;
  /** The slowest answer once the disk was full: the process kept serving. */
  slowestAfterMs: number;
  healthWhenFull: number;
  stoppedCode: number | null;
  startFull: StartAttempt;
  startReadOnly: StartAttempt;
  startReadOnlyDatabase: StartAttempt;
  acknowledged: number;
  lost: number;
  writableAgain: boolean;
}

/** Why the fault cannot run here (no tmpfs mount), or undefined. */
export function diskFaultUnavailable(): string | undefined {
  if (process.platform !== 'linux') return 'it needs Linux (a tmpfs mount)';
  if (process.getuid?.() !== 0) return 'it mounts a small tmpfs, which needs root';
  const probe = mkdtempSync(join(tmpdir(), 'faults-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe]);
    return undefined;
  } catch {
    return 'this container may not mount a tmpfs (no CAP_SYS_ADMIN)';
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const oneLine = (server: ServerProcess): string[] => server.stderr().trim().split('\n');

async function attempt(env: Record<string, string>): Promise<StartAttempt> {
  const server = await startServer(env);
  const { code } = await (server.child.exitCode === null ? server.stop('SIGKILL').then(() => ({ code: -1 })) : server.exited);
  return { code, lines: oneLine(server) };
}

function fill(directory: string, leave: number): void {
  const { bavail, bsize } = statfsSync(directory);
  writeFileSync(join(directory, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - leave)));
}

export async function pgliteDiskFault(
  say: Say,
  { clients = 8, beforeMs = 1500, afterMs = 1500 }: DiskFaultOptions = {},
): Promise<DiskFaultReport> {
  const mount = mkdtempSync(join(tmpdir(), 'faults-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_MB}m`, 'tmpfs', mount]);
  const dataDir = join(mount, 'data');
  const env = serverEnv({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const mounts = [mount];
  try {
    say(`PGlite in ${dataDir} on a ${TMPFS_MB} MB tmpfs; ${clients} guests adding favourites and ${clients} readers.`);
    let server = await startServer(env);
    const cars = ((await (await fetch(`${server.origin}/api/cars?limit=100`)).json()) as { items: Array<{ uuid: string }> }).items.map(
      (car) => car.uuid,
    );

    const before = new Tally();
    const after = new Tally();
    let phase: 'before' | 'after' | 'done' = 'before';
    let filledAt = 0;
    let firstRefusalMs: number | undefined;
    let slowestAfterMs = 0;
    /** Per guest cookie, the cars the server said are now favourites. */
    const acknowledged = new Map<string, string[]>();

    const record = async (request: () => Promise<Response>) => {
      const started = Date.now();
      const key = await request().then(answerKey, () => 'network');
      (phase === 'before' ? before : after).add(key);
      if (phase === 'after') {
        slowestAfterMs = Math.max(slowestAfterMs, Date.now() - started);
        if (key.startsWith('503') && firstRefusalMs === undefined) firstRefusalMs = Date.now() - filledAt;
      }
      return key;
    };
    const writer = async () => {
      const first = await fetch(`${server.origin}/api/viewed-cars`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ carUuid: cars[0] }),
      });
      const cookie = first.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
      await first.arrayBuffer();
      const mine: string[] = [];
      acknowledged.set(cookie, mine);
      for (let i = 0; phase !== 'done' && i < cars.length; i++) {
        const carUuid = cars[i]!;
        let answer: { is_favorite?: boolean } = {};
        await record(async () => {
          const response = await fetch(`${server.origin}/api/viewed-cars/toggle-favorite`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie },
            body: JSON.stringify({ carUuid }),
          });
          if (response.ok) answer = (await response.clone().json()) as { is_favorite: boolean };
          return response;
        });
        if (answer.is_favorite) mine.push(carUuid);
      }
    };
    const reader = async () => {
      for (let page = 1; phase !== 'done'; page = (page % 5) + 1) await record(() => fetch(`${server.origin}/api/cars?page=${page}`));
    };
    const load = Promise.all([...Array.from({ length: clients }, writer), ...Array.from({ length: clients }, reader)]);

    // On a busy machine the first writes can take longer than beforeMs: the disk fills once some are acknowledged.
    await holdPhase(beforeMs, () => [...acknowledged.values()].some((cars) => cars.length > 0));
    phase = 'after';
    filledAt = Date.now();
    fill(dataDir, 0);
    say(`Filled the disk after ${seconds(beforeMs)}: ${before.summary()}.`);
    // Writing on until the disk shows (a page with room left takes a few more rows), then a while longer.
    while (firstRefusalMs === undefined && Date.now() - filledAt < 30_000) await sleep(50);
    await sleep(afterMs);
    const healthWhenFull = (await fetch(`${server.origin}/api/health`)).status;
    phase = 'done';
    await load;
    say(
      `Disk full: first 503 ${firstRefusalMs === undefined ? 'never' : `after ${seconds(firstRefusalMs)}`}; answers ${after.summary()}; slowest ${seconds(slowestAfterMs)}; /api/health ${healthWhenFull}.`,
    );

    const stopping = Date.now();
    const { code: stoppedCode } = await server.stop('SIGTERM');
    say(`SIGTERM: exit ${stoppedCode} in ${seconds(Date.now() - stopping)}.`);

    rmSync(join(dataDir, 'filler'));
    fill(dataDir, 0);
    const startFull = await attempt(env);
    say(`Start on the full disk: exit ${startFull.code}: ${startFull.lines.join(' | ')}`);
    rmSync(join(dataDir, 'filler'));

    execFileSync('mount', ['-o', 'remount,ro', mount]);
    const startReadOnly = await attempt(env);
    execFileSync('mount', ['-o', 'remount,rw', mount]);
    say(`Start on a read-only DATA_DIR: exit ${startReadOnly.code}: ${startReadOnly.lines.join(' | ')}`);

    const pglite = join(dataDir, 'pglite');
    execFileSync('mount', ['--bind', pglite, pglite]);
    mounts.unshift(pglite);
    execFileSync('mount', ['-o', 'remount,bind,ro', pglite]);
    const startReadOnlyDatabase = await attempt(env);
    execFileSync('umount', [mounts.shift()!]);
    say(`Start with DATA_DIR/pglite read-only: exit ${startReadOnlyDatabase.code}: ${startReadOnlyDatabase.lines.join(' | ')}`);

    server = await startServer(env);
    let lost = 0;
    let total = 0;
    for (const [cookie, cars] of acknowledged) {
      const response = await fetch(`${server.origin}/api/favorites?limit=100`, { headers: { cookie } });
      const kept = new Set(((await response.json()) as { items: Array<{ uuid: string }> }).items.map((car) => car.uuid));
      total += cars.length;
      lost += cars.filter((uuid) => !kept.has(uuid)).length;
    }
    const writableAgain = (
      await fetch(`${server.origin}/api/viewed-cars`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ carUuid: cars[0] }),
      })
    ).ok;
    await server.stop('SIGTERM');
    say(`Room again: started; ${total} acknowledged favourites, ${lost} lost; a new write ${writableAgain ? 'works' : 'FAILS'}.`);

    return {
      before,
      after,
      firstRefusalMs,
      slowestAfterMs,
      healthWhenFull,
      stoppedCode,
      startFull,
      startReadOnly,
      startReadOnlyDatabase,
      acknowledged: total,
      lost,
      writableAgain,
    };
  } finally {
    for (const point of mounts) execFileSync('umount', ['--lazy', point]);
    rmSync(mount, { recursive: true, force: true });
  }
}

runIfMain(import.meta.url, async (say) => {
  const why = diskFaultUnavailable();
  if (why) return say(`Skipped the PGlite disk fault: ${why}.`);
  await pgliteDiskFault(say, { clients: 16, beforeMs: 5000, afterMs: 5000 });
});
