import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ConfigSlice } from '../config.ts';
import * as v from 'valibot';
import { rowIdParam } from '../../../domain/query-params.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { myNoticePdf, staffNoticePdf, type NoticePdf } from './adverse-action.service.ts';
import { noticeLinkSchema } from '../../../domain/contracts/applications.ts';
import { myNoticeLink, NOTICE_LINK_MINUTES, signedNoticePdf } from './notice-link.service.ts';

const idParams = v.object({ id: rowIdParam('id') });
const signedLinkQuery = v.object({
  expires: v.pipe(v.string('expires must be a unix time'), v.regex(/^\d{1,12}$/, 'expires must be a unix time'), v.transform(Number)),
  signature: v.pipe(v.string('signature must be hex'), v.regex(/^[0-9a-f]{64}$/, 'signature must be 64 hex digits')),
});

const sendPdf = (reply: FastifyReply, { filename, bytes }: NoticePdf) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(bytes);

/**
 * Staff file or reprint the adverse-action notice a rejection sent, and the applicant downloads their
 * own again (docs/product/notices.md#adverse-action-notices).
 */
/** The creditor a notice names, the time zone of its dates, and the secret its links are signed with. */
type AdverseActionSettings = ConfigSlice<{ company: 'name' | 'address' | 'phone'; server: 'timeZone'; security: 'sessionSecret' }>;

export const adverseActionRoutes =
  ({ company, server, security }: AdverseActionSettings): FastifyPluginAsync =>
  async (app) => {
    const deps = {
      db: app.db,
      renderer: app.pdf,
      catalogues: app.catalogues,
      creditor: { name: company.name, address: company.address, phone: company.phone },
      timeZone: server.timeZone,
    };
    const linkDeps = { ...deps, secret: security.sessionSecret };

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

    app.post(
      '/applications/mine/notice-link',
      {
        schema: documented({
          summary: `A link to the visitor's own latest adverse-action notice that works without their session for ${NOTICE_LINK_MINUTES} minutes (for the mini app: Telegram downloads the file itself, without the init data header); 404 when none was issued.`,
          tags: ['applications'],
          answers: { 200: noticeLinkSchema },
          errors: [401, 404],
        }),
      },
      async (request) => myNoticeLink(linkDeps, requireViewer(request)),
    );

    app.get(
      '/applications/:id/applicant-notice.pdf',
      {
        schema: documented({
          summary:
            "The applicant's latest adverse-action notice through a link from POST /api/applications/mine/notice-link; 403 when the link was altered or is for another application, 410 link_expired once it has expired.",
          tags: ['applications'],
          answers: { 200: ['application/pdf'] },
          params: idParams,
          querystring: signedLinkQuery,
          errors: [403, 404, 410, 503],
        }),
      },
      async (request, reply) => {
        const { id } = parseOr400(idParams, request.params, 'application id');
        const { expires, signature } = parseOr400(signedLinkQuery, request.query, 'link');
        return sendPdf(reply, await signedNoticePdf(linkDeps, { applicationId: id, expires, signature }));
      },
    );
  };
