import { type Kysely, sql } from 'kysely';

/*
 * Condition (new/used) narrows the catalogue by about a third, and new cars all sit at the
 * low end of the mileage order; without these, "used cars by mileage" scanned past every new car.
 * One index per sort, within status and condition, mirroring 0001's per-sort indexes.
 */
const SORTS: Array<[string, string]> = [
  ['default', 'brand, model, year desc, uuid'],
  ['price', 'price, uuid'],
  ['year', 'year, uuid'],
  ['mileage', 'mileage, uuid'],
  ['date_added', 'date_added desc, uuid'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, columns] of SORTS) {
    await sql`create index ${sql.raw(`cars_status_condition_${name}_idx`)} on cars (status, condition, ${sql.raw(columns)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of SORTS) {
    await sql`drop index ${sql.raw(`cars_status_condition_${name}_idx`)}`.execute(db);
  }
}
