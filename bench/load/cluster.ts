import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { FakeBotApi } from '../../bot/test/fake-bot-api.ts';
import { webhookSecretFor } from '../../bot/src/telegram-bot.ts';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { seedDatabase } from '../../server/src/seed/seed.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../server/test/local-services.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const START_TIMEOUT_MS = 90_000;

export const BOT_TOKEN = '123456789:LOAD-bench-token-for-init-data-0000';
export const STAFF_CHAT_ID = -1001234500000;
/** Production refuses an http PUBLIC_URL; setWebhook only tells the fake Bot API about it. */
const PUBLIC_URL = 'https://cars.load-bench.invalid';
export const ADMIN_TELEGRAM_IDS = Array.from({ length: 20 }, (_, i) => 4_100_000_000 + i);

/** Plain Telegram users who opened the app once and never applied, so the dashboard lists something. */
const DORMANT_USERS = 1000;

export interface ServerProcess {
  readonly pid: number;
  readonly port: number;
  readonly child: ChildProcess;
  /** Everything it printed, for the lines worth showing (errors) and for start-up failures. */
  output(): string;
}

export interface Cluster {
  readonly db: Db;
  readonly databaseName: string;
  readonly fake: FakeBotApi;
  readonly servers: ServerProcess[];
  readonly proxy: { pid: number; port: number };
  readonly webhookSecret: string;
  readonly carUuids: string[];
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL server where this user may create databases; the cluster's own is made and dropped there. */
  postgresUrl: string;
  redisUrl: string;
  processes: number;
  /** Per client address per minute; the mix's clients have no think time, far from a person's pace. */
  rateLimitMax: number;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function createBenchDatabase(postgresUrl: string, name: string): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const admin = createDatabase({ kind: 'postgres', url: postgresUrl });
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = databaseUrl(postgresUrl, name);
  const db = createDatabase({ kind: 'postgres', url });
  return {
    db,
    url,
    async drop() {
      await db.destroy();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

async function seed(db: Db) {
  await migrateToLatest(db);
  await seedDatabase(db);
  await sql`
    insert into users (telegram_id, kind, first_name, last_name, username, language, registered_at, last_active_at)
    select 4000000000 + n, 'telegram', 'Dormant', 'User ' || n, 'dormant_' || n, (array['en','uk','es','ru'])[1 + n % 4],
           now() - make_interval(days => n % 90), now() - make_interval(hours => n % 500)
    from generate_series(1, ${DORMANT_USERS}) as n
  `.execute(db);
}

function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/start.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const server: ServerProcess = { pid: child.pid!, port, child, output: () => output };
  return (async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`a server exited during start-up (code ${child.exitCode}):\n${output}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return server;
      await sleep(200);
    }
    child.kill('SIGKILL');
    throw new Error(`a server did not answer /api/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
  })();
}

function startProxy(ports: number[]): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/load-proxy.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', UPSTREAMS: ports.join(',') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen += String(chunk);
      const port = /listening (\d+)/.exec(seen)?.[1];
      if (port) resolve({ child, port: Number(port) });
    });
    child.on('exit', (code) => reject(new Error(`the proxy exited with code ${code}`)));
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A throwaway database (demo cars, a thousand users; the admins come from ADMIN_TELEGRAM_IDS), a
 * fake Bot API, `processes` production servers (webhook mode, rate limits in Redis, behind
 * TRUST_PROXY=1) and the round-robin proxy in front of them. Everything listens on 127.0.0.1.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const databaseName = `load_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = await createBenchDatabase(options.postgresUrl, databaseName);
  const fake = await FakeBotApi.start();
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let proxy: { child: ChildProcess; port: number } | undefined;

  const close = async () => {
    if (proxy) await stopChild(proxy.child);
    await Promise.all(servers.map((server) => stopChild(server.child)));
    await fake.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    await database.drop();
  };

  try {
    await seed(database.db);
    const env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      // Shared by every instance: cookies signed by one are read by another, and so is encrypted data.
      SESSION_SECRET: randomBytes(48).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      BOT_TOKEN,
      BOT_MODE: 'webhook',
      PUBLIC_URL,
      BOT_API_ROOT: fake.apiRoot,
      STAFF_CHAT_ID: String(STAFF_CHAT_ID),
      ADMIN_TELEGRAM_IDS: ADMIN_TELEGRAM_IDS.join(','),
      TRUST_PROXY: '1',
      REDIS_URL: options.redisUrl,
      RATE_LIMIT_MAX: String(options.rateLimitMax),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...(process.env.CHROME_PATH ? { CHROME_PATH: process.env.CHROME_PATH } : {}),
    };
    const ports = await Promise.all(Array.from({ length: options.processes }, () => freePort()));
    for (const port of ports) {
      const dataDir = mkdtempSync(join(tmpdir(), 'load-bench-'));
      dataDirs.push(dataDir);
      servers.push(await startServer({ ...env, DATA_DIR: dataDir }, port));
    }
    proxy = await startProxy(ports);
    // The bot answers webhooks only once it knows itself (getMe); setWebhook comes right after.
    const deadline = Date.now() + 30_000;
    while (fake.callsOf('setWebhook').length < options.processes) {
      if (Date.now() > deadline) throw new Error('the bots did not reach the fake Bot API within 30 s');
      await sleep(100);
    }
    const cars = await database.db.selectFrom('cars').select('uuid').where('status', '=', 'available').execute();
    return {
      db: database.db,
      databaseName,
      fake,
      servers,
      proxy: { pid: proxy.child.pid!, port: proxy.port },
      webhookSecret: webhookSecretFor({ security: { sessionSecret: env.SESSION_SECRET }, bot: { token: BOT_TOKEN } } as Parameters<
        typeof webhookSecretFor
      >[0]),
      carUuids: cars.map((car) => car.uuid),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
