import { type Kysely, sql } from 'kysely';

/*
 * Idempotent submission (docs/decisions/008-idempotent-submission-and-outbox.md): a client that retries POST /api/applications with the same
 * Idempotency-Key gets the first result back, and one that reuses a key for another body gets a
 * 409. The key is already stored (unique) since migration 0001; this adds a keyed hash of the
 * request it was first used with. It is an HMAC under a server secret, never a plain hash: the
 * request holds an SSN, which a plain hash would let anyone with the row guess back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table applications add column idempotency_fingerprint text check (idempotency_fingerprint ~ '^[0-9a-f]{64}$')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table applications drop column idempotency_fingerprint`.execute(db);
}
