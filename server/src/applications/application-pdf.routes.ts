import type { FastifyPluginAsync } from 'fastify';
import type { ConfigSlice } from '../config.ts';
import * as v from 'valibot';
import { DEFAULT_LANGUAGE } from '../../../domain/enums.ts';
import { languageParam, rowIdParam } from '../../../domain/query-params.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminOnly } from '../http/access.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { applicationPdf } from './application-pdf.service.ts';

const idParams = v.object({ id: rowIdParam('id') });
const pdfQuery = v.object({ lang: languageParam() });

/** Staff print or file an application (docs/product/pdf.md#pdf). */
/** The dealer the printed application names, and the time zone its dates are in. */
type ApplicationPdfSettings = ConfigSlice<{ company: 'name'; server: 'timeZone' }>;

export const applicationPdfRoutes =
  ({ company, server }: ApplicationPdfSettings): FastifyPluginAsync =>
  async (app) => {
    const deps = {
      db: app.db,
      pii: app.pii,
      renderer: app.pdf,
      catalogues: app.catalogues,
      company: company.name,
      timeZone: server.timeZone,
    };

    app.get(
      '/applications/:id/pdf',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary:
            'The application as a US Letter PDF with the full SSN, labels in lang (en, uk, es, ru; default en) (staff; audited). 503 pdf_busy or pdf_unavailable when it cannot be rendered now.',
          tags: ['applications'],
          answers: { 200: ['application/pdf'] },
          params: idParams,
          querystring: pdfQuery,
          errors: [503],
        }),
      },
      async (request, reply) => {
        const { id } = parseOr400(idParams, request.params, 'application id');
        const { lang = DEFAULT_LANGUAGE } = parseOr400(pdfQuery, request.query, 'query');
        const pdf = await applicationPdf(deps, requireViewer(request), id, lang).catch((error: unknown) => {
          // The renderer keeps Chromium's own failure as the cause; the answer says only what to do.
          if (error instanceof HttpError && error.cause !== undefined)
            request.log.warn({ err: error.cause }, `PDF of application ${id} failed: ${error.code}`);
          throw error;
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="application-${id}.pdf"`)
          .header('cache-control', 'no-store')
          .send(pdf);
      },
    );
  };
