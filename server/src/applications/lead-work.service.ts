import type { ApplicationNote, LeadAssignment } from '../../../domain/contracts/applications.ts';
import type { NoteInput } from '../../../domain/lead-work.schema.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { findUserById } from '../users/users.repository.ts';
import { applicationOrThrow } from './application-records.service.ts';
import { findActorName, lockApplication } from './applications.repository.ts';
import {
  insertNote,
  listNotes,
  markFirstResponse,
  markFirstResponseOfContact,
  markFirstResponseOfUser,
  setAssignee,
} from './lead-work.repository.ts';

/**
 * Staff work each lead (docs/product/staff-dashboard.md#application-detail): one admin takes it, staff keep internal
 * notes on it, and the first response after submission is stamped once. Notes stay in the
 * dashboard: nothing sent outside (the PDF, notifications, outbox payloads) reads them, and their
 * text stays out of the audit details too.
 */

/** PUT /api/applications/{id}/assignee: an admin takes the lead (or it is left untaken); a change is audited with from and to. */
export async function assignLead(db: Db, actor: Viewer, applicationId: number, userId: number | null): Promise<LeadAssignment> {
  return db.transaction().execute(async (trx) => {
    const stored = await lockApplication(trx, applicationId);
    if (!stored) throw notFound('This application does not exist.');
    if (userId !== null && (await findUserById(trx, userId))?.is_admin !== true) {
      throw new HttpError('bad_request', 'Invalid assignee: userId must be an admin.', { userId: 'userId must be an admin' });
    }
    if (stored.assignee_user_id !== userId) {
      await setAssignee(trx, stored.id, userId);
      await recordAudit(trx, {
        actorUserId: actor.userId,
        action: 'application.assigned',
        entity: 'application',
        entityId: stored.id,
        details: { from: stored.assignee_user_id, to: userId },
      });
    }
    return { applicationId: stored.id, assignee: userId === null ? null : { id: userId, name: await findActorName(trx, userId) } };
  });
}

/** GET /api/applications/{id}/notes: newest first; the reading is audited, as every staff view of an application is. */
export async function readNotes(db: Db, actor: Viewer, applicationId: number): Promise<ApplicationNote[]> {
  const row = await applicationOrThrow(db, applicationId);
  await recordAudit(db, { actorUserId: actor.userId, action: 'application.notes_viewed', entity: 'application', entityId: row.id });
  return listNotes(db, row.id);
}

/** POST /api/applications/{id}/notes: appends a note; one marked "contacted" may be the first response. */
export async function addNote(db: Db, actor: Viewer, applicationId: number, input: NoteInput, now = new Date()): Promise<ApplicationNote> {
  return db.transaction().execute(async (trx) => {
    const stored = await lockApplication(trx, applicationId);
    if (!stored) throw notFound('This application does not exist.');
    const note = await insertNote(trx, {
      applicationId: stored.id,
      authorUserId: actor.userId,
      text: input.text,
      contacted: input.contacted,
    });
    if (input.contacted) await markFirstResponse(trx, stored.id, now);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'application.note_added',
      entity: 'application',
      entityId: stored.id,
      details: { noteId: note.id, contacted: input.contacted },
    });
    return note;
  });
}

/** A status change by staff is a response to the applicant (staff-review.service.ts), if it is the first. */
export const recordStaffResponse = (db: Db, applicationId: number, at: Date): Promise<void> => markFirstResponse(db, applicationId, at);

/** A staff message relayed into the applicant's topic is a response too (the chat service calls this). */
export const recordStaffMessageTo = (db: Db, userId: number, at: Date): Promise<void> => markFirstResponseOfUser(db, userId, at);

/**
 * A visit staff booked for a shopper, moved or recorded the outcome of is a response too (the visits
 * feature calls this): to the application of the visit's shopper, or, for a visit staff booked for
 * someone who phoned, to the applications giving its phone or email.
 */
export const recordStaffVisitTo = (
  db: Db,
  shopper: { userId: number } | { phone: string; email: string | null },
  at: Date,
): Promise<void> => ('userId' in shopper ? markFirstResponseOfUser(db, shopper.userId, at) : markFirstResponseOfContact(db, shopper, at));
