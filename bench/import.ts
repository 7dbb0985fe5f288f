import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { ImportReport } from '../domain/contracts/inventory-import.ts';
import { createDatabase, type Db } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import { importStockFile, type ImportOptions } from '../server/src/inventory/stock-file.service.ts';
import { databaseUrl } from '../server/test/postgres-urls.ts';
import { dealerRows, toCsv } from '../server/test/stock-files.ts';

/**
 * npm run bench:import — a 5,000-row stock file (the dealer feed of the tests: "$21,500.00",
 * "45,210", quoted descriptions) through the importer on PostgreSQL, in a throwaway database:
 * dry run, commit, then the same file again. Budgets (docs/product/inventory.md#stock-files): dry run and commit at
 * most 10 s each, re-import at most 5 s with every row unchanged. BENCH_POSTGRES_URL names the
 * server (postgres://postgres@127.0.0.1:5432/postgres by default); without one the bench says so
 * and stops.
 */

const ROWS = 5_000;
const SERVER = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Step {
  name: string;
  options: ImportOptions;
  budgetMs: number;
  check: (report: ImportReport) => string | null;
}

const STEPS: Step[] = [
  {
    name: 'dry run',
    options: { mode: 'dry-run', sync: false },
    budgetMs: 10_000,
    check: (r) => (r.created === ROWS ? null : `${r.created} of ${ROWS} would be created`),
  },
  {
    name: 'commit',
    options: { mode: 'commit', sync: false },
    budgetMs: 10_000,
    check: (r) => (r.created === ROWS ? null : `${r.created} of ${ROWS} created`),
  },
  {
    name: 're-import',
    options: { mode: 'commit', sync: true },
    budgetMs: 5_000,
    check: (r) => (r.unchanged === ROWS && r.markedSold.length === 0 ? null : `${r.unchanged} of ${ROWS} unchanged`),
  },
];

async function reachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

const admin = createDatabase({ kind: 'postgres', url: SERVER });
if (!(await reachable(admin))) {
  process.stdout.write(
    `bench:import needs PostgreSQL at ${SERVER.replace(/:[^:@/]*@/, ':***@')}; it is not reachable, so nothing was measured.\n`,
  );
  await admin.destroy();
  process.exit(0);
}

const name = `bench_import_${randomBytes(4).toString('hex')}`;
await sql`create database ${sql.id(name)}`.execute(admin);
const db = createDatabase({ kind: 'postgres', url: databaseUrl(SERVER, name) });
let allMet = true;
try {
  await migrateToLatest(db);
  const file = Buffer.from(toCsv(dealerRows(ROWS)));
  process.stdout.write(`A ${ROWS.toLocaleString('en-US')}-row stock file (${(file.length / 1024 / 1024).toFixed(1)} MB) on PostgreSQL:\n`);
  for (const step of STEPS) {
    const started = performance.now();
    const { report } = await importStockFile(db, null, file, step.options);
    const ms = performance.now() - started;
    const wrong = step.check(report);
    const met = ms <= step.budgetMs && wrong === null;
    allMet &&= met;
    process.stdout.write(
      `  ${step.name.padEnd(10)} ${(ms / 1000).toFixed(2).padStart(6)} s  (budget ${step.budgetMs / 1000} s)  ${met ? 'met' : `NOT MET${wrong ? `: ${wrong}` : ''}`}\n`,
    );
  }
} finally {
  await db.destroy();
  await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
  await admin.destroy();
}
process.stdout.write(allMet ? 'Every budget met.\n' : 'A budget was not met.\n');
process.exitCode = allMet ? 0 : 1;
