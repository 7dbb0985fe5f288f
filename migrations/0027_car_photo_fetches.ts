import { type Kysely, sql } from 'kysely';

/*
 * car_photo_fetches: each photo address a stock file gave a car it created, in the file's order,
 * and what became of it: pending until the background fetch (the stock-file-photos outbox
 * consumer) knows, then fetched or failed with the reason (and the host's HTTP status when that
 * was it), so staff see in the import report and on the car's page which photos did not come.
 * A retried fetch skips the addresses already fetched, so no photo is added twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('car_photo_fetches')
    .addColumn('car_uuid', 'uuid', (c) => c.notNull().references('cars.uuid').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`outcome in ('pending', 'fetched', 'failed')`),
    )
    .addColumn('reason', 'text')
    .addColumn('http_status', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('car_photo_fetches_pkey', ['car_uuid', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('car_photo_fetches').execute();
}
