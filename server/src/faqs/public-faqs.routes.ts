import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { LANGUAGES } from '../../../domain/enums.ts';
import { parseOr400 } from '../http/errors.ts';
import { listPublicFaqs } from './public-faqs.repository.ts';

const publicFaqsQuery = v.object({
  lang: v.picklist(LANGUAGES, `lang must be one of ${LANGUAGES.join(', ')}`),
});

/**
 * GET /api/faqs/public?lang=xx: what the home page shows, for anyone. The staff FAQ management
 * (GET/POST/PATCH/DELETE /api/faqs) is a separate, admin-only feature.
 */
export const publicFaqsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/faqs/public', async (request, reply) => {
    const { lang } = parseOr400(publicFaqsQuery, request.query, 'query');
    reply.header('cache-control', 'public, max-age=60');
    return listPublicFaqs(app.db, lang);
  });
};
