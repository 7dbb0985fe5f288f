/**
 * `npm run measure:web`: what a visit costs on the pages that matter, against the budgets of
 * docs/operations/benchmarks.md#pages: / and /cars first load ≤ 150 KB JS+CSS gzip, Lighthouse mobile performance ≥ 98, LCP ≤ 1.5 s, TBT ≤ 100 ms and CLS ≤ 0.02 on
 * the public pages, accessibility 100 everywhere. Measures /, /cars, a car page, /application
 * (the wizard's first step) and /dashboard (signed in as staff), Lighthouse twice a page (the
 * better run counts), then profiles the first loads of / and /cars by package and module from a
 * sourcemap build in a temporary folder (web/dist is never touched). Prints figures and the
 * machine's load; asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../server/src/pdf/pdf-renderer.service.ts';
import { E2E_BOT_TOKEN, REPO_ROOT, chromiumPath, launchBrowser, startProductionServer } from '../web/e2e/harness.ts';

const DIST = join(REPO_ROOT, 'web/dist');
const FIRST_LOAD_BUDGET_KB = 150;
const PERFORMANCE_BUDGET = 98;
const ACCESSIBILITY_BUDGET = 100;
/** The public pages' paint, blocking and stability budgets (docs/operations/benchmarks.md#pages). */
const LCP_BUDGET_MS = 1500;
const TBT_BUDGET_MS = 100;
const CLS_BUDGET = 0.02;
const ADMIN_TELEGRAM_ID = 790_000_001;

interface Target {
  label: string;
  path: string;
  /** Public pages carry the first-load and performance budgets; accessibility counts everywhere. */
  isPublic: boolean;
  sizeBudget: boolean;
  cookie?: string;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function machineLoad(): string {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  return `load average ${one} / ${five} / ${fifteen} (1/5/15 min) on ${cpus().length} cores`;
}

/** The gzip bytes the server sends for an asset: its precompressed .gz, else gzip -9 of it. */
function gzipSize(assetPath: string): number {
  const file = join(DIST, assetPath.replace(/^\//, ''));
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/**
 * The page's HTML as it travels to a browser that takes brotli: the public pages carry their
 * stylesheets inline, so their CSS is counted here rather than among the files.
 */
function documentBytes(baseUrl: string, path: string, cookie?: string): Promise<{ encoding: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
    if (cookie) headers.cookie = cookie;
    get(`${baseUrl}${path}`, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ encoding: String(response.headers['content-encoding'] ?? 'none'), bytes }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

/** Every JS and CSS file a cold load of `url` downloads (no cache, one fresh browser context). */
async function coldLoadAssets(baseUrl: string, path: string, cookie?: string): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (cookie) await context.setExtraHTTPHeaders({ cookie });
    const page = await context.newPage();
    const requested = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === baseUrl && /\/assets\/.+\.(js|css)$/.test(url.pathname)) requested.add(url.pathname);
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    await context.close();
    return [...requested].sort();
  } finally {
    await browser.close();
  }
}

async function lighthouseScores(url: string, chromePath: string, cookie?: string) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    const audits = lhr?.audits ?? {};
    const a11yFailures = (lhr?.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => `${ref.id}: ${audits[ref.id]?.title ?? ''}`);
    return {
      finalUrl: lhr?.finalDisplayedUrl ?? url,
      runtimeError: lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined,
      performance: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr?.categories.accessibility?.score ?? 0) * 100),
      fcp: audits['first-contentful-paint']?.displayValue ?? '?',
      lcp: audits['largest-contentful-paint']?.displayValue ?? '?',
      tbt: audits['total-blocking-time']?.displayValue ?? '?',
      cls: audits['cumulative-layout-shift']?.displayValue ?? '?',
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
      clsValue: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      a11yFailures,
    };
  } finally {
    chrome.kill();
  }
}

/**
 * Each page's better run by performance: one run can meet a moment when the machine is busy, which
 * Lighthouse's simulated throttling scales up (docs/operations/benchmarks.md#pages).
 */
const LIGHTHOUSE_RUNS = 2;

async function bestLighthouseScores(url: string, chromePath: string, cookie?: string) {
  let best = await lighthouseScores(url, chromePath, cookie);
  for (let run = 1; run < LIGHTHOUSE_RUNS; run++) {
    const next = await lighthouseScores(url, chromePath, cookie);
    if (next.performance > best.performance) best = next;
  }
  return best;
}

/** Telegram Login Widget data for the staff account, signed as Telegram signs it. */
function widgetLogin(id: number): Record<string, string | number> {
  const data: Record<string, string | number> = { auth_date: Math.floor(Date.now() / 1000), first_name: 'Measure', id };
  const checkString = Object.keys(data)
    .sort()
    .map((key) => `${key}=${data[key]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(E2E_BOT_TOKEN).digest()).update(checkString).digest('hex');
  return { ...data, hash };
}

async function staffCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/telegram-widget`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(widgetLogin(ADMIN_TELEGRAM_ID)),
  });
  if (!response.ok) throw new Error(`Staff sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { cookie } })).json()) as { isAdmin?: boolean };
  if (me.isAdmin !== true) throw new Error('The staff sign-in did not give an admin session; /dashboard would show its sign-in page');
  return cookie;
}

async function someCarPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/cars?limit=1`);
  const page = (await response.json()) as { items?: Array<{ uuid: string }> };
  const uuid = page.items?.[0]?.uuid;
  if (!uuid) throw new Error('GET /api/cars returned no car to measure');
  return `/cars/${uuid}`;
}

// ---------------------------------------------------------------------------------------------
// Profile: which packages and modules the first load of / is made of.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source-map segment's numbers (Base64 VLQ). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** A package name for node_modules, else the app folder (two levels under web/src) or file. */
function groupOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  const app = /(web\/src\/[^/]+(?:\/[^/]+)?)/.exec(source);
  if (app) return app[1]!.replace(/\.tsx?$/, '');
  return source.replace(/^(\.\.\/)+/, '').replace(/^.*?\/(domain|locales)\//, '$1/');
}

/** Minified code of each group across `files`, by the source map beside each file. */
function codeByGroup(dir: string, files: string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  const add = (group: string, code: string) => {
    const list = groups.get(group) ?? [];
    list.push(code);
    groups.set(group, list);
  };
  for (const file of files) {
    const code = readFileSync(join(dir, file), 'utf8');
    if (!existsSync(join(dir, `${file}.map`))) {
      add(`(no source map: ${file.replace(/^assets\//, '')})`, code);
      continue;
    }
    const map = JSON.parse(readFileSync(join(dir, `${file}.map`), 'utf8')) as { sources: string[]; mappings: string };
    const lines = code.split('\n');
    let source = 0;
    map.mappings.split(';').forEach((line, lineIndex) => {
      const text = lines[lineIndex] ?? '';
      const segments: Array<[column: number, source: number]> = [];
      let column = 0;
      for (const raw of line.split(',')) {
        if (!raw) continue;
        const values = decodeSegment(raw);
        column += values[0]!;
        if (values.length > 1) source += values[1]!;
        segments.push([column, values.length > 1 ? source : -1]);
      }
      segments.forEach(([start, index], i) => {
        const end = i + 1 < segments.length ? segments[i + 1]![0] : text.length;
        add(index < 0 ? '(bundler glue)' : groupOf(map.sources[index] ?? '?'), text.slice(start, end));
      });
    });
  }
  return groups;
}

/** The top-level rules of a stylesheet, each with whether it styles telegram-ui classes. */
function cssByOrigin(css: string): Map<string, string[]> {
  const groups = new Map<string, string[]>([
    ['CSS: telegram-ui (pruned to the classes in use)', []],
    ['CSS: ours (fonts, global, shell)', []],
  ]);
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      const rule = css.slice(start, i + 1);
      groups
        .get(rule.includes('.tgui-') ? 'CSS: telegram-ui (pruned to the classes in use)' : 'CSS: ours (fonts, global, shell)')!
        .push(rule);
      start = i + 1;
    }
  }
  return groups;
}

function profileFirstLoads(firstLoads: Array<[label: string, files: string[]]>): void {
  const outDir = mkdtempSync(join(tmpdir(), 'measure-web-sourcemaps-'));
  try {
    const build = spawnSync(
      process.execPath,
      [
        join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'web/vite.config.ts',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--sourcemap',
        '--logLevel',
        'error',
      ],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    if (build.status !== 0) {
      console.log(`  (no profile: the sourcemap build failed)\n${build.stderr}`);
      return;
    }
    for (const [label, firstLoad] of firstLoads) {
      console.log(`\n  ${label}:`);
      printProfile(outDir, firstLoad);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function printProfile(outDir: string, firstLoad: string[]): void {
  // Content hashes do not depend on source maps, so the same names exist in both builds.
  const files = firstLoad.map((path) => path.replace(/^\//, ''));
  const missing = files.filter((file) => !existsSync(join(outDir, file)));
  if (missing.length > 0) console.log(`  (not in the sourcemap build, left out: ${missing.join(', ')})`);
  const present = files.filter((file) => existsSync(join(outDir, file)));
  const groups = codeByGroup(
    outDir,
    present.filter((file) => file.endsWith('.js')),
  );
  for (const file of present.filter((name) => name.endsWith('.css'))) {
    for (const [group, rules] of cssByOrigin(readFileSync(join(outDir, file), 'utf8')))
      groups.set(group, [...(groups.get(group) ?? []), ...rules]);
  }
  const rows = [...groups]
    .map(([group, parts]) => {
      const code = parts.join('');
      return { group, raw: code.length, gzip: gzipSync(code, { level: 9 }).length };
    })
    .filter((row) => row.raw > 0)
    .sort((a, b) => b.gzip - a.gzip);
  const shown = rows.slice(0, 22);
  const rest = rows.slice(22);
  console.log(`  ${'package / module'.padEnd(50)} ${'minified'.padStart(9)} ${'gzip'.padStart(8)}`);
  for (const row of shown) console.log(`  ${row.group.padEnd(50)} ${kb(row.raw).padStart(6)} KB ${kb(row.gzip).padStart(5)} KB`);
  if (rest.length > 0) {
    const raw = rest.reduce((sum, row) => sum + row.raw, 0);
    const gzip = rest.reduce((sum, row) => sum + row.gzip, 0);
    console.log(`  ${`${rest.length} smaller modules`.padEnd(50)} ${kb(raw).padStart(6)} KB ${kb(gzip).padStart(5)} KB`);
  }
}

async function main() {
  const chromePath = chromiumPath();
  if (!chromePath) {
    console.error('No Chromium found (set CHROME_PATH or install /usr/bin/chromium); nothing measured.');
    process.exitCode = 1;
    return;
  }
  console.log(`Machine at start: ${machineLoad()}. Figures (Lighthouse above all) drop on a busy machine.`);
  console.log('Starting the production server (builds the web app when stale)…');
  const server = await startProductionServer({ ADMIN_TELEGRAM_IDS: String(ADMIN_TELEGRAM_ID), RATE_LIMIT_MAX: '100000' });
  try {
    const carPath = await someCarPath(server.baseUrl);
    const cookie = await staffCookie(server.baseUrl);
    const targets: Target[] = [
      { label: '/', path: '/', isPublic: true, sizeBudget: true },
      { label: '/cars', path: '/cars', isPublic: true, sizeBudget: true },
      { label: 'car page', path: carPath, isPublic: true, sizeBudget: false },
      { label: '/application', path: '/application', isPublic: true, sizeBudget: false },
      { label: '/dashboard (staff)', path: '/dashboard', isPublic: false, sizeBudget: false, cookie },
    ];

    const firstLoads = new Map<string, string[]>();
    console.log('\nHTML as sent (the public pages with their stylesheets inline):');
    for (const target of targets) {
      const { encoding, bytes } = await documentBytes(server.baseUrl, target.path, target.cookie);
      console.log(`  ${target.label.padEnd(20)} ${kb(bytes).padStart(6)} KB  (${encoding})`);
    }

    console.log('\nFirst load (JS + CSS a cold load downloads, gzip as served):');
    for (const target of targets) {
      const assets = await coldLoadAssets(server.baseUrl, target.path, target.cookie);
      firstLoads.set(target.label, assets);
      const total = assets.reduce((sum, path) => sum + gzipSize(path), 0);
      const js = assets.filter((path) => path.endsWith('.js')).reduce((sum, path) => sum + gzipSize(path), 0);
      const verdict = target.sizeBudget
        ? `budget ${FIRST_LOAD_BUDGET_KB} KB: ${total / 1024 <= FIRST_LOAD_BUDGET_KB ? 'within' : 'OVER'}`
        : 'reported';
      console.log(
        `  ${target.label.padEnd(20)} ${kb(total).padStart(6)} KB  (JS ${kb(js)} KB, CSS ${kb(total - js)} KB, ${assets.length} files; ${verdict})`,
      );
    }
    console.log('\n  Files of the first load of /:');
    for (const path of firstLoads.get('/') ?? []) console.log(`    ${path.padEnd(48)} ${kb(gzipSize(path)).padStart(6)} KB`);

    console.log(`\nLighthouse (mobile, simulated throttling; the better of ${LIGHTHOUSE_RUNS} runs a page):`);
    for (const target of targets) {
      const scores = await bestLighthouseScores(`${server.baseUrl}${target.path}`, chromePath, target.cookie);
      const perf = target.isPublic ? `(≥${PERFORMANCE_BUDGET} ${scores.performance >= PERFORMANCE_BUDGET ? 'ok' : 'BELOW'})` : '(reported)';
      const a11y = `(${ACCESSIBILITY_BUDGET} ${scores.accessibility >= ACCESSIBILITY_BUDGET ? 'ok' : 'BELOW'})`;
      console.log(
        `  ${target.label.padEnd(20)} performance ${String(scores.performance).padStart(3)} ${perf.padEnd(11)} accessibility ${String(scores.accessibility).padStart(3)} ${a11y}` +
          `  FCP ${scores.fcp}, LCP ${scores.lcp}, TBT ${scores.tbt}, CLS ${scores.cls}`,
      );
      if (target.isPublic) {
        const lcp = scores.lcpMs <= LCP_BUDGET_MS ? 'ok' : 'OVER';
        const tbt = scores.tbtMs <= TBT_BUDGET_MS ? 'ok' : 'OVER';
        const cls = scores.clsValue <= CLS_BUDGET ? 'ok' : 'OVER';
        console.log(
          `    LCP budget ${LCP_BUDGET_MS / 1000} s: ${lcp}; TBT budget ${TBT_BUDGET_MS} ms: ${tbt}; CLS budget ${CLS_BUDGET}: ${cls}`,
        );
      }
      if (new URL(scores.finalUrl).pathname !== new URL(`${server.baseUrl}${target.path}`).pathname)
        console.log(`    (ended on ${scores.finalUrl})`);
      for (const failure of scores.a11yFailures) console.log(`    failed: ${failure}`);
      if (scores.runtimeError) console.log(`    Lighthouse could not measure: ${scores.runtimeError}`);
    }

    console.log('\nProfile of the first loads with a budget (sourcemap build in a temporary folder):');
    profileFirstLoads(targets.filter((target) => target.sizeBudget).map((target) => [target.label, firstLoads.get(target.label) ?? []]));
    console.log('  (gzip per row is that code compressed alone, so the rows add up to a little more than the total)');
  } finally {
    await server.stop();
  }
  console.log(`\nMachine at end: ${machineLoad()}.`);
}

await main();
