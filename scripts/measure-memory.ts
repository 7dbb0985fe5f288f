/**
 * `npm run measure:memory`: resident memory of the production server (`node dist/server/src/start.js`)
 * on PostgreSQL, at idle and under a short load of `GET /api/cars`, against the budget idle ≤ 150 MB,
 * with glibc's allocator set as the Dockerfile and `npm start` set it. Builds first when the build is
 * missing or stale; stops the server with SIGTERM and checks it exits 0. Prints the load average beside.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { PATHS } from '../bench/cars-mix.ts';
import { ALLOCATOR_ENV } from './allocator-env.js';
import { freePort } from '../server/test/local-services.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = 'dist/server/src/start.js';
const DATABASE = 'cars_memory';
const DROP_DATABASE = `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`;
const IDLE_BUDGET_MB = 150;
const SETTLE_MS = 5000;
const LOAD_SECONDS = 20;
const CONNECTIONS = 32;

const loadAverage = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')} on ${availableParallelism()} cores`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

/** Runs statements on the server DATABASE_URL names (creating and dropping the measured database). */
async function onServer(url: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

function parentPids(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name in parentheses may hold spaces; the parent pid is the second field after it.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return parents;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

interface Sample {
  serverKb: number;
  treeKb: number;
  processes: number;
}

/** RSS of the server and of its whole process tree (children such as Chromium included). */
function sample(pid: number): Sample {
  const parents = parentPids();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  return { serverKb: statusKb(pid, 'VmRSS'), treeKb: tree.reduce((sum, p) => sum + statusKb(p, 'VmRSS'), 0), processes: tree.length };
}

async function waitForHealth(baseUrl: string, exited: () => boolean, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited()) throw new Error(`The server exited during start-up:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`The server did not answer /api/health within 60 s:\n${output()}`);
}

function load(port: number): Promise<autocannon.Result> {
  let next = 0;
  // autocannon answers a bare thenable (no finally); Promise.resolve makes it a real promise.
  return Promise.resolve(
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: LOAD_SECONDS,
      requests: [{ setupRequest: (req) => ({ ...req, path: PATHS[next++ % PATHS.length]! }) }],
    }),
  );
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log(
      'measure:memory needs PostgreSQL: set DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run measure:memory. Nothing measured.',
    );
    return;
  }

  execFileSync(process.execPath, ['scripts/build-if-stale.js'], { cwd: ROOT, stdio: 'inherit' });

  // A database of its own beside the one DATABASE_URL names, so the measurement never touches real data.
  await onServer(databaseUrl, DROP_DATABASE, `CREATE DATABASE ${DATABASE}`);
  const measuredUrl = new URL(databaseUrl);
  measuredUrl.pathname = `/${DATABASE}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cars-memory-'));
  const port = await freePort();
  const child = spawn(process.execPath, [ENTRY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: measuredUrl.toString(),
      SEED_DEMO: 'true',
      SESSION_SECRET: randomBytes(48).toString('base64'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      // The load comes from one address; the default per-client limit would answer it with 429s.
      RATE_LIMIT_MAX: '1000000',
      ...ALLOCATOR_ENV,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += String(chunk)));
  child.stderr.on('data', (chunk) => (output += String(chunk)));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const pid = child.pid!;

  try {
    await waitForHealth(
      `http://127.0.0.1:${port}`,
      () => child.exitCode !== null,
      () => output,
    );
    console.log(
      `Server: node ${ENTRY} (pid ${pid}) on PostgreSQL, database ${DATABASE}, ${Object.entries(ALLOCATOR_ENV)
        .map(([name, value]) => `${name}=${value}`)
        .join(' ')}; ${loadAverage()}.`,
    );
    await sleep(SETTLE_MS);
    const idle = sample(pid);

    let peak = idle;
    const sampler = setInterval(() => {
      const now = sample(pid);
      if (now.treeKb > peak.treeKb) peak = now;
    }, 200);
    console.log(`Loading GET /api/cars (${PATHS.length} filter and sort mixes) for ${LOAD_SECONDS} s at ${CONNECTIONS} connections…`);
    const result = await load(port).finally(() => clearInterval(sampler));
    await sleep(SETTLE_MS);
    const after = sample(pid);

    const met = idle.treeKb <= IDLE_BUDGET_MB * 1024;
    console.log(
      [
        '',
        `idle RSS        ${mb(idle.treeKb)} (server ${mb(idle.serverKb)}), ${idle.processes} process${idle.processes === 1 ? '' : 'es'}`,
        `peak under load ${mb(peak.treeKb)} (server high-water mark ${mb(statusKb(pid, 'VmHWM'))}), ${peak.processes} process${peak.processes === 1 ? '' : 'es'}`,
        `after the load  ${mb(after.treeKb)}`,
        `load            ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.errors + result.non2xx} errors or non-2xx`,
        `budget          idle ≤ ${IDLE_BUDGET_MB} MB: ${met ? 'met' : 'MISSED'}`,
        `machine         ${loadAverage()}`,
      ].join('\n'),
    );
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await exit;
    clearTimeout(timer);
    console.log(`shutdown        SIGTERM → exit code ${code}${code === 0 ? '' : ` (expected 0)\n${output}`}`);
    if (code !== 0) process.exitCode = 1;
    rmSync(dataDir, { recursive: true, force: true });
    await onServer(databaseUrl, DROP_DATABASE);
  }
}

await main();
