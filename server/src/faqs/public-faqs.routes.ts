import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { DEFAULT_LANGUAGE, toSupportedLanguage } from '../../../domain/enums.ts';
import { findUserById } from '../users/users.repository.ts';
import { parseOr400 } from '../http/errors.ts';
import { listPublicFaqs } from './public-faqs.repository.ts';
import { documented } from '../http/openapi.ts';

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(?:[-_][A-Za-z0-9]{1,8})*$/;
const LANGUAGE_TAG_MESSAGE = 'lang must be a language code such as en or uk';

const publicFaqsQuery = v.object({
  lang: v.optional(v.pipe(v.string(LANGUAGE_TAG_MESSAGE), v.trim(), v.maxLength(35, LANGUAGE_TAG_MESSAGE), v.regex(new RegExp(`^$|${LANGUAGE_TAG.source}`), LANGUAGE_TAG_MESSAGE))),
});

/**
 * GET /api/faqs/public?lang=xx: what the home page shows, for anyone. Spec §4's language rule: a
 * supported language is used, any other falls back to en; with none asked, the signed-in user's
 * language. The staff FAQ management (GET/POST/PATCH/DELETE /api/faqs) is a separate, admin-only
 * feature.
 */
export const publicFaqsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/faqs/public', { schema: documented({ summary: 'FAQs shown on the home page, in one language', tags: ['faqs'], querystring: publicFaqsQuery }) }, async (request, reply) => {
    const { lang } = parseOr400(publicFaqsQuery, request.query, 'query');
    if (lang) {
      reply.header('cache-control', 'public, max-age=60');
      return listPublicFaqs(app.db, toSupportedLanguage(lang));
    }
    const viewer = request.viewer && (await findUserById(app.db, request.viewer.userId));
    reply.header('cache-control', 'private, max-age=60');
    return listPublicFaqs(app.db, viewer ? viewer.language : DEFAULT_LANGUAGE);
  });
};
