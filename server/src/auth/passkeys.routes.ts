import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  passkeyAddedSchema,
  passkeyCheckedSchema,
  passkeyCreationOptionsSchema,
  passkeyRequestOptionsSchema,
  passkeysAnswerSchema,
  type PasskeyAdded,
  type PasskeysAnswer,
} from '../../../domain/contracts/passkeys.ts';
import { passkeyAuthenticationSchema, passkeyRegistrationSchema } from '../../../domain/passkey.schema.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { requireViewer } from '../http/viewer.ts';
import {
  addPasskey,
  authenticationOptions,
  confirmPasskey,
  passkeyStatus,
  registrationOptions,
  relyingPartyFor,
  removePasskey,
  type PasskeySettings,
} from './passkeys.service.ts';

/** An attestation with its certificates is a few kilobytes; nothing bigger is a passkey. */
const PASSKEY_BODY_LIMIT = 64 * 1024;
const idParams = v.object({ id: rowIdParam('id') });
const noBody = v.optional(v.nullable(v.object({})));

/** A staff member's passkeys: list, add, remove, and the check that unlocks personal data on the web. */
export const passkeysRoutes =
  (settings: PasskeySettings): FastifyPluginAsync =>
  async (app) => {
    const deps = { db: app.db, config: settings };
    const rp = (request: FastifyRequest) => relyingPartyFor(settings, `${request.protocol}://${request.host}`);
    const noCache = { 'cache-control': 'no-store' };

    app.get(
      '/auth/passkeys',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary: "The staff member's passkeys, and whether this session confirmed one or may add the first",
          tags: ['auth'],
          answers: { 200: passkeysAnswerSchema },
        }),
      },
      async (request, reply): Promise<PasskeysAnswer> => {
        reply.headers(noCache);
        return passkeyStatus(deps, requireViewer(request));
      },
    );

    app.post(
      '/auth/passkeys/registration-options',
      {
        // The first passkey comes before any check; mayAddPasskey (passkeys.service.ts) asks for one beyond it, whatever STAFF_MFA says.
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            'Start adding a passkey: WebAuthn creation options (the first within 10 minutes of a link sign-in; later ones after a passkey check)',
          tags: ['auth'],
          body: noBody,
          answers: { 200: passkeyCreationOptionsSchema },
          errors: [409],
        }),
      },
      async (request, reply) => {
        parseOr400(noBody, request.body, 'request');
        reply.headers(noCache);
        return registrationOptions(deps, requireViewer(request), rp(request));
      },
    );

    app.post(
      '/auth/passkeys',
      {
        bodyLimit: PASSKEY_BODY_LIMIT,
        // As for registration-options: the service asks for a passkey check beyond the first passkey.
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary: 'Finish adding a passkey (audited); the session counts as checked',
          tags: ['auth'],
          body: passkeyRegistrationSchema,
          answers: { 201: passkeyAddedSchema },
          errors: [401, 409],
        }),
      },
      async (request, reply): Promise<PasskeyAdded> => {
        const body = parseOr400(passkeyRegistrationSchema, request.body, 'passkey');
        const added = await addPasskey(deps, requireViewer(request), rp(request), body);
        return reply.code(201).headers(noCache).send(added);
      },
    );

    app.post(
      '/auth/passkeys/authentication-options',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary: 'Start a passkey check: WebAuthn request options for your passkeys',
          tags: ['auth'],
          body: noBody,
          answers: { 200: passkeyRequestOptionsSchema },
          errors: [409],
        }),
      },
      async (request, reply) => {
        parseOr400(noBody, request.body, 'request');
        reply.headers(noCache);
        return authenticationOptions(deps, requireViewer(request), rp(request));
      },
    );

    app.post(
      '/auth/passkeys/authentication',
      {
        bodyLimit: PASSKEY_BODY_LIMIT,
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary: 'Finish a passkey check (audited): this session may then reach personal data',
          tags: ['auth'],
          body: passkeyAuthenticationSchema,
          answers: { 200: passkeyCheckedSchema },
          errors: [401, 409],
        }),
      },
      async (request) => {
        const body = parseOr400(passkeyAuthenticationSchema, request.body, 'passkey check');
        await confirmPasskey(deps, requireViewer(request), rp(request), body);
        return { ok: true };
      },
    );

    app.delete(
      '/auth/passkeys/:id',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary: 'Remove one of your passkeys (audited; needs a passkey check on the web)',
          tags: ['auth'],
          params: idParams,
          answers: { 204: null },
        }),
      },
      async (request, reply) => {
        const { id } = parseOr400(idParams, request.params, 'passkey id');
        await removePasskey(deps, requireViewer(request), id);
        return reply.code(204).send();
      },
    );
  };
