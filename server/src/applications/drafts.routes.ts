import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import { savedDraftSchema } from '../../../domain/application-draft.schema.ts';
import type { DraftLookup, DraftSaved } from '../../../domain/contracts/applications.ts';
import { ensureViewer } from '../auth/identity.service.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { DAY_SECONDS, guestAddressCap } from '../security/address-caps.ts';
import { PiiDecryptError } from '../security/pii-crypto.ts';
import { checkRoomForDraft, discardDraft, loadDraft, saveDraft } from './drafts.service.ts';

/** A whole wizard draft is a few kilobytes; a bigger body is not one. */
const DRAFT_BODY_LIMIT = 64 * 1024;

const updatedAt = { type: 'string', format: 'date-time' } as const;
const draftAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['draft', 'updatedAt'],
  properties: { draft: { type: 'object', additionalProperties: true }, updatedAt },
} as const;
const draftSavedSchema = { type: 'object', additionalProperties: false, required: ['updatedAt'], properties: { updatedAt } } as const;

/**
 * The application wizard's draft, saved on the server so that it can be resumed on any device
 * (docs/product/application-wizard.md#drafts). Reading or discarding never creates a guest: no identity simply means no draft.
 */
/** How many drafts an address may start a day as a guest. */
type DraftsSettings = { security: { guestLimits: Pick<Config['security']['guestLimits'], 'draftsPerDay'> } };

export const draftsRoutes =
  ({ security }: DraftsSettings): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/applications/draft',
      {
        schema: documented({
          summary: "The visitor's saved application draft; null when there is none",
          tags: ['applications'],
          response: { 200: { anyOf: [draftAnswerSchema, { type: 'null' }] } },
        }),
      },
      async (request): Promise<DraftLookup> => {
        const userId = request.viewer?.userId;
        try {
          return (userId === undefined ? undefined : await loadDraft(app.db, app.pii, userId)) ?? null;
        } catch (error) {
          if (!(error instanceof PiiDecryptError)) throw error;
          // Sealed with a key this server no longer has: nothing in it can be read back, so the wizard
          // starts afresh and its next save replaces it.
          request.log.warn({ userId, reason: error.message }, 'saved application draft cannot be decrypted');
          return null;
        }
      },
    );

    app.put(
      '/applications/draft',
      {
        bodyLimit: DRAFT_BODY_LIMIT,
        schema: documented({
          summary: "Save the visitor's application draft (any step may be incomplete)",
          tags: ['applications'],
          body: savedDraftSchema,
          response: { 200: draftSavedSchema },
          // Someone who has already applied keeps no draft.
          errors: [409],
        }),
      },
      async (request, reply): Promise<DraftSaved> => {
        // parseOr400 reads a missing body as {}, and valibot's object takes an array: a draft is a JSON object.
        const body: unknown = request.body;
        if (typeof body !== 'object' || body === null || Array.isArray(body))
          throw new HttpError('bad_request', 'Send the draft as a JSON object.');
        const draft = parseOr400(savedDraftSchema, body, 'draft');
        const addressCap = guestAddressCap(request, security.guestLimits.draftsPerDay, DAY_SECONDS);
        // No guest is created for a draft that would be refused.
        if (!request.viewer && addressCap) await checkRoomForDraft(app.db, addressCap);
        const viewer = await ensureViewer(request, reply);
        return saveDraft(app.db, app.pii, viewer.userId, draft, addressCap);
      },
    );

    app.delete(
      '/applications/draft',
      {
        schema: documented({
          summary: "Discard the visitor's application draft and the licence photos no application uses yet (Start over)",
          tags: ['applications'],
          answers: { 204: null },
        }),
      },
      async (request, reply) => {
        const userId = request.viewer?.userId;
        if (userId !== undefined) await discardDraft(app.db, userId);
        return reply.code(204).send();
      },
    );
  };
