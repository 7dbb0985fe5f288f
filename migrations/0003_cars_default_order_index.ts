import { type Kysely, sql } from 'kysely';

/*
 * With unavailable cars included there is no status to lead the per-sort indexes, so a brand in
 * the default order (brand, model, year desc, uuid) sorted every matching row. This index serves
 * that order, with or without a brand.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index cars_default_order_idx on cars (brand, model, year desc, uuid)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index cars_default_order_idx`.execute(db);
}
