import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { DEFAULT_LANGUAGE } from '../../../domain/enums.ts';
import { languageParam } from '../../../domain/query-params.ts';
import { findUserById } from '../users/users.repository.ts';
import { parseOr400 } from '../http/errors.ts';
import { listPublicFaqs } from './public-faqs.repository.ts';
import { documented } from '../http/openapi.ts';

const publicFaqsQuery = v.object({ lang: languageParam() });

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
      return listPublicFaqs(app.db, lang);
    }
    const viewer = request.viewer && (await findUserById(app.db, request.viewer.userId));
    reply.header('cache-control', 'private, max-age=60');
    return listPublicFaqs(app.db, viewer ? viewer.language : DEFAULT_LANGUAGE);
  });
};
