import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadConfig } from '../server/src/config.ts';
import { createDatabase, type Db } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { computeMetrics } from '../server/src/metrics/metrics.service.ts';

/**
 * npm run bench:metrics — seeds 100,000 cars, 100,000 users (a third of them Telegram users, the
 * rest web guests), 1,000,000 car views over the past year, 200,000 favourites and 10,000
 * applications into a PostgreSQL database of its own (cars_metrics_bench, dropped afterwards),
 * then computes the staff metrics (everything GET /api/metrics does but the HTTP around it)
 * BENCH_RUNS times warm, one after another, and prints p50 and p95 against the 100 ms budget.
 * Needs DATABASE_URL: a PostgreSQL server on which that user may create databases.
 */

const CARS = 100_000;
const USERS = 100_000;
const VIEWS = 1_000_000;
const FAVORITES = 200_000;
const APPLICATIONS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARM_UP_RUNS = 5;
const BUDGET_MS = 100;
const DATABASE = 'cars_metrics_bench';

const BRANDS = ['Toyota', 'Honda', 'Ford', 'Chevrolet', 'Nissan', 'Jeep', 'Hyundai', 'Kia', 'Subaru', 'BMW', 'Tesla', 'Mazda'];

/** Car i has the uuid md5(i), so the views, favourites and applications below can pick cars at random without a lookup. */
const randomCar = sql`md5((1 + floor(random() * ${CARS}))::integer::text)::uuid`;
const randomUser = sql`(1 + floor(random() * ${USERS}))::integer`;

async function seed(db: Db) {
  const steps: Array<[string, () => Promise<unknown>]> = [
    [
      `${CARS.toLocaleString('en-US')} cars`,
      () =>
        sql`
          insert into cars (uuid, brand, model, year, price, mileage, condition, date_added)
          select md5(i::text)::uuid, (${BRANDS}::text[])[1 + i % ${BRANDS.length}], 'Model ' || (i % 40), 2005 + i % 21,
                 5000 + (i * 7919) % 60000, (i::bigint * 104729) % 150000, case when i % 3 = 0 then 'new' else 'used' end,
                 now() - (i % 365) * interval '1 day'
          from generate_series(1, ${CARS}) i`.execute(db),
    ],
    [
      `${USERS.toLocaleString('en-US')} users`,
      async () => {
        await sql`
          insert into users (id, telegram_id, kind, first_name, registered_at, last_active_at, created_at)
          overriding system value
          select i, case when i % 3 = 0 then 1000000000 + i end, case when i % 3 = 0 then 'telegram' else 'guest' end, 'User ' || i,
                 case when i % 3 = 0 then joined end, case when i % 3 = 0 then now() - random() * interval '60 days' end, joined
          from (select i, now() - random() * interval '400 days' as joined from generate_series(1, ${USERS}) i) u`.execute(db);
        await sql`select setval(pg_get_serial_sequence('users', 'id'), ${USERS})`.execute(db);
      },
    ],
    [
      `${VIEWS.toLocaleString('en-US')} car views`,
      () =>
        sql`
          insert into car_views (user_id, car_uuid, viewed_at)
          select ${randomUser}, ${randomCar}, now() - random() * interval '365 days' from generate_series(1, ${VIEWS})`.execute(db),
    ],
    [
      `${FAVORITES.toLocaleString('en-US')} favourites`,
      () =>
        sql`
          insert into favorites (user_id, car_uuid, created_at)
          select ${randomUser}, ${randomCar}, now() - random() * interval '365 days' from generate_series(1, ${FAVORITES})
          on conflict do nothing`.execute(db),
    ],
    [
      `${APPLICATIONS.toLocaleString('en-US')} applications`,
      () =>
        sql`
          insert into applications (user_id, car_uuid, status, first_name, last_name, email, phone, marital_status, housing_status,
                                    months_at_current_address, address, income, current_employment, submitted_at)
          select i * ${USERS / APPLICATIONS}, ${randomCar}, (array['in_review', 'approved', 'rejected'])[1 + i % 3], 'Bench', 'Applicant',
                 'bench@example.com', '+12145550100', 'Unmarried', 'Rent', 24, '{}'::jsonb, 5000, '{}'::jsonb,
                 now() - random() * interval '365 days'
          from generate_series(1, ${APPLICATIONS}) i`.execute(db),
    ],
    ['statistics', () => sql`vacuum analyze`.execute(db)],
  ];
  for (const [what, step] of steps) {
    const started = performance.now();
    await step();
    process.stdout.write(`  ${what.padEnd(22)} ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function measure(db: Db, timeZone: string, poolSize: number, guestRetentionDays: number) {
  const run = () => computeMetrics(db, { now: new Date(), timeZone, guestRetentionDays });
  for (let i = 0; i < WARM_UP_RUNS; i++) await run();
  const timings: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const p50 = quantile(timings, 0.5);
  const p95 = quantile(timings, 0.95);
  const { daily } = await run();
  const last30 = daily.reduce((sum, day) => sum + day.carViews, 0);
  process.stdout.write(
    [
      '',
      `Staff metrics (${timeZone}), ${RUNS} warm runs one after another, pool of ${poolSize} connections, load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores`,
      `  car views today ${daily.at(-1)!.carViews.toLocaleString('en-US')}, in the last 30 days ${last30.toLocaleString('en-US')}`,
      `  p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${timings.at(-1)!.toFixed(1)} ms`,
      `  budget: p95 under ${BUDGET_MS} ms: ${p95 < BUDGET_MS ? 'met' : 'MISSED'}`,
      '',
    ].join('\n'),
  );
}

async function main() {
  const config = loadConfig();
  if (!config.database.url) {
    process.stderr.write('bench:metrics needs PostgreSQL: set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/postgres\n');
    process.exitCode = 1;
    return;
  }
  const admin = createDatabase({ kind: 'postgres', url: config.database.url });
  const url = new URL(config.database.url);
  url.pathname = `/${DATABASE}`;
  await sql`drop database if exists ${sql.id(DATABASE)} with (force)`.execute(admin);
  await sql`create database ${sql.id(DATABASE)}`.execute(admin);
  try {
    // Seeding runs statements far longer than a request's timeout allows; the runs use the app's settings.
    const seeder = createDatabase({ kind: 'postgres', url: url.toString(), pool: { ...config.database.pool, statementMs: 30 * 60_000 } });
    try {
      await migrateToLatest(seeder);
      process.stdout.write(`Seeding ${DATABASE}…\n`);
      await seed(seeder);
    } finally {
      await seeder.destroy();
    }
    const db = createDatabase({ kind: 'postgres', url: url.toString(), pool: config.database.pool });
    try {
      await measure(db, config.server.timeZone, config.database.pool.size, config.retention.guestDays);
    } finally {
      await db.destroy();
    }
  } finally {
    await sql`drop database if exists ${sql.id(DATABASE)} with (force)`.execute(admin);
    await admin.destroy();
  }
}

await main();
