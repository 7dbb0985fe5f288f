import type { FastifyPluginAsync } from 'fastify';
import type { FaqItem, FaqPage } from '../../../domain/contracts/faqs.ts';
import { faqCreateSchema, faqIdParamsSchema, faqListQuerySchema, faqPatchSchema } from '../../../domain/faq.schema.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminOnly } from '../http/access.ts';
import { notFound, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { faqItemResponse, faqPageResponse } from './faqs-response.schema.ts';
import { changeFaq, createFaq, removeFaq, searchFaqs, viewFaq } from './faqs.service.ts';

/** A 5,000-character answer of escaped non-Latin text is about 30 KB of JSON; twice that is plenty. */
const FAQ_BODY_LIMIT = 64 * 1024;
const NO_SUCH_FAQ = 'No FAQ with this id.';

/**
 * Staff FAQ management (docs/product/staff-dashboard.md#faq-management), admin only. The home page's list is
 * GET /api/faqs/public (public-faqs.routes.ts) and shows every change on its next request.
 */
export const faqsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/faqs',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: 'List FAQs, filtered, sorted and paged (staff)',
        tags: ['faqs'],
        querystring: faqListQuerySchema,
        response: { 200: faqPageResponse },
      }),
    },
    async (request): Promise<FaqPage> => {
      return searchFaqs(app.db, parseOr400(faqListQuerySchema, request.query, 'FAQ filters'));
    },
  );

  app.get(
    '/faqs/:id',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({ summary: 'One FAQ (staff)', tags: ['faqs'], params: faqIdParamsSchema, response: { 200: faqItemResponse } }),
    },
    async (request): Promise<FaqItem> => {
      const { id } = parseOr400(faqIdParamsSchema, request.params, 'FAQ id');
      const faq = await viewFaq(app.db, requireViewer(request).userId, id);
      if (!faq) throw notFound(NO_SUCH_FAQ);
      return faq;
    },
  );

  app.post(
    '/faqs',
    {
      bodyLimit: FAQ_BODY_LIMIT,
      config: adminOnly({ factor: 'none' }),
      schema: documented({ summary: 'Add a FAQ (staff)', tags: ['faqs'], body: faqCreateSchema, response: { 201: faqItemResponse } }),
    },
    async (request, reply): Promise<FaqItem> => {
      const input = parseOr400(faqCreateSchema, request.body, 'FAQ');
      const faq = await createFaq(app.db, requireViewer(request).userId, input);
      reply.code(201).header('location', `/api/faqs/${faq.id}`);
      return faq;
    },
  );

  app.patch(
    '/faqs/:id',
    {
      bodyLimit: FAQ_BODY_LIMIT,
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary: 'Change some fields of a FAQ (staff)',
        tags: ['faqs'],
        params: faqIdParamsSchema,
        body: faqPatchSchema,
        response: { 200: faqItemResponse },
      }),
    },
    async (request): Promise<FaqItem> => {
      const { id } = parseOr400(faqIdParamsSchema, request.params, 'FAQ id');
      const patch = parseOr400(faqPatchSchema, request.body, 'FAQ change');
      const faq = await changeFaq(app.db, requireViewer(request).userId, id, patch);
      if (!faq) throw notFound(NO_SUCH_FAQ);
      return faq;
    },
  );

  app.delete(
    '/faqs/:id',
    {
      config: adminOnly({ factor: 'none' }),
      schema: documented({ summary: 'Delete a FAQ (staff)', tags: ['faqs'], params: faqIdParamsSchema, answers: { 204: null } }),
    },
    async (request, reply) => {
      const { id } = parseOr400(faqIdParamsSchema, request.params, 'FAQ id');
      if (!(await removeFaq(app.db, requireViewer(request).userId, id))) throw notFound(NO_SUCH_FAQ);
      return reply.code(204).send();
    },
  );
};
