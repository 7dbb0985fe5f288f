/**
 * `npm run measure:web`: what a first visit to the public site costs, against the budgets of
 * design.md (public first load ≤ 150 KB JS+CSS gzip; Lighthouse mobile performance ≥ 90 and
 * accessibility ≥ 95 on / and /cars). Prints figures; asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS } from '../server/src/pdf/pdf-renderer.ts';
import { REPO_ROOT, chromiumPath, launchBrowser, startProductionServer } from '../web/e2e/harness.ts';

const DIST = join(REPO_ROOT, 'web/dist');
const FIRST_LOAD_BUDGET_KB = 150;
const PERFORMANCE_BUDGET = 90;
const ACCESSIBILITY_BUDGET = 95;
/** The staff dashboard must never be part of a public page's cost. */
const EXCLUDED = /dashboard/;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** Assets the built index.html itself references: entry script, modulepreloads, stylesheets. */
function assetsInIndexHtml(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const found = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)) found.add(match[1]!);
  return [...found];
}

function gzipSize(path: string): number {
  return gzipSync(readFileSync(join(DIST, path))).length;
}

async function firstLoadAssets(baseUrl: string): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const requested = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === baseUrl && /\/assets\/.+\.(js|css)$/.test(url.pathname)) requested.add(url.pathname);
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await context.close();
    return [...requested];
  } finally {
    await browser.close();
  }
}

async function lighthouseScores(url: string, chromePath: string) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: [...CHROMIUM_ARGS, '--headless=new'] });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      formFactor: 'mobile',
    });
    const categories = result?.lhr.categories;
    const audits = result?.lhr.audits;
    return {
      performance: Math.round((categories?.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories?.accessibility?.score ?? 0) * 100),
      fcp: audits?.['first-contentful-paint']?.displayValue ?? '?',
      lcp: audits?.['largest-contentful-paint']?.displayValue ?? '?',
      tbt: audits?.['total-blocking-time']?.displayValue ?? '?',
      cls: audits?.['cumulative-layout-shift']?.displayValue ?? '?',
    };
  } finally {
    chrome.kill();
  }
}

async function main() {
  const chromePath = chromiumPath();
  if (!chromePath) {
    console.error('No Chromium found (set CHROME_PATH or install /usr/bin/chromium); nothing measured.');
    process.exitCode = 1;
    return;
  }
  console.log('Starting the production server (builds the web app when stale)…');
  const server = await startProductionServer();
  try {
    const assets = [...new Set([...assetsInIndexHtml(), ...(await firstLoadAssets(server.baseUrl))])]
      .filter((path) => !EXCLUDED.test(path))
      .sort();
    const rows = assets.map((path) => ({ path, gzip: gzipSize(path.replace(/^\//, '')) }));
    let total = 0;
    console.log('\nFirst load of / (JS + CSS, gzip):');
    for (const row of rows) {
      total += row.gzip;
      console.log(`  ${row.path.padEnd(48)} ${kb(row.gzip).padStart(7)} KB`);
    }
    const verdict = total / 1024 <= FIRST_LOAD_BUDGET_KB ? 'within' : 'OVER';
    console.log(`  ${'total'.padEnd(48)} ${kb(total).padStart(7)} KB  (budget ${FIRST_LOAD_BUDGET_KB} KB: ${verdict})`);

    console.log('\nLighthouse (mobile):');
    for (const path of ['/', '/cars']) {
      const scores = await lighthouseScores(`${server.baseUrl}${path}`, chromePath);
      const perf = scores.performance >= PERFORMANCE_BUDGET ? 'ok' : 'BELOW';
      const a11y = scores.accessibility >= ACCESSIBILITY_BUDGET ? 'ok' : 'BELOW';
      console.log(
        `  ${path.padEnd(6)} performance ${scores.performance} (≥${PERFORMANCE_BUDGET} ${perf}), accessibility ${scores.accessibility} (≥${ACCESSIBILITY_BUDGET} ${a11y})` +
          `  FCP ${scores.fcp}, LCP ${scores.lcp}, TBT ${scores.tbt}, CLS ${scores.cls}`,
      );
    }
  } finally {
    await server.stop();
  }
}

await main();
