import { isLanguage, type Language } from '../../../domain/enums.ts';
import type { Config, ConfigSlice } from '../config.ts';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { statusChangeSchema } from '../../../domain/adverse-action.ts';
import { applicantPatchSchema } from '../../../domain/application.schema.ts';
import { applicationCarChangeSchema, submissionSchema } from '../../../domain/application-submission.schema.ts';
import {
  applicationTrailPageSchema,
  myApplicationSchema,
  reviewConfirmationSchema,
  ssnRevealSchema,
  staffApplicationSchema,
  type ApplicationTrailEvent,
  type MyApplication,
  type MyApplicationLookup,
  type ReviewConfirmation,
  type SsnReveal,
  type StaffApplication,
} from '../../../domain/contracts/applications.ts';
import { LICENCE_SIDES } from '../../../domain/contracts/documents.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import { pagingParams, rowIdParam } from '../../../domain/query-params.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { STRICT_RATE_LIMIT } from '../security/rate-limit.ts';
import {
  applicationTrail,
  changeStatus,
  confirmReview,
  editApplicant,
  readDocument,
  revealSsn,
  viewUserApplication,
} from './staff-review.service.ts';
import { changeMyApplicationCar, loadMyApplication, submitApplication, withdrawMyApplication } from './submission.service.ts';

/** A whole application is a few kilobytes; the photos travel separately. */
const APPLICATION_BODY_LIMIT = 64 * 1024;
const TRAIL_MAX_LIMIT = 100;
const TRAIL_DEFAULT_LIMIT = 50;

/** The web app names its page's language in Content-Language ("es", or "es-US"); anything else is no language. */
function pageLanguage(header: string | undefined): Language | undefined {
  const primary = header?.split(',')[0]?.trim().split('-')[0]?.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

const idempotencyHeaders = v.object({
  'idempotency-key': v.pipe(
    v.optional(v.string(), ''),
    v.trim(),
    v.nonEmpty('Send an Idempotency-Key header: a UUID made once per submission, the same on every retry of it.'),
    v.uuid('The Idempotency-Key header must be a UUID, such as 0b6e2a52-3f1c-4d8e-9a57-2f4f0c1d9e11.'),
    v.toLowerCase(),
  ),
});
const idParams = v.object({ id: rowIdParam('id') });
const userParams = v.object({ userId: rowIdParam('userId') });
const documentParams = v.object({ id: rowIdParam('id'), side: v.picklist(LICENCE_SIDES, 'side must be front or back') });
const trailQuery = v.pipe(
  v.object(pagingParams(TRAIL_MAX_LIMIT)),
  v.transform((q) => ({ page: q.page ?? 1, limit: q.limit ?? TRAIL_DEFAULT_LIMIT })),
);

/** Personal data must stay out of every shared or browser cache. */
const PRIVATE = 'no-store';

/**
 * The credit application (docs/product/submission.md#submission-and-statuses): the applicant submits once and follows its status; staff read,
 * reveal, edit and decide, every staff call audited. Photos, drafts and consent texts have their
 * own route files beside this one.
 */
/** The dealer block a submission carries, and the secret its duplicate check keys with. */
type ApplicationsSettings = Pick<Config, 'dealer'> & ConfigSlice<{ security: 'sessionSecret' }>;

export const applicationsRoutes =
  ({ dealer, security }: ApplicationsSettings): FastifyPluginAsync =>
  async (app) => {
    const deps = { db: app.db, pii: app.pii };

    app.post(
      '/applications',
      {
        bodyLimit: APPLICATION_BODY_LIMIT,
        config: { rateLimit: STRICT_RATE_LIMIT },
        schema: documented({
          summary:
            'Submit the credit application (the creation payload without the dealer block, plus the accepted consents and the deal chosen for the car, if any); needs an Idempotency-Key header. One per user. A deal whose quote the server does not price the same under its settings version is 409 deal_changed.',
          tags: ['applications'],
          body: submissionSchema,
          answers: { 201: myApplicationSchema },
          errors: [401, 403, 409],
        }),
      },
      async (request, reply): Promise<MyApplication> => {
        const viewer = requireViewer(request);
        const { 'idempotency-key': key } = parseOr400(idempotencyHeaders, request.headers, 'request');
        const submission = parseOr400(submissionSchema, request.body, 'application');
        const { application, replayed } = await submitApplication(
          { ...deps, dealer, fingerprintSecret: security.sessionSecret },
          viewer,
          key,
          submission,
          pageLanguage(request.headers['content-language']),
        );
        reply.header('cache-control', PRIVATE).header('location', '/api/applications/mine').status(201);
        if (replayed) reply.header('idempotent-replayed', 'true');
        return application;
      },
    );

    app.get(
      '/applications/mine',
      {
        schema: documented({
          summary: "The visitor's own application: status, history, chosen car and deal, and the Regulation B due date; null when none",
          tags: ['applications'],
          answers: { 200: v.nullable(myApplicationSchema) },
        }),
      },
      async (request, reply): Promise<MyApplicationLookup> => {
        const userId = request.viewer?.userId;
        const application = userId === undefined ? undefined : await loadMyApplication(app.db, userId);
        reply.header('cache-control', PRIVATE);
        return application ?? null;
      },
    );

    app.patch(
      '/applications/mine/car',
      {
        config: { rateLimit: STRICT_RATE_LIMIT },
        schema: documented({
          summary:
            "Move the visitor's own application to another available car while it is in review (audited; a deal priced for the old car is dropped); 409 once decided",
          tags: ['applications'],
          body: applicationCarChangeSchema,
          answers: { 200: myApplicationSchema },
          errors: [401, 404, 409],
        }),
      },
      async (request, reply): Promise<MyApplication> => {
        const viewer = requireViewer(request);
        const { carId } = parseOr400(applicationCarChangeSchema, request.body, 'car');
        reply.header('cache-control', PRIVATE);
        return changeMyApplicationCar(app.db, viewer, carId);
      },
    );

    app.post(
      '/applications/mine/withdraw',
      {
        config: { rateLimit: STRICT_RATE_LIMIT },
        schema: documented({
          summary:
            "Withdraw the visitor's own application while it is in review (audited, the dealer and lender are told); 409 once decided or withdrawn",
          tags: ['applications'],
          answers: { 200: myApplicationSchema },
          errors: [401, 404, 409],
        }),
      },
      async (request, reply): Promise<MyApplication> => {
        const viewer = requireViewer(request);
        reply.header('cache-control', PRIVATE);
        return withdrawMyApplication(app.db, viewer);
      },
    );

    app.get(
      '/applications/user/:userId',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary: "A user's application, SSN masked (staff; audited)",
          tags: ['applications'],
          params: userParams,
          answers: { 200: staffApplicationSchema },
        }),
      },
      async (request, reply): Promise<StaffApplication> => {
        const { userId } = parseOr400(userParams, request.params, 'user id');
        reply.header('cache-control', PRIVATE);
        return viewUserApplication(deps, requireViewer(request), userId);
      },
    );

    app.post(
      '/applications/:id/ssn/reveal',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary: "The applicant's full SSN (staff; each reveal audited)",
          tags: ['applications'],
          params: idParams,
          answers: { 200: ssnRevealSchema },
        }),
      },
      async (request, reply): Promise<SsnReveal> => {
        const { id } = parseOr400(idParams, request.params, 'application id');
        reply.header('cache-control', PRIVATE);
        return revealSsn(deps, requireViewer(request), id);
      },
    );

    app.get(
      '/applications/:id/documents/:side',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary: "A photo of the applicant's driver's licence (staff; audited)",
          tags: ['applications'],
          answers: { 200: ['image/jpeg'] },
          params: documentParams,
        }),
      },
      async (request, reply) => {
        const { id, side } = parseOr400(documentParams, request.params, 'document');
        const { mime, bytes } = await readDocument(deps, requireViewer(request), id, side);
        return reply
          .header('cache-control', PRIVATE)
          .header('content-type', mime)
          .header('content-disposition', `inline; filename="application-${id}-${side}.jpg"`)
          .send(bytes);
      },
    );

    app.patch(
      '/applications/applicant',
      {
        bodyLimit: APPLICATION_BODY_LIMIT,
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary: "Correct the applicant's fields (staff; audited by field name)",
          tags: ['applications'],
          body: applicantPatchSchema,
          answers: { 200: staffApplicationSchema },
          errors: [404],
        }),
      },
      async (request, reply): Promise<StaffApplication> => {
        const patch = parseOr400(applicantPatchSchema, request.body, 'applicant');
        reply.header('cache-control', PRIVATE);
        return editApplicant(deps, requireViewer(request), patch);
      },
    );

    app.patch(
      '/applications/:id/status',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary:
            "Set the application's status: in_review, approved or rejected (staff; audited, the applicant is notified; 409 once the applicant withdrew it). A rejection gives 1 to 4 principal reasons (otherReason with other) and the credit report used, if any: its adverse-action notice is recorded and sent to the applicant, which stops the Regulation B clock",
          tags: ['applications'],
          params: idParams,
          body: statusChangeSchema,
          answers: { 200: staffApplicationSchema },
          errors: [409],
        }),
      },
      async (request, reply): Promise<StaffApplication> => {
        const { id } = parseOr400(idParams, request.params, 'application id');
        const { status, rejection } = parseOr400(statusChangeSchema, request.body, 'status');
        reply.header('cache-control', PRIVATE);
        return changeStatus(deps, requireViewer(request), id, status, rejection);
      },
    );

    app.post(
      '/applications/:id/review',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary: 'Record that this staff member reviewed the application, whatever its status (staff; audited, shown in the history)',
          tags: ['applications'],
          params: idParams,
          answers: { 200: reviewConfirmationSchema },
        }),
      },
      async (request, reply): Promise<ReviewConfirmation> => {
        const { id } = parseOr400(idParams, request.params, 'application id');
        reply.header('cache-control', PRIVATE);
        return confirmReview(deps, requireViewer(request), id);
      },
    );

    app.get(
      '/applications/:id/history',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary: "The application's audit trail, newest first (staff)",
          tags: ['applications'],
          params: idParams,
          querystring: trailQuery,
          answers: { 200: applicationTrailPageSchema },
        }),
      },
      async (request, reply): Promise<Paged<ApplicationTrailEvent>> => {
        const { id } = parseOr400(idParams, request.params, 'application id');
        const { page, limit } = parseOr400(trailQuery, request.query, 'query');
        reply.header('cache-control', PRIVATE);
        return applicationTrail(deps, requireViewer(request), id, page, limit);
      },
    );
  };
