import { type Kysely, sql } from 'kysely';

/*
 * Real car photos (docs/product/inventory.md#photo-api). media_blobs holds each stored image once, named by
 * the SHA-256 of its bytes, so its URL never changes meaning and can be cached for ever; every
 * instance reads the same rows, and the database's backup holds the photos too. car_photos holds a
 * car's photos in order (position 0 is the cover), each with its variants (a JSON object by width:
 * {"320": {"webp": hash, "jpeg": hash, "width": 320, "height": 240}, …}) and the same hashes as an
 * array, which the sweep of unreferenced blobs asks with the GIN index. Reordering rewrites every
 * position in one statement, so the uniqueness of (car, position) is checked at its end.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_blobs')
    .addColumn('hash', 'text', (c) => c.primaryKey().check(sql`hash ~ '^[0-9a-f]{64}$'`))
    .addColumn('content_type', 'text', (c) => c.notNull().check(sql`content_type in ('image/jpeg', 'image/webp')`))
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index media_blobs_created_at_idx on media_blobs (created_at)`.execute(db);

  await db.schema
    .createTable('car_photos')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('car_uuid', 'uuid', (c) => c.notNull().references('cars.uuid').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
    .addColumn('variants', 'jsonb', (c) => c.notNull())
    .addColumn('hashes', sql`text[]`, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`alter table car_photos add constraint car_photos_car_position_key unique (car_uuid, position) deferrable initially immediate`.execute(
    db,
  );
  await sql`create index car_photos_hashes_idx on car_photos using gin (hashes)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('car_photos').execute();
  await db.schema.dropTable('media_blobs').execute();
}
