import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { rowIdParam } from '../../../domain/query-params.ts';
import { requireViewer } from '../auth/identity.service.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { myNoticePdf, staffNoticePdf, type NoticePdf } from './adverse-action.service.ts';

const idParams = v.object({ id: rowIdParam('id') });

const sendPdf = (reply: FastifyReply, { filename, bytes }: NoticePdf) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(bytes);

/**
 * Staff file or reprint the adverse-action notice a rejection sent, and the applicant downloads their
 * own again (docs/product.md#adverse-action-notices).
 */
export const adverseActionRoutes: FastifyPluginAsync = async (app) => {
  const deps = {
    db: app.db,
    renderer: app.pdf,
    catalogues: app.catalogues,
    creditor: { name: app.config.company.name, address: app.config.company.address, phone: app.config.company.phone },
    timeZone: app.config.timeZone,
  };

  app.get(
    '/applications/:id/notice.pdf',
    {
      config: adminOnly({ factor: 'passkey' }),
      schema: documented({
        summary:
          "The application's latest adverse-action notice as the applicant received it, in their language (staff; audited); 404 when none was issued. 503 pdf_busy or pdf_unavailable when it cannot be rendered now.",
        tags: ['applications'],
        answers: { 200: ['application/pdf'] },
        params: idParams,
        errors: [404, 503],
      }),
    },
    async (request, reply) => {
      const { id } = parseOr400(idParams, request.params, 'application id');
      return sendPdf(reply, await staffNoticePdf(deps, requireViewer(request), id));
    },
  );

  app.get(
    '/applications/mine/notice.pdf',
    {
      schema: documented({
        summary:
          "The visitor's own latest adverse-action notice, the PDF they were sent, in their language; 404 when none was issued. 503 pdf_busy or pdf_unavailable when it cannot be rendered now.",
        tags: ['applications'],
        answers: { 200: ['application/pdf'] },
        errors: [401, 404, 503],
      }),
    },
    async (request, reply) => sendPdf(reply, await myNoticePdf(deps, requireViewer(request))),
  );
};
