import * as v from 'valibot';
import { rowIdParam } from './query-params.ts';
import { characterCount, hasNoControlCharacters, normalizeLineBreaks } from './text.ts';

/** The staff's work on a lead (docs/product/staff-dashboard.md#application-detail): taking it, and internal notes. */

export const NOTE_MAX_LENGTH = 2000;

/** POST /api/applications/{id}/notes: a note of a few lines; `contacted` says the staff member reached the applicant. */
export const noteSchema = v.object({
  text: v.pipe(
    v.string('text must be text'),
    v.transform((text) => normalizeLineBreaks(text).trim()),
    v.nonEmpty('text is required'),
    v.check((text) => characterCount(text) <= NOTE_MAX_LENGTH, `text must be at most ${NOTE_MAX_LENGTH} characters`),
    v.check((text) => hasNoControlCharacters(text, 'lines'), 'text may contain line breaks and tabs but no other control characters'),
  ),
  contacted: v.optional(v.boolean('contacted must be true or false'), false),
});
export type NoteInput = v.InferOutput<typeof noteSchema>;

/** PUT /api/applications/{id}/assignee: the admin who takes the lead, or null to leave it untaken. */
export const assigneeSchema = v.object({
  userId: v.nullable(rowIdParam('userId')),
});
