import { type Kysely, sql } from 'kysely';

/*
 * A stock number given by the database (0014) is 'S' and the sequence padded to five digits. lpad
 * cuts a longer value to five characters, so the 100,000th car would get S10000 again and be
 * refused as a duplicate. to_char keeps at least five digits and never cuts one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table cars alter column stock_number
    set default 'S' || to_char(nextval('cars_stock_number_seq'), 'FM99999999999999900000')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table cars alter column stock_number set default 'S' || lpad(nextval('cars_stock_number_seq')::text, 5, '0')`.execute(db);
}
