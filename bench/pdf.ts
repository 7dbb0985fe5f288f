import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createDatabase, type Db } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { createRuntime } from '../server/src/runtime.ts';
import { seedDatabase } from '../server/src/seed/seed.ts';
import { buildApplicationDocument } from '../server/src/applications/application-pdf.service.ts';
import { withDocumentInfo } from '../server/src/pdf/document-info.ts';
import { PRINT_OPTIONS } from '../server/src/pdf/pdf-renderer.service.ts';
import { testConfig } from '../server/test/app.ts';
import { licencePhoto, submissionBody, submit } from '../server/test/applications.ts';
import { createTelegramUser, injectAs, tmaHeaders, type TestTelegramUser } from '../server/test/identity.ts';

/**
 * npm run bench:pdf — downloads one application's PDF 50 times over HTTP from a warm server (the
 * production app and renderer; a database of its own, pdf_bench, on the DATABASE_URL server, dropped
 * afterwards, or PGlite in memory without one), and renders the very same HTML 50 times with a bare
 * page.setContent + page.pdf on the same browser, one page reused: the floor. They alternate in
 * rounds so that both see the same machine. Prints p50 and p95 of each, app ÷ floor against the
 * budget (warm PDF ≤ 300 ms and ≤ 1.3 × the floor, docs/operations/benchmarks.md#pdfs), and memory before and after, and times
 * the one step the app adds after printing: replacing the file's properties (Title, Creator, Producer).
 *
 * The floor prints identical image URLs again and again, so Chromium serves the licence photos from
 * its memory cache; a real document never can (each is new, in a fresh context). A second floor
 * makes the photos' URLs unique on every run to show what that cache is worth.
 * BENCH_PAUSE_MS (default 1000) is the time between two downloads, as between two clicks: the
 * renderer warms the next fresh context meanwhile. 0 measures back-to-back renders.
 */

const RENDERS = 50;
const ROUNDS = 5;
const PER_ROUND = RENDERS / ROUNDS;
const WARM_UP = 3;
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 1000);
const P50_BUDGET_MS = 300;
const FLOOR_RATIO_BUDGET = 1.3;

const ADMIN: TestTelegramUser = { id: 900_001, first_name: 'Bench', last_name: 'Admin' };
const APPLICANT: TestTelegramUser = { id: 900_002, first_name: 'Mary', last_name: 'Major' };

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));
const run = promisify(execFile);

/**
 * Proportional memory (PSS) of a process and all its descendants: Chromium is a dozen processes
 * sharing most of their pages, so summing their RSS would count those pages a dozen times. Linux only.
 */
async function treePss(rootPid: number | undefined): Promise<number> {
  if (rootPid === undefined) return 0;
  const { stdout } = await run('ps', ['-e', '-o', 'pid=,ppid=']);
  const rows = stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let total = 0;
  for (const pid of tree) {
    // A process that ended since ps listed it has nothing left to count.
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => '');
    total += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
  }
  return total;
}

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function openDatabase(databaseUrl: string | undefined): Promise<{ db: Db; name: string; drop: () => Promise<void> }> {
  if (!databaseUrl) {
    const db = createDatabase({ kind: 'pglite' });
    return { db, name: 'PGlite in memory', drop: () => db.destroy() };
  }
  const admin = createDatabase({ kind: 'postgres', url: databaseUrl });
  await sql`drop database if exists pdf_bench with (force)`.execute(admin);
  await sql`create database pdf_bench`.execute(admin);
  const url = new URL(databaseUrl);
  url.pathname = '/pdf_bench';
  const db = createDatabase({ kind: 'postgres', url: url.toString() });
  return {
    db,
    name: `PostgreSQL at ${url.host}`,
    async drop() {
      await db.destroy();
      await sql`drop database if exists pdf_bench with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

/** A phone photo of a licence as the upload stores it: about 2400 × 1500 with texture, so the JPEG is realistically large. */
const licenceJpeg = (tint: string) =>
  sharp({ create: { width: 2400, height: 1500, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 24 } } })
    .blur(1.2)
    .composite([{ input: { create: { width: 2400, height: 1500, channels: 4, background: tint } }, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();

async function main() {
  const config = testConfig({ CHROME_PATH: process.env.CHROME_PATH });
  if (!config.pdf.chromePath) throw new Error('No Chromium: install it (Debian: apt-get install chromium) or set CHROME_PATH.');
  const database = await openDatabase(process.env.DATABASE_URL);
  process.stdout.write(`Database: ${database.name}\n`);
  await migrateToLatest(database.db);
  await seedDatabase(database.db, { cars: 1 });
  const runtime = await createRuntime(config, {
    db: database.db,
    logger: false,
    webDist: join(mkdtempSync(join(tmpdir(), 'bench-pdf-')), 'no-web'),
  });
  const { app } = runtime;
  try {
    await createTelegramUser(database.db, ADMIN.id, { is_admin: true, first_name: 'Bench', last_name: 'Admin' });
    const applicant = await createTelegramUser(database.db, APPLICANT.id, { first_name: 'Mary', last_name: 'Major' });
    const images: Record<string, number> = {};
    for (const [side, tint] of [
      ['front', '#33669980'],
      ['back', '#99663380'],
    ] as const) {
      const upload = await injectAs(app, APPLICANT, {
        method: 'POST',
        url: '/api/applications/documents',
        ...licencePhoto(await licenceJpeg(tint), { side }),
      });
      if (upload.statusCode !== 201) throw new Error(`upload: ${upload.statusCode} ${upload.body}`);
      images[side] = upload.json<{ id: number }>().id;
    }
    const car = await database.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    const submitted = await submit(
      app,
      APPLICANT,
      submissionBody(applicant.id, { front: images.front!, back: images.back! }, { carId: car.uuid }),
    );
    if (submitted.statusCode !== 201) throw new Error(`submit: ${submitted.statusCode} ${submitted.body}`);
    const id = submitted.json<{ id: number }>().id;
    const admin = await database.db
      .selectFrom('users')
      .select(['id', 'telegram_id'])
      .where('telegram_id', '=', ADMIN.id)
      .executeTakeFirstOrThrow();

    // Over real HTTP as a browser downloads it: inject() would add its own cost of turning 1 MB into text.
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const download = async () => {
      const started = performance.now();
      const res = await fetch(`${origin}/api/applications/${id}/pdf`, { headers: tmaHeaders(ADMIN) });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`pdf: ${res.status}`);
      return { elapsed: performance.now() - started, bytes };
    };

    process.stdout.write(`Warming up (${WARM_UP} downloads: Chromium starts)…\n`);
    let size = 0;
    for (let i = 0; i < WARM_UP; i++) size = (await download()).bytes;

    const document = await buildApplicationDocument(
      {
        db: database.db,
        pii: app.pii,
        renderer: app.pdf,
        catalogues: app.catalogues,
        company: config.company.name,
        timeZone: config.server.timeZone,
      },
      { userId: admin.id, telegramId: admin.telegram_id, isAdmin: true, via: 'telegram' },
      id,
      'en',
    );
    const browser = await app.pdf.browser();
    // Both readings without the floor's page, whose memory cache fills with the uncached floor's photos.
    const memory = async () => ({ server: process.memoryUsage().rss, chromium: await treePss(browser.process()?.pid) });
    const before = await memory();
    const floorPage = await browser.newPage();
    await floorPage.setJavaScriptEnabled(false);
    let uncachedRuns = 0;
    const bare = async (html: string) => {
      const started = performance.now();
      await floorPage.setContent(html, { waitUntil: 'load' });
      await floorPage.pdf({ ...PRINT_OPTIONS, footerTemplate: document.footerHtml });
      return performance.now() - started;
    };
    // A media-type parameter changes the URL, not the bytes.
    const uncached = () => document.html.replaceAll(';base64,', `;run=${uncachedRuns++};base64,`);
    for (let i = 0; i < WARM_UP; i++) await bare(document.html);

    const times = { app: [] as number[], floor: [] as number[], uncached: [] as number[] };
    process.stdout.write(
      `${RENDERS} downloads of application ${id} (${(document.html.length / 1024).toFixed(0)} KB of HTML, ${(size / 1024).toFixed(0)} KB of PDF) ${PAUSE_MS} ms apart, alternating with ${RENDERS} renders of each floor…\n`,
    );
    for (let round = 1; round <= ROUNDS; round++) {
      for (let i = 0; i < PER_ROUND; i++) {
        await sleep(PAUSE_MS);
        times.app.push((await download()).elapsed);
        await sleep(PAUSE_MS);
        times.floor.push(await bare(document.html));
        await sleep(PAUSE_MS);
        times.uncached.push(await bare(uncached()));
      }
      const recent = (samples: number[]) => ms(percentile(samples.slice(-PER_ROUND), 50));
      process.stdout.write(
        `  round ${round}   app p50 ${recent(times.app)}   floor p50 ${recent(times.floor)}   floor, photos not cached, p50 ${recent(times.uncached)}\n`,
      );
    }
    // Part of the app's time: replacing the file's properties (document-info.ts), on this document's own PDF.
    const unlabelled = Buffer.from(await floorPage.pdf({ ...PRINT_OPTIONS, footerTemplate: document.footerHtml }));
    const labelling = Array.from({ length: RENDERS }, () => {
      const started = performance.now();
      withDocumentInfo(unlabelled, document.info);
      return performance.now() - started;
    });
    await floorPage.close();
    const after = await memory();

    const p50 = (samples: number[]) => percentile(samples, 50);
    const line = (name: string, samples: number[]) =>
      `${name.padEnd(42)} p50 ${ms(p50(samples)).padStart(9)}   p95 ${ms(percentile(samples, 95)).padStart(9)}`;
    const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');
    const ratio = p50(times.app) / p50(times.floor);
    process.stdout.write(
      [
        '',
        `${line(`app (GET /api/applications/${id}/pdf)`, times.app)}   ${verdict(p50(times.app) <= P50_BUDGET_MS)} (p50 ≤ ${P50_BUDGET_MS} ms)`,
        line('floor (bare setContent + pdf)', times.floor),
        line('floor, photos not cached', times.uncached),
        `app ÷ floor (p50)                          ${ratio.toFixed(2)}   ${verdict(ratio <= FLOOR_RATIO_BUDGET)} (≤ ${FLOOR_RATIO_BUDGET})`,
        `app ÷ floor with photos not cached (p50)   ${(p50(times.app) / p50(times.uncached)).toFixed(2)}`,
        line('of the app: file properties replaced', labelling),
        `memory before: server rss ${mb(before.server)}, Chromium pss ${mb(before.chromium)} (all its processes)`,
        `memory after:  server rss ${mb(after.server)}, Chromium pss ${mb(after.chromium)}`,
        `browsers launched: ${app.pdf.launches}`,
        '',
      ].join('\n'),
    );
  } finally {
    await runtime.close();
    await database.drop();
  }
}

await main();
