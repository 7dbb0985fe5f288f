import * as v from 'valibot';
import { rowIdParam } from './query-params.ts';

/** The staff's work on a lead (docs/product/staff-dashboard.md#application-detail): taking it, and internal notes. */

export const NOTE_MAX_LENGTH = 2000;

// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job
const CONTROL_EXCEPT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/** Counted in code points, as the database's length() in the CHECK of migration 0019. */
const characterCount = (text: string) => [...text].length;

/** POST /api/applications/{id}/notes: a note of a few lines; `contacted` says the staff member reached the applicant. */
export const noteSchema = v.object({
  text: v.pipe(
    v.string('text must be text'),
    // Text pasted from Windows carries CR LF; one kind of line break is stored.
    v.transform((text) => text.replace(/\r\n?/g, '\n').trim()),
    v.nonEmpty('text is required'),
    v.check((text) => characterCount(text) <= NOTE_MAX_LENGTH, `text must be at most ${NOTE_MAX_LENGTH} characters`),
    v.check((text) => !CONTROL_EXCEPT_TAB_AND_NEWLINE.test(text), 'text may contain line breaks and tabs but no other control characters'),
  ),
  contacted: v.optional(v.boolean('contacted must be true or false'), false),
});
export type NoteInput = v.InferOutput<typeof noteSchema>;

/** PUT /api/applications/{id}/assignee: the admin who takes the lead, or null to leave it untaken. */
export const assigneeSchema = v.object({
  userId: v.nullable(rowIdParam('userId')),
});
