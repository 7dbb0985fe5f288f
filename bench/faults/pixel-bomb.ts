import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { licencePhoto } from '../../server/test/applications.ts';
import {
  answerKey,
  postgresServerUrl,
  ROOT,
  runIfMain,
  seconds,
  serverEnv,
  sleep,
  startServer,
  Tally,
  throwawayPostgres,
  type Say,
  type ServerProcess,
} from './support.ts';
import { ALLOCATOR_ENV } from '../../scripts/allocator-env.js';

/**
 * Fault: anonymous clients flood the licence-photo upload with pixel bombs, one-colour images
 * that are small files but huge once decoded, while visitors load pages and assets. Each bomb
 * comes without a cookie and from an address of its own (X-Forwarded-For behind TRUST_PROXY=1),
 * as from an attacker with addresses to spare, so no per-client limit is what holds.
 *
 * Shows: pages and build assets p95 and the server's RSS at idle, during the attack and a while
 * after it, for bombs over the pixel limit (refused from the header, 413) and just under it
 * (decoded, a few at a time, 503 busy beyond the queue); every bomb is answered 413, 429 or
 * 503 busy, never another 5xx, and every page 200.
 */

/** The server the attack is aimed at: its origin, and the process whose memory is read. */
export interface BombTarget {
  origin: string;
  pid: number;
}

export interface PixelBombOptions {
  /** Attacking clients, each posting one bomb after another. */
  clients?: number;
  attackMs?: number;
  /** Probing at idle before each attack, and again after it has settled. */
  probeMs?: number;
  /** Quiet time after an attack before its RSS is read. */
  settleMs?: number;
  /** The server's IMAGE_MAX_PIXELS: the second attack's bombs are just under it. */
  maxPixels?: number;
  /** The edge of the first attack's square bombs, over the limit: 8000 (64 MP), the probe's. */
  overLimitEdge?: number;
  /** Requests one attacking client may make at most. */
  maxRequestsPerClient?: number;
}

/** Latencies in milliseconds of page and asset requests in one window, and how they were answered. */
export interface Probed {
  pages: number[];
  assets: number[];
  answers: Tally;
}

export interface AttackReport {
  name: string;
  /** How the flooding clients' requests were answered. */
  answers: Tally;
  before: Probed;
  during: Probed;
  after: Probed;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

export interface PixelBombReport {
  rssIdleMb: number;
  /** The same clients flooding the catalogue: what pages cost under any flood on this machine. */
  control: AttackReport;
  /** Bombs over the pixel limit, refused from their header. */
  overLimit: AttackReport;
  /** Bombs just under the pixel limit, decoded. */
  underLimit: AttackReport;
}

/** The answers a bomb may get: refused from its header, over a per-client limit, or no decoding slot free. */
export const BOMB_ANSWERS = ['413 payload_too_large', '429 rate_limited', '503 busy'] as const;

const PAGE_PATHS = (car: string) => ['/', '/cars', `/cars/${car}`];
const REQUEST_TIMEOUT_MS = 30_000;

const p95 = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!;
};

/** Resident memory of a process (Linux: /proc), in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Math.round(Number(line[1]) / 1024);
}

/** One-colour images of edge × edge pixels, as PNG and JPEG: a few hundred kilobytes on disk at most. */
async function bombs(edge: number): Promise<Record<string, Buffer>> {
  const plain = () => sharp({ create: { width: edge, height: edge, channels: 3, background: '#336699' } });
  return { png: await plain().png({ palette: true }).toBuffer(), jpeg: await plain().jpeg().toBuffer() };
}

/** Build assets the home page loads (script and stylesheet links). */
async function assetsOf(origin: string): Promise<string[]> {
  const html = await (await fetch(`${origin}/`)).text();
  return [...new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
}

/** Requests pages and assets in turn, one at a time, until `until` says stop. */
async function probe(origin: string, pages: string[], assets: string[], until: () => boolean): Promise<Probed> {
  const probed: Probed = { pages: [], assets: [], answers: new Tally() };
  for (let i = 0; !until(); i++) {
    const isPage = i % 2 === 0;
    const list = isPage ? pages : assets;
    const path = list[Math.floor(i / 2) % list.length]!;
    const started = performance.now();
    const key = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(answerKey, () => 'network');
    (isPage ? probed.pages : probed.assets).push(performance.now() - started);
    probed.answers.add(key);
  }
  return probed;
}

const probeFor = (origin: string, pages: string[], assets: string[], ms: number) => {
  const deadline = Date.now() + ms;
  return probe(origin, pages, assets, () => Date.now() >= deadline);
};

let nextAddress = 1;
/** An address of 198.18.0.0/15 (set aside for benchmarks, RFC 2544) not used before in this run. */
const freshAddress = () => {
  const n = nextAddress++;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
};

/** What each flooding client sends over and over: its answer's Tally key. */
interface Flood {
  name: string;
  /** What is sent, for the report. */
  what: string;
  send(origin: string, client: number, sent: number): Promise<string>;
}

/** Bombs of edge × edge pixels, PNG and JPEG in turn, posted as licence photos without a cookie. */
async function bombFlood(name: string, edge: number): Promise<Flood> {
  const files = await bombs(edge);
  const formats = Object.keys(files);
  return {
    name,
    what: `${edge}×${edge} one-colour ${formats.map((format) => `${format.toUpperCase()} (${(files[format]!.length / 1024).toFixed(0)} KB)`).join(' and ')} posted as licence photos`,
    send(origin, client, sent) {
      const format = formats[(client + sent) % formats.length]!;
      const body = licencePhoto(files[format]!, { filename: `licence.${format}`, contentType: `image/${format}` });
      return fetch(`${origin}/api/applications/documents`, {
        method: 'POST',
        headers: { ...body.headers, 'x-forwarded-for': freshAddress() },
        body: body.payload,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }).then(answerKey, () => 'network');
    },
  };
}

/** The baseline: as many clients asking for a page of the catalogue, what any flood of cheap requests costs. */
const catalogueFlood: Flood = {
  name: 'Control: the same clients requesting the catalogue',
  what: 'GET /api/cars',
  send: (origin) =>
    fetch(`${origin}/api/cars`, { headers: { 'x-forwarded-for': freshAddress() }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
      answerKey,
      () => 'network',
    ),
};

async function attack(
  say: Say,
  target: BombTarget,
  flood: Flood,
  paths: { pages: string[]; assets: string[] },
  { clients, attackMs, probeMs, settleMs, maxRequestsPerClient }: Required<Omit<PixelBombOptions, 'maxPixels' | 'overLimitEdge'>>,
): Promise<AttackReport> {
  const rssBeforeMb = rssMb(target.pid);
  const before = await probeFor(target.origin, paths.pages, paths.assets, probeMs);

  const answers = new Tally();
  let attacking = true;
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(target.pid))), 200);
  const client = async (index: number) => {
    for (let sent = 0; attacking && sent < maxRequestsPerClient; sent++) answers.add(await flood.send(target.origin, index, sent));
  };
  const started = Date.now();
  const flooding = Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
  const during = await probe(target.origin, paths.pages, paths.assets, () => Date.now() - started >= attackMs);
  attacking = false;
  await flooding;
  clearInterval(sampler);
  rssPeakMb = Math.max(rssPeakMb, rssMb(target.pid));

  await sleep(settleMs);
  const rssAfterMb = rssMb(target.pid);
  const after = await probeFor(target.origin, paths.pages, paths.assets, probeMs);

  const figures = (probed: Probed) =>
    `pages p95 ${p95(probed.pages).toFixed(0)} ms (${probed.pages.length}), assets p95 ${p95(probed.assets).toFixed(0)} ms (${probed.assets.length})`;
  say(`${flood.name}: ${clients} cookieless clients, each request from a new address, ${flood.what}, for ${seconds(attackMs)}.`);
  say(`  before  ${figures(before)}; RSS ${rssBeforeMb} MB`);
  say(`  during  ${figures(during)}; RSS peak ${rssPeakMb} MB; answers ${answers.summary()}`);
  say(`  after   ${figures(after)}; RSS ${rssAfterMb} MB ${seconds(settleMs)} after the attack`);
  const unexpected = { ...before.answers.unexpected([]), ...during.answers.unexpected([]), ...after.answers.unexpected([]) };
  if (Object.keys(unexpected).length > 0) say(`  pages and assets answered otherwise than 200: ${JSON.stringify(unexpected)}`);
  return { name: flood.name, answers, before, during, after, rssBeforeMb, rssPeakMb, rssAfterMb };
}

/**
 * Runs the attack against a server already running with seeded cars: first the same clients
 * flooding the catalogue (the baseline), then bombs over the pixel limit (8000 × 8000, 64 MP, the
 * probe's, unless told otherwise), then bombs just under it.
 */
export async function pixelBombFault(say: Say, target: BombTarget, options: PixelBombOptions = {}): Promise<PixelBombReport> {
  const {
    clients = 8,
    attackMs = 15_000,
    probeMs = 5000,
    settleMs = 60_000,
    maxPixels = 24_000_000,
    overLimitEdge = 8000,
    maxRequestsPerClient = 100_000,
  } = options;
  const cars = (await (await fetch(`${target.origin}/api/cars?limit=1`)).json()) as { items: Array<{ uuid: string }> };
  const pages = PAGE_PATHS(cars.items[0]!.uuid);
  const assets = await assetsOf(target.origin);
  if (assets.length === 0) throw new Error(`${target.origin}/ links no build asset: is the web app built?`);
  // Warm up: the first requests compile routes and fill caches; idle is what a running server uses.
  let warmUps = 20;
  await probe(target.origin, pages, assets, () => warmUps-- <= 0);
  await sleep(1000);
  const rssIdleMb = rssMb(target.pid);
  say(`Idle server (pid ${target.pid}): RSS ${rssIdleMb} MB; probing ${pages.join(', ')} and ${assets.length} build assets.`);

  const settings = { clients, attackMs, probeMs, settleMs, maxRequestsPerClient };
  const paths = { pages, assets };
  const underLimitEdge = Math.floor(Math.sqrt(maxPixels) / 16) * 16;
  const control = await attack(say, target, catalogueFlood, paths, { ...settings, settleMs: 0 });
  const overLimit = await attack(say, target, await bombFlood('Pixel bombs over the limit', overLimitEdge), paths, settings);
  const underLimit = await attack(
    say,
    target,
    await bombFlood('Pixel bombs just under the limit (decoded)', underLimitEdge),
    paths,
    settings,
  );
  for (const { name, rssAfterMb } of [overLimit, underLimit]) {
    say(
      `${name}: RSS ${seconds(settleMs)} after the attack ${rssAfterMb} MB, ${rssAfterMb - rssIdleMb >= 0 ? '+' : ''}${rssAfterMb - rssIdleMb} MB on idle.`,
    );
  }
  return { rssIdleMb, control, overLimit, underLimit };
}

/** Builds web/dist when it is missing: pages and assets are what the attack must not slow down. */
function ensureWebBuild(say: Say): void {
  if (existsSync(join(ROOT, 'web/dist/index.html'))) return;
  say('Building the web app (web/dist is missing)…');
  const { status, stderr } = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, encoding: 'utf8' });
  if (status !== 0) throw new Error(`npm run build:web failed:\n${stderr}`);
}

/**
 * The whole attack on a production-mode server process of its own, with the built web app and the
 * demo cars, on a throwaway database of the PostgreSQL server when one is given (as the probe
 * ran), else on PGlite; glibc tuned as in the Dockerfile unless `glibcDefaults`.
 */
export async function pixelBombAttack(say: Say, postgresServer?: string, { glibcDefaults = false } = {}): Promise<PixelBombReport> {
  ensureWebBuild(say);
  const dataDir = mkdtempSync(join(tmpdir(), 'faults-pixel-bomb-'));
  const database = postgresServer ? await throwawayPostgres(postgresServer, 'faults_pixel_bomb') : undefined;
  let server: ServerProcess | undefined;
  try {
    // The production defaults for limits; each bomb's own address makes the per-client ones moot.
    const limits = { TRUST_PROXY: '1', RATE_LIMIT_MAX: '600', RATE_LIMIT_STRICT_MAX: '10' };
    const malloc: Record<string, string> = glibcDefaults ? {} : ALLOCATOR_ENV;
    server = await startServer(
      serverEnv({ DATA_DIR: dataDir, SEED_DEMO: 'true', ...(database ? { DATABASE_URL: database.url } : {}), ...limits, ...malloc }),
    );
    say(
      `server/src/start.ts (NODE_ENV=production, through tsx) on ${database ? 'PostgreSQL' : 'PGlite'} with the demo cars and the built web app, ` +
        `glibc ${
          glibcDefaults
            ? 'defaults'
            : Object.entries(malloc)
                .map(([name, value]) => `${name}=${value}`)
                .join(' ')
        }; ` +
        `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.`,
    );
    return await pixelBombFault(say, { origin: server.origin, pid: server.child.pid! });
  } finally {
    await server?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** npx tsx bench/faults/pixel-bomb.ts [--glibc-defaults] */
runIfMain(import.meta.url, (say) =>
  pixelBombAttack(say, postgresServerUrl(), { glibcDefaults: process.argv.includes('--glibc-defaults') }),
);
