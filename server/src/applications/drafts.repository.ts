import { sql } from 'kysely';
import { windowCountColumns, windowStart, type WindowCount } from '../db/address-window.ts';
import type { Db } from '../db/database.ts';

export interface DraftRow {
  payloadEncrypted: string;
  updatedAt: Date;
}

/** The user's saved draft, still sealed; undefined when there is none. */
export async function findDraft(db: Db, userId: number): Promise<DraftRow | undefined> {
  const row = await db
    .selectFrom('application_drafts')
    .select(['payload_encrypted', 'updated_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { payloadEncrypted: row.payload_encrypted, updatedAt: row.updated_at };
}

/** Replaces the user's draft when there is one; answers when it was saved, or undefined when there was none. */
export async function updateDraft(db: Db, userId: number, payloadEncrypted: string): Promise<Date | undefined> {
  const row = await db
    .updateTable('application_drafts')
    .set({ payload_encrypted: payloadEncrypted, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .returning('updated_at')
    .executeTakeFirst();
  return row?.updated_at;
}

/**
 * Writes the user's one draft, replacing any earlier one; answers when it was saved. A new draft
 * records the client address it was started from (a guest's; null otherwise).
 */
export async function upsertDraft(db: Db, userId: number, payloadEncrypted: string, addressKey: string | null = null): Promise<Date> {
  const row = await db
    .insertInto('application_drafts')
    .values({ user_id: userId, payload_encrypted: payloadEncrypted, updated_at: sql`now()`, address_key: addressKey })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ payload_encrypted: payloadEncrypted, updated_at: sql`now()` }))
    .returning('updated_at')
    .executeTakeFirstOrThrow();
  return row.updated_at;
}

export async function deleteDraft(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('application_drafts').where('user_id', '=', userId).execute();
}

/** Drafts started from one client address within the window that still exist. */
export async function countDraftsFromAddress(db: Db, addressKey: string, windowSeconds: number): Promise<WindowCount> {
  return db
    .selectFrom('application_drafts')
    .select(windowCountColumns(windowSeconds))
    .where('address_key', '=', addressKey)
    .where('created_at', '>', windowStart(windowSeconds))
    .executeTakeFirstOrThrow();
}

/**
 * Deletes up to `limit` drafts nobody saved for `days` days, oldest first; answers how many went.
 * The age is checked again on each row as it is deleted, so a draft saved meanwhile stays.
 */
export async function deleteAbandonedDrafts(db: Db, days: number, limit: number): Promise<number> {
  const cutoff = sql<Date>`now() - make_interval(days => ${days}::integer)`;
  const { rows } = await sql<{ user_id: number }>`
    delete from application_drafts
    where user_id in (select user_id from application_drafts where updated_at < ${cutoff} order by updated_at limit ${limit})
      and updated_at < ${cutoff}
    returning user_id`.execute(db);
  return rows.length;
}

/**
 * The guest merge: one draft per user, so the more recently edited one is kept, as what the
 * person was working on.
 */
export async function moveDraftToUser(db: Db, fromUserId: number, toUserId: number): Promise<void> {
  const drafts = await db
    .selectFrom('application_drafts')
    .select(['user_id', 'updated_at'])
    .where('user_id', 'in', [fromUserId, toUserId])
    .execute();
  const fromDraft = drafts.find((d) => d.user_id === fromUserId);
  const toDraft = drafts.find((d) => d.user_id === toUserId);
  if (!fromDraft || (toDraft && fromDraft.updated_at <= toDraft.updated_at)) return;
  if (toDraft) await deleteDraft(db, toUserId);
  await db.updateTable('application_drafts').set({ user_id: toUserId }).where('user_id', '=', fromUserId).execute();
}
