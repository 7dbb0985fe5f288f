import { parseArgs } from 'node:util';
import { createDatabase, databaseTargetFor } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { DEFAULT_CAR_COUNT, seedDatabase } from './seed/seed.ts';
import { configOrExit } from './server-process.ts';

/**
 * npm run db:seed [-- --cars N]: replaces the demo inventory and FAQs. The database must be
 * migrated; this command migrates it first.
 */
let cars = DEFAULT_CAR_COUNT;
try {
  const { values } = parseArgs({ options: { cars: { type: 'string' } } });
  if (values.cars !== undefined) {
    if (!/^\d+$/.test(values.cars) || Number(values.cars) < 1 || Number(values.cars) > 999_999)
      throw new Error('--cars must be a whole number from 1 to 999999');
    cars = Number(values.cars);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run db:seed -- [--cars N]\n`);
  process.exit(1);
}

const db = createDatabase(databaseTargetFor(configOrExit().database));
try {
  await migrateToLatest(db);
  const started = Date.now();
  const result = await seedDatabase(db, { cars, force: true });
  process.stdout.write(`Seeded ${result.cars} cars and ${result.faqs} FAQs in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
} finally {
  await db.destroy();
}
