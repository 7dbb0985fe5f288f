import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { generateCars } from './cars.seed.ts';
import { generateFaqs } from './faqs.seed.ts';

export const DEFAULT_CAR_COUNT = 180;
const BATCH = 1000;

export interface SeedOptions {
  cars?: number;
  now?: Date;
  /** Replace existing cars and FAQs instead of leaving a non-empty database alone. */
  force?: boolean;
}

export interface SeedResult {
  cars: number;
  faqs: number;
  skipped: boolean;
}

/** Loads the demo inventory and FAQs into an empty database (or replaces them with force). */
export async function seedDatabase(
  db: Db,
  { cars = DEFAULT_CAR_COUNT, now = new Date(), force = false }: SeedOptions = {},
): Promise<SeedResult> {
  const result = await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('cars')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(existing.n) > 0 && !force) return { cars: 0, faqs: 0, skipped: true };
    await trx.deleteFrom('cars').execute();
    await trx.deleteFrom('faqs').execute();
    const rows = generateCars({ count: cars, now });
    for (let i = 0; i < rows.length; i += BATCH)
      await trx
        .insertInto('cars')
        .values(rows.slice(i, i + BATCH))
        .execute();
    const faqs = generateFaqs(now);
    await trx.insertInto('faqs').values(faqs).execute();
    return { cars: rows.length, faqs: faqs.length, skipped: false };
  });
  // Fresh statistics and visibility map, so the planner picks the catalogue indexes (and
  // index-only counts) straight away instead of waiting for autovacuum.
  if (!result.skipped) await sql`vacuum analyze cars`.execute(db);
  return result;
}
