import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import * as v from 'valibot';
import { carListQuerySchema } from '../domain/cars.ts';
import { carListQueries } from '../server/src/cars/cars.repository.ts';
import { loadConfig } from '../server/src/config.ts';
import { createDatabase, type DatabaseTarget, type Db } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { seedDatabase } from '../server/src/seed/seed.ts';
import { MIX, PATHS } from './cars-mix.ts';
import { freePort } from '../server/test/local-services.ts';

/**
 * npm run bench:cars — seeds 100,000 cars into a dedicated benchmark database and loads
 * GET /api/cars with a realistic mix of filters and sorts (autocannon, 32 connections) against
 * the production server in its own process. On PostgreSQL it also loads the floor
 * (floor-server.ts: bare node:http + pg, the same SQL and JSON) in the same run, in alternating
 * rounds so that both see the same machine, and prints API ÷ floor against the budget
 * (docs/operations/benchmarks.md#catalogue); then it runs the same SQL through pgbench at the same concurrency.
 * BENCH_DURATION sets the seconds of load per server (default 20); BENCH_CPU_PROFILE=<dir> writes
 * a CPU profile of the API server there.
 */

const CARS = 100_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const ROUNDS = 3;
const ROUND_S = Math.max(1, Math.round(DURATION_S / ROUNDS));
const CONNECTIONS = 32;
const P99_BUDGET_MS = 50;
const FLOOR_RATIO_TARGET = 0.8;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

async function prepareDatabase(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<{ target: DatabaseTarget; env: Record<string, string> }> {
  if (!databaseUrl) {
    // A folder of its own, so the benchmark never touches the demo database in DATA_DIR.
    const benchDir = join(dataDir, 'bench');
    return { target: { kind: 'pglite', dataDir: join(benchDir, 'pglite') }, env: { DATA_DIR: benchDir } };
  }
  const admin = createDatabase({ kind: 'postgres', url: databaseUrl });
  await sql`select 1`.execute(admin);
  const exists = await sql`select 1 from pg_database where datname = 'cars_bench'`.execute(admin);
  if (exists.rows.length === 0) await sql`create database cars_bench`.execute(admin);
  await admin.destroy();
  const url = new URL(databaseUrl);
  url.pathname = '/cars_bench';
  return { target: { kind: 'postgres', url: url.toString() }, env: { DATABASE_URL: url.toString() } };
}

async function ensureInventory(db: Db) {
  await migrateToLatest(db);
  const { n } = await db
    .selectFrom('cars')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) === CARS) return;
  process.stdout.write(`Seeding ${CARS.toLocaleString('en-US')} cars…\n`);
  const started = Date.now();
  await seedDatabase(db, { cars: CARS, force: true });
  process.stdout.write(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

/** Starts a server child and waits until `probe` answers 200. */
async function startChild(name: string, args: string[], env: Record<string, string>, port: number, probe: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exit: { code: number | null } = { code: null };
  child.on('exit', (code) => (exit.code = code ?? 1));
  for (let i = 0; i < 600 && exit.code === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}${probe}`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(exit.code === null ? `the ${name} did not start within 60 s` : `the ${name} stopped with exit code ${exit.code}`);
}

function startApi(env: Record<string, string>, port: number) {
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${resolvePath(profileDir)}`] : [];
  return startChild(
    'API server',
    [...profile, 'server/src/start.ts'],
    {
      ...env,
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      BOT_MODE: 'off',
      RATE_LIMIT_MAX: '1000000',
    },
    port,
    '/api/health',
  );
}

const startFloor = (databaseUrl: string, poolSize: number, port: number) =>
  startChild('floor server', ['bench/floor-server.ts'], { DATABASE_URL: databaseUrl, FLOOR_POOL_SIZE: String(poolSize) }, port, PATHS[0]!);

interface Round {
  requests: number;
  seconds: number;
  errors: number;
  latencies: number[];
  /** CPU time the server process spent in the round, in milliseconds (user + system). */
  cpuMs: number;
}

/** A process's CPU time so far in milliseconds, from /proc (Linux; NaN elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const loadAverage = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${availableParallelism()} cores`;

/** One round of load over the path mix; every response's latency is kept so that rounds merge exactly. */
function loadRound(port: number, seconds: number, connections = CONNECTIONS, pid?: number): Promise<Round> {
  const cpuBefore = cpuMs(pid);
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let next = 0;
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections,
        duration: seconds,
        requests: [{ setupRequest: (req) => ({ ...req, path: PATHS[next++ % PATHS.length]! }) }],
      },
      (error, result) =>
        error
          ? reject(error instanceof Error ? error : new Error(String(error)))
          : resolve({
              requests: result.requests.total,
              seconds: result.duration,
              errors: result.errors + result.non2xx,
              latencies,
              cpuMs: cpuMs(pid) - cpuBefore,
            }),
    );
    instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  });
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The server's CPU time per answer: what the machine's other load changes least. */
  cpuUsPerRequest: number;
}

function summarise(rounds: Round[]): Figures {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? Number.NaN;
  const sum = (pick: (r: Round) => number) => rounds.reduce((total, r) => total + pick(r), 0);
  return {
    rps: sum((r) => r.requests) / sum((r) => r.seconds),
    p50: at(0.5),
    p99: at(0.99),
    errors: sum((r) => r.errors),
    cpuUsPerRequest: (sum((r) => r.cpuMs) * 1000) / sum((r) => r.requests),
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const PAGE_RENDER_P50_BUDGET_MS = 20;
const PAGE_SAMPLES = 300;

/**
 * Server rendering of car pages (docs/decisions/021-server-rendered-public-pages.md): one request at
 * a time, each for another car, so the figure is one page's render with its API calls, not a queue.
 */
async function measureCarPages(port: number, db: Db): Promise<string[]> {
  if (!existsSync(join(ROOT, 'web/dist-ssr/entry-server.js'))) {
    return ['', 'Car page render skipped: no server renderer; run npm run build:web first.'];
  }
  const { rows } = await sql<{
    uuid: string;
  }>`select uuid from cars where status = 'available' order by random() limit ${PAGE_SAMPLES}`.execute(db);
  const timings: number[] = [];
  let rendered = 0;
  for (const [index, { uuid }] of rows.entries()) {
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/cars/${uuid}`);
    const html = await response.text();
    // The first few warm the JIT and the renderer's import.
    if (index >= 20) timings.push(performance.now() - started);
    if (html.includes('id="server-state"')) rendered += 1;
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))] ?? Number.NaN;
  return [
    '',
    `GET /cars/<uuid> rendered on the server, one at a time, ${timings.length} cars (${rendered}/${rows.length} pages carried rendered content)`,
    `  p50 ${ms(at(0.5))}   p95 ${ms(at(0.95))}   (budget p50 ≤ ${PAGE_RENDER_P50_BUDGET_MS} ms: ${verdict(at(0.5) <= PAGE_RENDER_P50_BUDGET_MS)})`,
  ];
}
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/**
 * Loads each server in turn, ROUNDS times, so that a busy moment on the machine hits both alike;
 * the rounds of each server are merged.
 */
async function loadInterleaved(servers: Array<{ name: string; port: number; pid: number | undefined }>) {
  // Warm caches and the JIT before measuring.
  for (const { port } of servers) await loadRound(port, 3, 8);
  const rounds = new Map(servers.map(({ name }) => [name, [] as Round[]]));
  for (let i = 1; i <= ROUNDS; i++) {
    for (const { name, port, pid } of servers) {
      const round = await loadRound(port, ROUND_S, CONNECTIONS, pid);
      rounds.get(name)!.push(round);
      const { rps, p50, p99, cpuUsPerRequest } = summarise([round]);
      process.stdout.write(
        `  round ${i} ${name.padEnd(5)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${ms(p50)}   p99 ${ms(p99)}   CPU ${cpuUsPerRequest.toFixed(0)} µs/request   ${loadAverage()}\n`,
      );
    }
  }
  return new Map([...rounds].map(([name, r]) => [name, summarise(r)]));
}

function report(name: string, f: Figures): string[] {
  return [
    name,
    `  requests/s   ${f.rps.toFixed(0)}`,
    `  latency p50  ${ms(f.p50)}`,
    `  latency p99  ${ms(f.p99)}`,
    `  errors       ${f.errors}`,
    `  CPU          ${f.cpuUsPerRequest.toFixed(0)} µs per request (the server process, user + system)`,
  ];
}

/** Inlines Kysely's parameters so that pgbench runs exactly the statements the API runs. */
function inline(compiled: { sql: string; parameters: readonly unknown[] }): string {
  return compiled.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = compiled.parameters[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

async function pgbench(url: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cars-pgbench-'));
  const files = MIX.map((query, i) => {
    const { page, count } = carListQueries(v.parse(carListQuerySchema, query), null);
    const file = join(dir, `q${i}.sql`);
    writeFileSync(file, `${inline(page)};\n${inline(count)};\n`);
    return file;
  });
  const u = new URL(url);
  const args = [
    '-n',
    '-c',
    String(CONNECTIONS),
    '-j',
    '2',
    '-T',
    String(DURATION_S),
    '-h',
    u.hostname,
    '-p',
    u.port || '5432',
    '-U',
    decodeURIComponent(u.username || 'postgres'),
  ];
  for (const file of files) args.push('-f', file);
  args.push(u.pathname.slice(1));
  const { stdout } = await run('pgbench', args, {
    env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) },
    maxBuffer: 1 << 24,
  });
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
  return { tps, latency };
}

async function main() {
  const config = loadConfig();
  const { target, env } = await prepareDatabase(config.database.url, config.database.dataDir);
  const db = createDatabase(target);
  await ensureInventory(db);

  const children: ChildProcess[] = [];
  try {
    const apiPort = await freePort();
    const api = await startApi(env, apiPort);
    children.push(api);
    const servers = [{ name: 'API', port: apiPort, pid: api.pid }];
    if (target.kind === 'postgres') {
      const floorPort = await freePort();
      const floor = await startFloor(target.url, config.database.pool.size, floorPort);
      children.push(floor);
      servers.unshift({ name: 'floor', port: floorPort, pid: floor.pid });
    }
    const engine = target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
    process.stdout.write(
      `\nGET /api/cars at ${CARS.toLocaleString('en-US')} cars on ${engine} ` +
        `(${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_S} s per server, ${PATHS.length} query shapes), ${loadAverage()}\n`,
    );
    const figures = await loadInterleaved(servers);
    const apiFigures = figures.get('API')!;
    const floor = figures.get('floor');
    const lines = ['', ...report('API (Fastify app, production server)', apiFigures)];
    if (floor) {
      const ratio = apiFigures.rps / floor.rps;
      lines.push(
        ...report('floor (bare node:http + pg, the same SQL and JSON)', floor),
        '',
        `API ÷ floor requests/s = ${ratio.toFixed(2)}   (target ≥ ${FLOOR_RATIO_TARGET}: ${verdict(ratio >= FLOOR_RATIO_TARGET)})`,
        `floor ÷ API CPU per request = ${(floor.cpuUsPerRequest / apiFigures.cpuUsPerRequest).toFixed(2)}   (the same ratio in CPU time, which the machine's other load changes least)`,
      );
    } else {
      lines.push('', 'Floor comparison skipped: it needs PostgreSQL (set DATABASE_URL).');
    }
    lines.push(`API p99 = ${ms(apiFigures.p99)}   (budget < ${P99_BUDGET_MS} ms: ${verdict(apiFigures.p99 < P99_BUDGET_MS)})`);
    lines.push(...(await measureCarPages(apiPort, db)), '', `Done, ${loadAverage()}.`, '');
    process.stdout.write(lines.join('\n'));

    for (const child of children.splice(0)) child.kill('SIGTERM');
    if (target.kind === 'postgres') {
      const bench = await pgbench(target.url);
      const ratio = apiFigures.rps / bench.tps;
      process.stdout.write(
        [
          '',
          `pgbench, the same SQL (rows + total per request, totals not memoised) at ${CONNECTIONS} clients, ${DURATION_S} s`,
          `  transactions/s  ${bench.tps.toFixed(0)}   (average latency ${bench.latency} ms)`,
          `  API req/s ÷ DB tps = ${ratio.toFixed(2)}   (target ≥ 0.5: ${verdict(ratio >= 0.5)})`,
          '',
        ].join('\n'),
      );
    } else {
      process.stdout.write('pgbench comparison skipped: set DATABASE_URL to a PostgreSQL server to run it.\n');
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await db.destroy();
  }
}

await main();
