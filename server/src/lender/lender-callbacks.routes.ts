import { adverseActionReasonsSchema, otherReasonSchema } from '../../../domain/adverse-action.ts';
import type { Config } from '../config.ts';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { lenderDecisionAnswerSchema, type LenderDecisionAnswer } from '../../../domain/contracts/applications.ts';
import { LICENCE_SIDES } from '../../../domain/contracts/documents.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { applyLenderDecision, authenticateLenderCallback, readDocumentForLender } from './lender.service.ts';
import { SIGNATURE_HEADER } from './lender-signature.ts';

/** A decision is a few hundred bytes. */
const DECISION_BODY_LIMIT = 16 * 1024;

const decisionBody = v.object({
  applicationId: rowIdParam('applicationId'),
  decision: v.picklist(['approved', 'rejected'], 'decision must be approved or rejected'),
  reference: v.pipe(
    v.string('reference must be text'),
    v.trim(),
    v.nonEmpty("reference must be the lender's own reference"),
    v.maxLength(100, 'reference must be at most 100 characters'),
  ),
  reasons: v.optional(adverseActionReasonsSchema),
  otherReason: v.optional(otherReasonSchema),
});

const documentParams = v.object({
  applicationId: rowIdParam('applicationId'),
  side: v.picklist(LICENCE_SIDES, 'side must be front or back'),
});
const documentQuery = v.object({
  expires: v.pipe(v.string('expires must be a unix time'), v.regex(/^\d{1,12}$/, 'expires must be a unix time'), v.transform(Number)),
  signature: v.pipe(v.string('signature must be hex'), v.regex(/^[0-9a-f]{64}$/, 'signature must be 64 hex digits')),
});

/**
 * The lender's side of the hand-off (docs/operations/lender.md), beside the API plugin like the Telegram
 * webhook (docs/architecture.md): no cookie identity, per-IP limit or origin check, since the
 * lender is a server that proves itself by signature instead. The decision's body is kept raw,
 * because the signature covers the bytes as sent.
 */
/** The lender's secret its callbacks are signed with, when there is a lender. */
type LenderCallbackSettings = Pick<Config, 'lender'>;

export const lenderCallbackRoutes =
  ({ lender }: LenderCallbackSettings): FastifyPluginAsync =>
  async (app) => {
    const deps = { db: app.db, pii: app.pii };
    // Valibot validates in the handlers, after the signature (as in the API plugin).
    app.setValidatorCompiler(() => (data: unknown) => ({ value: data }));
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });

    app.post(
      '/decisions',
      {
        bodyLimit: DECISION_BODY_LIMIT,
        schema: documented({
          summary:
            'The lender\'s decision on an application, signed like the hand-off (X-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">): the status changes as a staff member\'s change would, and the applicant is notified',
          tags: ['lender'],
          body: decisionBody,
          answers: { 200: lenderDecisionAnswerSchema },
          errors: [401, 404, 409],
        }),
      },
      async (request): Promise<LenderDecisionAnswer> => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await authenticateLenderCallback(deps, lender, request.headers[SIGNATURE_HEADER], raw);
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new HttpError('bad_request', 'The body is not JSON.');
        }
        const decision = parseOr400(decisionBody, parsed, 'decision');
        const application = await applyLenderDecision(deps, decision);
        return { applicationId: application.id, status: application.status };
      },
    );

    app.get(
      '/documents/:applicationId/:side',
      {
        schema: documented({
          summary: 'A licence photo for the lender, through the signed link of its hand-off (expires after 24 hours; each fetch audited)',
          tags: ['lender'],
          answers: { 200: ['image/jpeg'] },
          params: documentParams,
          querystring: documentQuery,
          errors: [403, 404],
        }),
      },
      async (request, reply) => {
        const { applicationId, side } = parseOr400(documentParams, request.params, 'document');
        const { expires, signature } = parseOr400(documentQuery, request.query, 'link');
        const { mime, bytes } = await readDocumentForLender(deps, lender, { applicationId, side, expires, signature });
        return reply.header('content-type', mime).send(bytes);
      },
    );
  };
