import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  applicationNoteSchema,
  leadAssignmentSchema,
  type ApplicationNote,
  type LeadAssignment,
} from '../../../domain/contracts/applications.ts';
import { assigneeSchema, noteSchema } from '../../../domain/lead-work.schema.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { addNote, assignLead, readNotes } from './lead-work.service.ts';

/** A note is at most 2,000 characters; a bigger body is not one. */
const NOTE_BODY_LIMIT = 16 * 1024;

const idParams = v.object({ id: rowIdParam('id') });

/**
 * Staff work each lead (docs/product/staff-dashboard.md#application-detail): who has taken it, and the internal notes.
 * Notes are append-only (no route edits or deletes one) and read only here.
 */
export const leadWorkRoutes: FastifyPluginAsync = async (app) => {
  // The answer names the lead and the admin only, no personal data of the applicant: no passkey check needed.
  app.put(
    '/applications/:id/assignee',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: 'Take the lead for an admin (userId), or leave it untaken (null) (staff; audited with from and to)',
        tags: ['applications'],
        params: idParams,
        body: assigneeSchema,
        answers: { 200: leadAssignmentSchema },
        errors: [404],
      }),
    },
    async (request): Promise<LeadAssignment> => {
      const { id } = parseOr400(idParams, request.params, 'application id');
      const { userId } = parseOr400(assigneeSchema, request.body, 'assignee');
      return assignLead(app.db, requireViewer(request), id, userId);
    },
  );

  // Notes may repeat what the applicant said, so they are guarded like the application itself.
  app.get(
    '/applications/:id/notes',
    {
      config: adminOnly({ factor: 'passkey' }),
      schema: documented({
        summary: "The application's internal notes, newest first (staff only; never sent outside)",
        tags: ['applications'],
        params: idParams,
        answers: { 200: v.array(applicationNoteSchema) },
        errors: [404],
      }),
    },
    async (request): Promise<ApplicationNote[]> => {
      const { id } = parseOr400(idParams, request.params, 'application id');
      return readNotes(app.db, requireViewer(request), id);
    },
  );

  app.post(
    '/applications/:id/notes',
    {
      bodyLimit: NOTE_BODY_LIMIT,
      config: adminOnly({ factor: 'passkey' }),
      schema: documented({
        summary:
          'Add an internal note (staff; append-only, audited without its text); contacted=true records that staff reached the applicant',
        tags: ['applications'],
        params: idParams,
        body: noteSchema,
        answers: { 201: applicationNoteSchema },
        errors: [404],
      }),
    },
    async (request, reply): Promise<ApplicationNote> => {
      const { id } = parseOr400(idParams, request.params, 'application id');
      const input = parseOr400(noteSchema, request.body, 'note');
      reply.status(201);
      return addNote(app.db, requireViewer(request), id, input);
    },
  );
};
