import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

/**
 * npm run bench:cars — seeds 100,000 cars into a dedicated benchmark database, loads
 * GET /api/cars with a realistic mix of filters and sorts (autocannon, 20 s, 32 connections)
 * against the production server in its own process, and prints throughput and latency. On
 * PostgreSQL it also runs the very same SQL through pgbench at the same concurrency and prints
 * the ratio of API requests per second to database transactions per second.
 */

const CARS = 100_000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = 32;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const run = promisify(execFile);

/** What shoppers do: browse, filter by brand/model/price/year, sort, page a little. */
const MIX: Array<Record<string, string | number>> = [
  {},
  { page: 2 },
  { page: 5 },
  { sort: 'price_asc' },
  { sort: 'price_desc' },
  { sort: 'date_added' },
  { sort: 'year_desc' },
  { sort: 'mileage_asc', page: 3 },
  { brand: 'Toyota' },
  { brand: 'Ford', model: 'F-150' },
  { brand: 'Honda', model: 'CR-V', sort: 'price_asc' },
  { brand: 'Tesla', sort: 'date_added' },
  { priceMax: 25000, sort: 'price_asc' },
  { priceMin: 30000, priceMax: 45000 },
  { yearMin: 2021, sort: 'year_desc' },
  { condition: 'new', sort: 'price_asc' },
  { condition: 'used', mileageMax: 40000, sort: 'mileage_asc' },
  { brand: 'Chevrolet', condition: 'used', yearMin: 2018, priceMax: 35000 },
  { brand: 'BMW', available: 'false' },
  { brand: 'Kia', model: 'Telluride', page: 2 },
];
const PATHS = MIX.map((q) => `/api/cars?${new URLSearchParams(Object.entries(q).map(([k, val]) => [k, String(val)]))}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function prepareDatabase(databaseUrl: string | undefined, dataDir: string): Promise<{ target: DatabaseTarget; env: Record<string, string> }> {
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
  const { n } = await db.selectFrom('cars').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(n) === CARS) return;
  process.stdout.write(`Seeding ${CARS.toLocaleString('en-US')} cars…\n`);
  const started = Date.now();
  await seedDatabase(db, { cars: CARS, force: true });
  process.stdout.write(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

async function startServer(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn', BOT_MODE: 'off', RATE_LIMIT_MAX: '1000000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? 1));
  for (let i = 0; i < 600 && exited === null; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(exited === null ? 'the server did not start within 60 s' : `the server stopped with exit code ${exited}`);
}

async function loadApi(port: number) {
  // Warm caches and the JIT before measuring.
  await autocannon({ url: `http://127.0.0.1:${port}`, connections: 8, duration: 3, requests: PATHS.map((path) => ({ path })) });
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [{ setupRequest: (req) => ({ ...req, path: PATHS[next++ % PATHS.length]! }) }],
  });
  return result;
}

/** Inlines Kysely's parameters so that pgbench runs exactly the statements the API runs. */
function inline(compiled: { sql: string; parameters: readonly unknown[] }): string {
  return compiled.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = compiled.parameters[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

async function pgbench(db: Db, url: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cars-pgbench-'));
  const files = MIX.map((query, i) => {
    const q = v.parse(carListQuerySchema, query);
    const { page, count } = carListQueries(db, q, null);
    const file = join(dir, `q${i}.sql`);
    writeFileSync(file, `${inline(page.compile())};\n${inline(count.compile())};\n`);
    return file;
  });
  const u = new URL(url);
  const args = ['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION_S), '-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  for (const file of files) args.push('-f', file);
  args.push(u.pathname.slice(1));
  const { stdout } = await run('pgbench', args, { env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) }, maxBuffer: 1 << 24 });
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
  return { tps, latency };
}

async function main() {
  const config = loadConfig();
  const { target, env } = await prepareDatabase(config.databaseUrl, config.dataDir);
  const db = createDatabase(target);
  await ensureInventory(db);
  if (target.kind === 'pglite') await db.destroy();

  const port = await freePort();
  const server = await startServer(env, port);
  try {
    const result = await loadApi(port);
    const errors = result.errors + result.non2xx;
    process.stdout.write(
      [
        '',
        `GET /api/cars at ${CARS.toLocaleString('en-US')} cars on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (${CONNECTIONS} connections, ${DURATION_S} s, ${PATHS.length} query shapes)`,
        `  requests/s   ${result.requests.average.toFixed(0)}`,
        `  latency p50  ${result.latency.p50} ms`,
        `  latency p99  ${result.latency.p99} ms   (budget < 50 ms: ${result.latency.p99 < 50 ? 'met' : 'MISSED'})`,
        `  errors       ${errors}`,
        '',
      ].join('\n'),
    );
    if (target.kind === 'postgres') {
      const bench = await pgbench(db, target.url);
      const ratio = result.requests.average / bench.tps;
      process.stdout.write(
        [
          `pgbench, the same SQL (rows + total per request) at ${CONNECTIONS} clients, ${DURATION_S} s`,
          `  transactions/s  ${bench.tps.toFixed(0)}   (average latency ${bench.latency} ms)`,
          `  API req/s ÷ DB tps = ${ratio.toFixed(2)}   (target ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'MISSED'})`,
          '',
        ].join('\n'),
      );
    } else {
      process.stdout.write('pgbench comparison skipped: set DATABASE_URL to a PostgreSQL server to run it.\n');
    }
  } finally {
    server.kill('SIGTERM');
    if (target.kind === 'postgres') await db.destroy();
  }
}

await main();
