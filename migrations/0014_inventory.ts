import { type Kysely, sql } from 'kysely';

/*
 * Staff manage the inventory (decision 016). Each car gets the dealer's stock number (unique),
 * a listing state (draft, available, pending, sold, archived), the certified pre-owned flag, the
 * MSRP, and a version and change time for edits that must not overwrite each other.
 *
 * The public `status` becomes a stored generated column of the listing state: 'available' for an
 * available car, 'unavailable' for a pending or sold one, null for a car the public never sees (a
 * draft or an archived car). Every catalogue index keeps status as its leading column, so the
 * catalogue's queries and plans are unchanged, and no writer can let the two disagree.
 *
 * Existing cars keep what the public saw: an available car stays available, an unavailable one
 * becomes sold. Their stock numbers are S00001, S00002 … in the order they were added, and a car
 * inserted without one (an instance of the previous version during a rolling upgrade, the demo
 * seed) takes the next from the same sequence. The VIN column keeps its unique constraint of 0001,
 * which already lets any number of cars have none.
 */

const STATES = "'draft', 'available', 'pending', 'sold', 'archived'";

/** The definitions of the indexes that use `status`, to build again once it is replaced (dropping a column drops them). */
async function statusIndexes(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ indexdef: string }>`
    select indexdef from pg_indexes
    where schemaname = current_schema() and tablename = 'cars' and indexdef ~ '\\mstatus\\M'
    order by indexname`.execute(db);
  return rows.map((row) => row.indexdef);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table cars
      add column stock_number text,
      add column listing_state text not null default 'available' check (listing_state in (${sql.raw(STATES)})),
      add column certified boolean not null default false,
      add column msrp integer check (msrp > 0),
      add column version integer not null default 1 check (version >= 1),
      add column updated_at timestamptz not null default now()`.execute(db);
  await sql`update cars set listing_state = case when status = 'available' then 'available' else 'sold' end`.execute(db);
  await sql`create sequence cars_stock_number_seq owned by cars.stock_number`.execute(db);
  await sql`
    update cars set stock_number = numbered.stock_number
    from (select uuid, 'S' || lpad((row_number() over (order by date_added, uuid))::text, 5, '0') as stock_number from cars) numbered
    where cars.uuid = numbered.uuid`.execute(db);
  await sql`select setval('cars_stock_number_seq', greatest((select count(*) from cars), 1), (select count(*) > 0 from cars))`.execute(db);
  await sql`
    alter table cars
      alter column stock_number set default 'S' || lpad(nextval('cars_stock_number_seq')::text, 5, '0'),
      alter column stock_number set not null,
      add constraint cars_stock_number_key unique (stock_number),
      add constraint cars_stock_number_check check (stock_number ~ '^[A-Z0-9-]{1,20}$'),
      add constraint cars_certified_used_check check (not (certified and condition = 'new'))`.execute(db);

  const indexes = await statusIndexes(db);
  await sql`alter table cars drop column status`.execute(db);
  await sql`
    alter table cars add column status text generated always as (
      case listing_state when 'available' then 'available' when 'pending' then 'unavailable' when 'sold' then 'unavailable' end
    ) stored`.execute(db);
  for (const definition of indexes) await sql.raw(definition).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const indexes = await statusIndexes(db);
  await sql`alter table cars drop column status`.execute(db);
  await sql`
    alter table cars add column status text not null default 'available' check (status in ('available', 'unavailable'))`.execute(db);
  await sql`update cars set status = case when listing_state = 'available' then 'available' else 'unavailable' end`.execute(db);
  for (const definition of indexes) await sql.raw(definition).execute(db);
  await sql`
    alter table cars
      drop column stock_number,
      drop column listing_state,
      drop column certified,
      drop column msrp,
      drop column version,
      drop column updated_at`.execute(db);
}
