import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'kysely';
import * as v from 'valibot';
import { carWriteSchema, type CarWrite } from '../domain/inventory.schema.ts';
import { FEED_CHANNELS } from '../domain/vehicle-feeds.ts';
import { loadConfig } from '../server/src/config.ts';
import { createDatabase, type Db } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { feedSite, feedsReport, openFeed } from '../server/src/feeds/feeds.service.ts';
import { createCars } from '../server/src/inventory/inventory.service.ts';
import { generateCars } from '../server/src/seed/cars.seed.ts';
import { TEST_NOW } from '../server/test/app.ts';
import { databaseUrl } from '../server/test/postgres-urls.ts';

/**
 * npm run bench:feeds — 5,000 cars (the demo generator's, made through the inventory service's
 * createCars, five photos each) on PostgreSQL, in a throwaway database: the Meta feed, the Google
 * feed (best of three) and the staff report each built whole, as a channel's fetch reads them.
 * Budget (docs/product/feeds.md): both feeds together at most 2 s. BENCH_POSTGRES_URL names the server
 * (postgres://postgres@127.0.0.1:5432/postgres by default); without one the bench says so and stops.
 */

const CARS = 5_000;
const PHOTOS_PER_CAR = 5;
const BUDGET_MS = 2_000;
const RUNS = 3;
const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function reachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** The generator's cars as the staff form would send them, most of them for sale. */
function carInputs(): CarWrite[] {
  return generateCars({ count: CARS, now: TEST_NOW }).map((car, i) =>
    v.parse(carWriteSchema, {
      vin: car.vin,
      stockNumber: `B${String(i + 1).padStart(5, '0')}`,
      year: car.year,
      brand: car.brand,
      model: car.model,
      trim: car.trim,
      bodyStyle: car.body_style,
      condition: car.condition,
      certified: car.certified ?? false,
      price: car.price,
      msrp: car.msrp,
      mileage: car.mileage,
      exteriorColor: car.exterior_color,
      interiorColor: car.interior_color,
      transmission: car.transmission,
      drivetrain: car.drivetrain,
      fuelType: car.fuel_type,
      engine: car.engine,
      mpgCity: car.mpg_city,
      mpgHighway: car.mpg_highway,
      features: car.features ?? [],
      description: car.description,
      listingState: i % 20 === 0 ? 'pending' : 'available',
    }),
  );
}

/** Photo rows as the upload pipeline writes them (four widths, two formats); the blobs themselves are not read by a feed. */
async function addPhotos(db: Db, uuids: readonly string[]) {
  const hash = () => randomBytes(32).toString('hex');
  const rows = uuids.flatMap((carUuid) =>
    Array.from({ length: PHOTOS_PER_CAR }, (_, position) => {
      const variants = Object.fromEntries(
        [320, 640, 1280, 1920].map((width) => [String(width), { webp: hash(), jpeg: hash(), width, height: Math.round((width * 2) / 3) }]),
      );
      return {
        car_uuid: carUuid,
        position,
        width: 1920,
        height: 1280,
        variants: JSON.stringify(variants),
        hashes: Object.values(variants).flatMap((variant) => [variant.webp, variant.jpeg]),
      };
    }),
  );
  for (let start = 0; start < rows.length; start += 1_000)
    await db
      .insertInto('car_photos')
      .values(rows.slice(start, start + 1_000))
      .execute();
}

const admin = createDatabase({ kind: 'postgres', url: SERVER });
if (!(await reachable(admin))) {
  process.stdout.write(
    `bench:feeds needs PostgreSQL at ${SERVER.replace(/:[^:@/]*@/, ':***@')}; it is not reachable, so nothing was measured.\n`,
  );
  await admin.destroy();
  process.exit(0);
}

const name = `bench_feeds_${randomBytes(4).toString('hex')}`;
await sql`create database ${sql.id(name)}`.execute(admin);
const db = createDatabase({ kind: 'postgres', url: databaseUrl(SERVER, name) });
let met = false;
try {
  await migrateToLatest(db);
  const created = await db.transaction().execute((trx) => createCars(trx, carInputs(), null));
  await addPhotos(
    db,
    created.map((car) => car.uuid),
  );
  const site = feedSite(loadConfig({ DATA_DIR: '/tmp', DEALER_STORE_CODE: 'BENCH-01' }), 'https://cars.example.com');
  process.stdout.write(
    `${CARS.toLocaleString('en-US')} cars with ${PHOTOS_PER_CAR} photos each on PostgreSQL (load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores):\n`,
  );
  // Best of three: the machine may be shared, and a channel fetches the same feed again and again.
  let feedsMs = 0;
  for (const channel of FEED_CHANNELS) {
    let best = Infinity;
    let bestCpu = Infinity;
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      bytes = 0;
      for await (const chunk of openFeed(db, channel, site)) {
        bytes += Buffer.byteLength(chunk);
      }
      best = Math.min(best, performance.now() - started);
      const used = process.cpuUsage(cpu);
      bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
    }
    feedsMs += best;
    process.stdout.write(
      `  ${channel.padEnd(7)} feed   ${(best / 1000).toFixed(2).padStart(5)} s  ${(bytes / 1024 / 1024).toFixed(1)} MB, this process's CPU ${(bestCpu / 1000).toFixed(2)} s\n`,
    );
  }
  const started = performance.now();
  const report = await feedsReport(db, site);
  process.stdout.write(
    `  staff report   ${((performance.now() - started) / 1000).toFixed(2).padStart(5)} s  ${report.feeds.map((feed) => `${feed.channel} ${feed.included} listed, ${feed.omitted.length} left out`).join('; ')}\n`,
  );
  met = feedsMs <= BUDGET_MS;
  process.stdout.write(
    `  both feeds     ${(feedsMs / 1000).toFixed(2).padStart(5)} s  (budget ${BUDGET_MS / 1000} s)  ${met ? 'met' : 'NOT MET'}\n`,
  );
} finally {
  await db.destroy();
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
  await admin.destroy();
}
process.exitCode = met ? 0 : 1;
