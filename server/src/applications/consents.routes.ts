import type { FastifyPluginAsync } from 'fastify';
import type { ConfigSlice } from '../config.ts';
import * as v from 'valibot';
import { CONSENT_KINDS, CONSENTS } from '../../../domain/consents.ts';
import type { ConsentsAnswer } from '../../../domain/contracts/applications.ts';
import { DEFAULT_LANGUAGE } from '../../../domain/enums.ts';
import { languageParam } from '../../../domain/query-params.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';

const consentsQuery = v.object({ lang: languageParam() });

const consentsAnswerSchema = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['kind', 'version', 'required', 'text'],
    properties: {
      kind: { type: 'string', enum: [...CONSENT_KINDS] },
      version: { type: 'string' },
      required: { type: 'boolean' },
      text: { type: 'string' },
    },
  },
} as const;

/**
 * GET /api/applications/consents?lang=xx: the consent texts the application's review step shows
 * (docs/product/application-wizard.md#review-and-submit), with the dealer's name, in the language asked; a missing or unsupported language
 * falls back to en (the rule of GET /api/faqs/public). The texts live in domain/consents.ts and
 * are translated through the web app's catalogues. They are the same for everyone, so shared
 * caches may keep them for a while.
 */
/** The dealer the consent texts name. */
type ConsentsSettings = ConfigSlice<{ company: 'name' }>;

export const consentsRoutes =
  ({ company }: ConsentsSettings): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/applications/consents',
      {
        schema: documented({
          summary: 'The current consent texts of the application, in one language',
          tags: ['applications'],
          querystring: consentsQuery,
          response: { 200: consentsAnswerSchema },
        }),
      },
      async (request, reply): Promise<ConsentsAnswer> => {
        const { lang } = parseOr400(consentsQuery, request.query, 'query');
        const language = lang ?? DEFAULT_LANGUAGE;
        reply.header('cache-control', 'public, max-age=300');
        return CONSENTS.map(({ kind, version, required, text }) => ({
          kind,
          version,
          required,
          text: app.catalogues.translate(language, text, { company: company.name }),
        }));
      },
    );
  };
