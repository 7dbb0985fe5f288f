import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { adminUrl, databaseUrl } from '../../server/test/postgres-urls.ts';
import { TEST_BOT_TOKEN } from '../../server/test/app.ts';
import { freePort } from '../../server/test/local-services.ts';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Where a fault tells what happens: the console in a script, nowhere (or a list) in a test. */
export type Say = (line: string) => void;
export const quiet: Say = () => {};

export { sleep };
/**
 * Lets a fault's phase run for at least `minMs`, then until `done()` holds or `capMs` has passed in
 * all. The report then says what happened; a phase that hit its cap shows as the missing outcome.
 */
export async function holdPhase(minMs: number, done: () => boolean, capMs = 30_000): Promise<void> {
  const started = Date.now();
  await sleep(minMs);
  while (!done() && Date.now() - started < capMs) await sleep(25);
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The PostgreSQL server the PostgreSQL faults use: the tests' one, or the bench's DATABASE_URL. */
export const postgresServerUrl = () => process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** Answers counted by "status code" or "status error_code", e.g. {"200": 120, "503 database_unavailable": 14}. */
export class Tally {
  readonly counts: Record<string, number> = {};
  add(key: string): void {
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }
  /** Every answer that is neither a success nor one of the expected failures. */
  unexpected(expected: readonly string[]): Record<string, number> {
    return Object.fromEntries(Object.entries(this.counts).filter(([key]) => !key.startsWith('2') && !expected.includes(key)));
  }
  summary(): string {
    return Object.entries(this.counts)
      .sort()
      .map(([key, count]) => `${key}: ${count}`)
      .join(', ');
  }
}

/** The key a Tally counts an HTTP answer under; a refused or dropped connection counts as "network". */
export async function answerKey(response: Response): Promise<string> {
  if (response.ok) {
    await response.arrayBuffer();
    return String(response.status);
  }
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
  return `${response.status} ${body.error?.code ?? '?'}`;
}

/** A throwaway database on the PostgreSQL server (its name starts with `prefix`), migrated, dropped by drop(). */
export async function throwawayPostgres(serverUrl: string, prefix: string): Promise<{ url: string; db: Db; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = createDatabase({ kind: 'postgres', url: adminUrl(serverUrl) });
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = databaseUrl(serverUrl, name);
  const db = createDatabase({ kind: 'postgres', url });
  await migrateToLatest(db);
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

/** The environment of a production server process on 127.0.0.1 with the test bot token (signed init data works) and no bot. */
export function serverEnv(overrides: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    SESSION_SECRET: 'faults-session-secret-long-enough-0123456789abcdef',
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    BOT_TOKEN: TEST_BOT_TOKEN,
    BOT_MODE: 'off',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    RATE_LIMIT_STRICT_MAX: '100000',
    ...overrides,
  };
}

export interface ServerProcess {
  readonly origin: string;
  readonly child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  stderr(): string;
  /** Resolves when the process has ended, with its exit code (null when a signal ended it). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal and waits for the end. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ServerProcess>();

/**
 * Starts server/src/start.ts as `npm start` runs it (from the sources, through tsx), and waits
 * until it answers HTTP or has ended. `options.uid` runs it as another user (a root test making a
 * folder unwritable for it).
 */
export async function startServer(env: Record<string, string>, options: { uid?: number; gid?: number } = {}): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/start.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += String(chunk)));
  child.stderr.on('data', (chunk) => (err += String(chunk)));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let ended = false;
  void exited.then(() => (ended = true));
  const server: ServerProcess = {
    origin: `http://127.0.0.1:${port}`,
    child,
    output: () => out + err,
    stderr: () => err,
    exited,
    async stop(signal = 'SIGTERM') {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  const deadline = Date.now() + 60_000;
  while (!ended && Date.now() < deadline) {
    const answered = await fetch(`${server.origin}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      () => true,
      () => false,
    );
    if (answered) return server;
    await sleep(100);
  }
  if (!ended) {
    await server.stop('SIGKILL');
    throw new Error(`the server did not answer within 60 s:\n${server.output()}`);
  }
  return server;
}

/** Kills every server this process started that is still running (a test's afterAll, a script's exit). */
export async function stopAllServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop('SIGKILL')));
}

/** Runs a fault as a script when the file is the one node was started with. */
export function runIfMain(moduleUrl: string, run: (say: Say) => Promise<unknown>): void {
  if (!process.argv[1] || pathToFileURL(process.argv[1]).href !== moduleUrl) return;
  run((line) => process.stdout.write(`${line}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    })
    .finally(() => void stopAllServers());
}
