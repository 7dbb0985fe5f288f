import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { faqItemSchema, type FaqItem } from '../../../domain/contracts/faqs.ts';
import { languageParam } from '../../../domain/query-params.ts';
import { parseOr400 } from '../http/errors.ts';
import { homePageFaqs } from './faqs.service.ts';
import { documented } from '../http/openapi.ts';

const publicFaqsQuery = v.object({ lang: languageParam() });

/** An If-None-Match list ("a", W/"b", or *) names this tag; a weak match is enough for a GET. */
function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

/**
 * Staff edit FAQs at any moment and the home page must show the change at once (docs/product/staff-dashboard.md#faq-management), so
 * caches must ask every time (no-cache); the ETag, a hash of the answer, lets an unchanged list
 * cost a 304 without a body.
 */
function sendRevalidated(request: FastifyRequest, reply: FastifyReply, faqs: FaqItem[], scope: 'public' | 'private') {
  const body = JSON.stringify(faqs);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', `${scope}, no-cache`).header('etag', etag);
  if (namesTag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * GET /api/faqs/public?lang=xx: what the home page shows, for anyone. The language rule of docs/product/identity.md#languages: a
 * supported language is used, any other falls back to en; with none asked, the signed-in user's
 * language, which makes that answer private. The staff FAQ management (GET/POST/PATCH/DELETE
 * /api/faqs, faqs.routes.ts) is a separate, admin-only feature.
 */
export const publicFaqsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/faqs/public',
    {
      schema: documented({
        summary: 'FAQs shown on the home page, in one language; 304 when If-None-Match names the current ETag',
        tags: ['faqs'],
        querystring: publicFaqsQuery,
        answers: { 200: v.array(faqItemSchema), 304: null },
      }),
    },
    async (request, reply) => {
      const { lang } = parseOr400(publicFaqsQuery, request.query, 'query');
      // Without a language asked for, the answer depends on who asks.
      return sendRevalidated(request, reply, await homePageFaqs(app.db, lang, request.viewer?.userId), lang ? 'public' : 'private');
    },
  );
};
