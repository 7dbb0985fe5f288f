import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import sharp from 'sharp';
import { createDatabase, type Db } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { createRuntime } from '../server/src/runtime.ts';
import { seedDatabase } from '../server/src/seed/seed.ts';
import { testConfig } from '../server/test/app.ts';
import { createTelegramUser, tmaHeaders, type TestTelegramUser } from '../server/test/identity.ts';
import { processCarPhoto } from '../server/src/inventory/photos.service.ts';
import { throwawayPostgres } from './faults/support.ts';

/**
 * npm run bench:photos — 20 staff uploads of a 12-megapixel phone photo (4000 × 3000 JPEG with
 * noise, so its size is a real photo's, about 5 MB) over real HTTP on 127.0.0.1, each through the
 * media pipeline (upright, metadata gone, WebP and JPEG at 320, 640, 1280 and 1920 px) into the
 * media store: the production app made by the runtime, on a database of its own on the
 * DATABASE_URL server (dropped afterwards), or PGlite in memory without one (whose WebAssembly heap
 * then counts in the RSS and never shrinks). One upload after another, as the dashboard sends them.
 * Prints p50 and p95 against the budget (p50 ≤ 1.5 s) and the process's RSS at idle and after the
 * uploads, both after a full garbage collection, against the budget (back within 50 MB of idle).
 * Then profiles a few of the photos through the pipeline alone, to show where the time goes.
 * glibc is tuned as the Dockerfile tunes it (the script starts itself again with those variables),
 * since without it glibc keeps memory that decoding freed (docs/decisions/007-licence-uploads.md).
 */

const UPLOADS = 20;
const WARM_UP = 2;
const PROFILED = 5;
const P50_BUDGET_MS = 1500;
const RSS_BUDGET_MB = 50;
const SETTLE_MS = 2000;
const DOCKER_MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

const ADMIN: TestTelegramUser = { id: 900_101, first_name: 'Bench', last_name: 'Admin' };

const mb = (bytes: number) => bytes / 1024 / 1024;
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Node's gc(), without asking for --expose-gc on the command line. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** A phone photo: 4000 × 3000 of gradient and grain at quality 90, and a mark of its own so every upload is new bytes. */
async function phonePhoto(n: number): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 0x9e3779b9 ^ n;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1_103_515_245 + 12_345) >>> 0;
      const grain = (seed >>> 26) - 32;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, (x * 200) / width + grain + 30));
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 180) / height + grain + 40));
      pixels[i + 2] = Math.max(0, Math.min(255, ((x + y) % 600) / 3 + grain + 50));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .composite([
      { input: { create: { width: 200, height: 200, channels: 3, background: { r: n * 10, g: 0, b: 0 } } }, left: 100, top: 100 },
    ])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Phone' } })
    .toBuffer();
}

async function openDatabase(serverUrl: string | undefined): Promise<{ db: Db; name: string; drop: () => Promise<void> }> {
  if (!serverUrl) {
    const db = createDatabase({ kind: 'pglite' });
    await migrateToLatest(db);
    return { db, name: 'PGlite in memory', drop: () => db.destroy() };
  }
  const database = await throwawayPostgres(serverUrl, 'photos_bench');
  return { db: database.db, name: `PostgreSQL at ${new URL(serverUrl).host}`, drop: database.drop };
}

async function main() {
  const gc = collector();
  const database = await openDatabase(process.env.DATABASE_URL);
  const config = testConfig();
  const runtime = await createRuntime(config, {
    db: database.db,
    logger: false,
    webDist: join(mkdtempSync(join(tmpdir(), 'bench-photos-')), 'no-web'),
  });
  const { app } = runtime;
  try {
    await seedDatabase(database.db, { cars: UPLOADS + WARM_UP });
    await createTelegramUser(database.db, ADMIN.id, { is_admin: true, first_name: 'Bench', last_name: 'Admin' });
    const cars = (await database.db.selectFrom('cars').select('uuid').execute()).map((row) => row.uuid);
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });

    const upload = async (car: string, photo: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
      const started = performance.now();
      const response = await fetch(`${origin}/api/inventory/${car}/photos`, { method: 'POST', body: form, headers: tmaHeaders(ADMIN) });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
      return elapsed;
    };

    process.stdout.write(
      `Database: ${database.name}; glibc ${process.env.MALLOC_ARENA_MAX ? `MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX} MALLOC_MMAP_THRESHOLD_=${process.env.MALLOC_MMAP_THRESHOLD_}` : 'defaults'}; ` +
        `load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores.\n`,
    );
    // Made before idle is read, so both readings hold them and only the uploads' own memory differs.
    const photos: Buffer[] = [];
    for (let i = 0; i < WARM_UP + UPLOADS; i++) photos.push(await phonePhoto(i));
    const { width, height } = await sharp(photos[0]).metadata();
    const averageMb = mb(photos.reduce((sum, photo) => sum + photo.length, 0) / photos.length);
    process.stdout.write(`Photo: ${width} × ${height} JPEG, ${averageMb.toFixed(1)} MB on average.\n`);

    gc();
    await sleep(SETTLE_MS);
    gc();
    const idle = process.memoryUsage().rss;

    for (let i = 0; i < WARM_UP; i++) await upload(cars[i]!, photos[i]!);
    const times: number[] = [];
    for (let i = WARM_UP; i < WARM_UP + UPLOADS; i++) times.push(await upload(cars[i]!, photos[i]!));

    gc();
    await sleep(SETTLE_MS);
    gc();
    const after = process.memoryUsage().rss;

    const stored = await database.db
      .selectFrom('media_blobs')
      .select((eb) => [eb.fn.countAll<number>().as('blobs'), eb.fn.sum<number>('size').as('bytes')])
      .executeTakeFirstOrThrow();
    // The profile: the same photos through the pipeline alone, in this process's decoder, without HTTP or storage.
    const pipeline: number[] = [];
    for (let i = WARM_UP; i < WARM_UP + PROFILED; i++) {
      const started = performance.now();
      await processCarPhoto(app.images, photos[i]!, 'bench');
      pipeline.push(performance.now() - started);
    }
    const p50 = percentile(times, 50);
    const grew = mb(after - idle);
    process.stdout.write(
      [
        `${UPLOADS} uploads (after ${WARM_UP} to warm up): p50 ${p50.toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, ` +
          `min ${Math.min(...times).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms.`,
        `Of which the media pipeline alone (decode, orient, 4 widths × WebP and JPEG; ${PROFILED} runs): p50 ${percentile(pipeline, 50).toFixed(0)} ms; ` +
          `the rest (HTTP, multipart, storing 8 blobs and the photo row) about ${(p50 - percentile(pipeline, 50)).toFixed(0)} ms.`,
        `Stored: ${Number(stored.blobs)} blobs, ${mb(Number(stored.bytes)).toFixed(1)} MB (${(mb(Number(stored.bytes)) / (UPLOADS + WARM_UP)).toFixed(2)} MB a photo, 8 variants).`,
        `RSS (after gc): idle ${mb(idle).toFixed(0)} MB, after the uploads ${mb(after).toFixed(0)} MB (${grew >= 0 ? '+' : ''}${grew.toFixed(0)} MB).`,
        `Budget p50 ≤ ${P50_BUDGET_MS} ms: ${p50 <= P50_BUDGET_MS ? 'met' : 'NOT met'}. Budget RSS within ${RSS_BUDGET_MB} MB of idle: ${grew <= RSS_BUDGET_MB ? 'met' : 'NOT met'}.`,
        '',
      ].join('\n'),
    );
  } finally {
    await runtime.close();
    await database.drop();
  }
}

if (!process.env.MALLOC_ARENA_MAX) {
  // The allocator reads these at process start, so the script runs itself again with them.
  const { status } = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, ...DOCKER_MALLOC_ENV },
  });
  process.exit(status ?? 1);
} else {
  await main();
}
