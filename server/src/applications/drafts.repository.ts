import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface DraftRow {
  payloadEncrypted: string;
  updatedAt: Date;
}

/** The user's saved draft, still sealed; undefined when there is none. */
export async function findDraft(db: Db, userId: number): Promise<DraftRow | undefined> {
  const row = await db.selectFrom('application_drafts').select(['payload_encrypted', 'updated_at']).where('user_id', '=', userId).executeTakeFirst();
  return row && { payloadEncrypted: row.payload_encrypted, updatedAt: row.updated_at };
}

/** Writes the user's one draft, replacing any earlier one; answers when it was saved. */
export async function upsertDraft(db: Db, userId: number, payloadEncrypted: string): Promise<Date> {
  const row = await db
    .insertInto('application_drafts')
    .values({ user_id: userId, payload_encrypted: payloadEncrypted, updated_at: sql`now()` })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ payload_encrypted: payloadEncrypted, updated_at: sql`now()` }))
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  return row.updated_at;
}

export async function deleteDraft(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('application_drafts').where('user_id', '=', userId).execute();
}
