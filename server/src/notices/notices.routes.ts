import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { rowIdParam } from '../../../domain/query-params.ts';
import { requireViewer } from '../auth/identity.service.ts';
import { ADMIN_WITH_MFA } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { staffNoticePdf } from '../pdf/notice.service.ts';

const idParams = v.object({ id: rowIdParam('id') });

/** Staff file or reprint the adverse-action notice a rejection sent (docs/product.md#adverse-action-notices). */
export const noticesRoutes: FastifyPluginAsync = async (app) => {
  const deps = {
    db: app.db,
    pii: app.pii,
    renderer: app.pdf,
    catalogues: app.catalogues,
    creditor: { name: app.config.company.name, address: app.config.company.address, phone: app.config.company.phone },
    timeZone: app.config.timeZone,
  };

  app.get(
    '/applications/:id/notice.pdf',
    {
      config: ADMIN_WITH_MFA,
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
      const { filename, bytes } = await staffNoticePdf(deps, requireViewer(request), id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
};
