import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { importStockFile } from '../inventory/stock-file.service.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { COLORS } from './catalog.ts';
import { drawingsOf } from './cars.seed.ts';
import { generateFaqs } from './faqs.seed.ts';
import { createRandom } from './random.ts';
import type { SeedResult } from './seed.ts';

/**
 * The demo inventory of the embedded default, as a dealer's would arrive: a stock file
 * (demo-stock.csv, made by scripts/make-demo-stock.ts) through the same importer staff use, so every
 * newcomer's first command runs it. A stock file carries no listing dates and the demo has no
 * photos to fetch, so the drawings and a spread of listing dates over the last 90 days are added
 * after it, as the generated seed has them (docs/product/catalogue.md#catalogue).
 */
export const DEMO_STOCK_FILE = join(PROJECT_ROOT, 'server/src/seed/demo-stock.csv');
const DAY_MS = 86_400_000;
const COLOR_HEX = new Map(COLORS.map((color) => [color.name, color.hex]));

export async function seedDemoStock(db: Db, now = new Date()): Promise<SeedResult> {
  const existing = await db
    .selectFrom('cars')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return { cars: 0, faqs: 0, skipped: true };

  const { report } = await importStockFile(db, null, readFileSync(DEMO_STOCK_FILE), { mode: 'commit', sync: false });
  const random = createRandom(20261128);
  const cars = await db.selectFrom('cars').select(['uuid', 'body_style', 'exterior_color']).orderBy('stock_number').execute();
  await db.transaction().execute(async (trx) => {
    for (const car of cars)
      await trx
        .updateTable('cars')
        .set({
          photos: drawingsOf(car.body_style ?? 'sedan', COLOR_HEX.get(car.exterior_color ?? '') ?? '888888'),
          date_added: new Date(now.getTime() - Math.floor(random.next() * 90 * DAY_MS)),
        })
        .where('uuid', '=', car.uuid)
        .execute();
    await trx.deleteFrom('faqs').execute();
    await trx.insertInto('faqs').values(generateFaqs(now)).execute();
  });
  // Fresh statistics, so the planner picks the catalogue indexes straight away (as seedDatabase does).
  await sql`vacuum analyze cars`.execute(db);
  return { cars: report.created, faqs: generateFaqs(now).length, skipped: false };
}
