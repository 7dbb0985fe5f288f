import { sql, type Kysely } from 'kysely';

/*
 * The lender hand-off (docs/operations/lender.md): the lender's own reference for an application it decided,
 * and the signatures of its decision callbacks seen lately, so a replayed callback is refused.
 * A callback older than five minutes is refused by its timestamp, so ten minutes of signatures
 * cover every one that could still be accepted; older rows are pruned as new ones arrive.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table applications add column lender_reference text`.execute(db);
  await sql`
    create table lender_callback_signatures (
      signature text primary key,
      received_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index lender_callback_signatures_received_at on lender_callback_signatures (received_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lender_callback_signatures`.execute(db);
  await sql`alter table applications drop column lender_reference`.execute(db);
}
