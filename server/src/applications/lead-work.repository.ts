import { sql } from 'kysely';
import type { ApplicationNote } from '../../../domain/contracts/applications.ts';
import type { Db } from '../db/database.ts';
import { actorName } from './applications.repository.ts';

/** The lead's owner: null leaves it untaken. The applicant's record is unchanged, so updated_at is too. */
export async function setAssignee(db: Db, applicationId: number, userId: number | null): Promise<void> {
  await db.updateTable('applications').set({ assignee_user_id: userId }).where('id', '=', applicationId).execute();
}

/**
 * Stamps the first staff response at `at` unless one is stamped already: the first of a relayed
 * message, a status change and a "contacted" note counts, and nothing later moves it.
 */
export async function markFirstResponse(db: Db, applicationId: number, at: Date): Promise<void> {
  await db
    .updateTable('applications')
    .set({ first_response_at: sql<Date>`coalesce(first_response_at, ${at})` })
    .where('id', '=', applicationId)
    .execute();
}

/** As markFirstResponse, for the application of a user (a message relayed into their topic); nothing when they have none. */
export async function markFirstResponseOfUser(db: Db, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('applications')
    .set({ first_response_at: sql<Date>`coalesce(first_response_at, ${at})` })
    .where('user_id', '=', userId)
    .execute();
}

export interface NewNote {
  applicationId: number;
  authorUserId: number;
  text: string;
  contacted: boolean;
}

const toNote = (row: { id: number; text: string; contacted: boolean; created_at: Date; authorId: number | null; authorName: string }) => ({
  id: row.id,
  text: row.text,
  contacted: row.contacted,
  at: row.created_at.toISOString(),
  author: row.authorId === null ? null : { id: row.authorId, name: row.authorName },
});

export async function insertNote(db: Db, note: NewNote): Promise<ApplicationNote> {
  const { id } = await db
    .insertInto('application_notes')
    .values({ application_id: note.applicationId, author_user_id: note.authorUserId, text: note.text, contacted: note.contacted })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [saved] = await selectNotes(db).where('n.id', '=', id).execute();
  return toNote(saved!);
}

const selectNotes = (db: Db) =>
  db
    .selectFrom('application_notes as n')
    .leftJoin('users as actor', 'actor.id', 'n.author_user_id')
    .select(['n.id', 'n.text', 'n.contacted', 'n.created_at', 'actor.id as authorId', actorName.as('authorName')]);

/** Newest first. */
export async function listNotes(db: Db, applicationId: number): Promise<ApplicationNote[]> {
  const rows = await selectNotes(db)
    .where('n.application_id', '=', applicationId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  return rows.map(toNote);
}

/**
 * As markFirstResponse, for the applications that give this phone or email (compared without case):
 * a visit staff booked for someone who phoned names no account, only how to reach them. Nothing
 * when none does.
 */
export async function markFirstResponseOfContact(db: Db, contact: { phone: string; email: string | null }, at: Date): Promise<void> {
  const email = contact.email?.trim().toLowerCase() ?? '';
  if (contact.phone === '' && email === '') return;
  await db
    .updateTable('applications')
    .set({ first_response_at: at })
    .where('first_response_at', 'is', null)
    .where((eb) => {
      const matches = [];
      if (contact.phone !== '') matches.push(eb('phone', '=', contact.phone));
      if (email !== '') matches.push(eb(eb.fn('lower', ['email']), '=', email));
      return eb.or(matches);
    })
    .execute();
}
