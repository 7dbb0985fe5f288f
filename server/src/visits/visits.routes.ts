import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  myVisitSchema,
  myVisitsAnswerSchema,
  staffVisitSchema,
  visitSlotsAnswerSchema,
  visitSlotsQuerySchema,
  type MyVisit,
  type MyVisitsAnswer,
  type StaffVisit,
  type VisitSlotsAnswer,
} from '../../../domain/contracts/visits.ts';
import { DEFAULT_LANGUAGE, languageFromAcceptLanguage, type Language } from '../../../domain/enums.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import { visitBookingSchema, visitCancelSchema, visitMoveSchema } from '../../../domain/visits/visit.schema.ts';
import { ensureViewer } from '../auth/identity.service.ts';
import type { ConfigSlice } from '../config.ts';
import { needsPasskey } from '../http/access.ts';
import { HttpError, notFound, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import type { Viewer } from '../http/viewer.ts';
import { STRICT_RATE_LIMIT } from '../security/rate-limit.ts';
import { currentUser } from '../users/users.service.ts';
import { checkVisitLinkToken } from './visit-links.ts';
import {
  bookVisit,
  cancelVisit,
  moveVisit,
  myVisits,
  shopperOfVisit,
  toMyVisit,
  toStaffVisit,
  visitForCaller,
  visitSlots,
  type StaffVisitAnswered,
  type VisitCaller,
  type VisitDeps,
} from './visits.service.ts';

/** A booking is a few hundred bytes with its deal; anything near this is not one. */
const VISIT_BODY_LIMIT = 16 * 1024;

/** POST /api/visits: the booking, and `forCaller` when staff book for a shopper who phoned. */
const bookingRequestSchema = v.strictObject({
  ...visitBookingSchema.entries,
  forCaller: v.optional(v.boolean('forCaller must be true or false')),
});
const idParams = v.object({ id: rowIdParam('id') });
const linkQuery = v.object({ token: visitCancelSchema.entries.token });
/** Staff see the calendar's view of a visit, a shopper their own. */
const visitAnswer = v.union([staffVisitSchema, myVisitSchema]);

type VisitsSettings = ConfigSlice<{ server: 'timeZone'; company: 'location'; security: 'sessionSecret' | 'staffMfa' }>;

/**
 * Visits for shoppers (docs/product/visits.md#api): the free slots of a car, booking one (a shopper
 * for themselves, or staff for a shopper who phoned), the shopper's own visits, and moving or
 * cancelling one by session, by the signed link its messages carry, or as staff.
 */
export const visitsRoutes =
  ({ server, company, security }: VisitsSettings, staffAnswered: StaffVisitAnswered): FastifyPluginAsync =>
  async (app) => {
    const deps: VisitDeps = { db: app.db, timeZone: server.timeZone, dealerState: company.location.region };

    /** Staff act on any visit; a web session must have confirmed its passkey first where STAFF_MFA asks, as for any personal data. */
    const asStaff = (viewer: Viewer): VisitCaller & { kind: 'staff' } => {
      if (needsPasskey(security, viewer)) {
        throw new HttpError('mfa_required', "Confirm it's you with your passkey to see or change personal data.");
      }
      return { kind: 'staff', userId: viewer.userId };
    };

    /** Staff if an admin asks; else the signed link when one is given (403 forged, 410 expired); else the session's shopper. */
    const callerOf = (request: FastifyRequest, visitId: number, token: string | undefined): VisitCaller => {
      const viewer = request.viewer;
      if (viewer?.isAdmin) return asStaff(viewer);
      if (token !== undefined) {
        const check = checkVisitLinkToken(security.sessionSecret, visitId, token);
        if (check === 'forged')
          throw new HttpError('forbidden', 'This link is not valid for this visit. Open the link from your message again.');
        if (check === 'expired') throw new HttpError('link_expired', 'This link has expired. Open your visits in the app to change one.');
        return { kind: 'link', visitId };
      }
      if (!viewer) throw notFound('No visit with this id.');
      return { kind: 'shopper', userId: viewer.userId };
    };

    const answerFor = (caller: VisitCaller, visit: Parameters<typeof toMyVisit>[0]): MyVisit | StaffVisit =>
      caller.kind === 'staff' ? toStaffVisit(visit, server.timeZone) : toMyVisit(visit, server.timeZone);

    /** The language of the page that booked (Content-Language), else the booker's own. */
    const bookingLanguage = async (request: FastifyRequest, viewer: Viewer): Promise<Language> =>
      languageFromAcceptLanguage(request.headers['content-language']) ??
      (await currentUser(app.db, viewer.userId))?.language ??
      DEFAULT_LANGUAGE;

    app.get(
      '/visits/slots',
      {
        schema: documented({
          summary:
            "One car's slots with a place left, from one of the dealer's days to another (both included; today to the booking horizon by default), in the dealer's time zone; none, and why, when the car is sold, pending or held by another shopper",
          tags: ['visits'],
          querystring: visitSlotsQuerySchema,
          answers: { 200: visitSlotsAnswerSchema },
          errors: [404],
        }),
      },
      async (request): Promise<VisitSlotsAnswer> => {
        const query = parseOr400(visitSlotsQuerySchema, request.query, 'slots query');
        return visitSlots(deps, query, request.viewer?.userId ?? null);
      },
    );

    const book = async (request: FastifyRequest, reply: FastifyReply): Promise<MyVisit | StaffVisit> => {
      const { forCaller, ...booking } = parseOr400(bookingRequestSchema, request.body, 'visit');
      if (forCaller === true) {
        if (!request.viewer?.isAdmin) throw new HttpError('forbidden', 'Only staff may book a visit for a shopper who phoned (forCaller).');
        const { userId } = asStaff(request.viewer);
        const visit = await bookVisit(deps, { kind: 'staff', userId, language: await bookingLanguage(request, request.viewer) }, booking);
        await staffAnswered(app.db, shopperOfVisit(visit), new Date());
        reply.code(201);
        return toStaffVisit(visit, server.timeZone);
      }
      const viewer = await ensureViewer(request, reply);
      const channel = viewer.via === 'telegram' ? 'telegram' : 'email';
      const visit = await bookVisit(
        deps,
        { kind: 'shopper', userId: viewer.userId, channel, language: await bookingLanguage(request, viewer) },
        booking,
      );
      reply.code(201);
      return toMyVisit(visit, server.timeZone);
    };

    app.post(
      '/visits',
      {
        bodyLimit: VISIT_BODY_LIMIT,
        config: { rateLimit: STRICT_RATE_LIMIT },
        schema: documented({
          summary:
            "Book a test drive or a hold at one of the listed slots (makes a web guest; a web shopper must give an email). Staff book for a shopper who phoned with forCaller: true and get the calendar's view. 400 names the field (start with why the time cannot be booked), 409 car_unavailable, car_on_hold, or slot_full with nextSlots when someone took the last place",
          tags: ['visits'],
          body: bookingRequestSchema,
          answers: { 201: visitAnswer },
          errors: [403, 404, 409],
        }),
      },
      book,
    );

    app.get(
      '/visits/mine',
      {
        schema: documented({
          summary:
            "The visitor's visits: those still ahead first, soonest first, then the last few past or cancelled ones; none without an identity",
          tags: ['visits'],
          answers: { 200: myVisitsAnswerSchema },
        }),
      },
      async (request): Promise<MyVisitsAnswer> => ({ items: request.viewer ? await myVisits(deps, request.viewer.userId) : [] }),
    );

    app.get(
      '/visits/:id',
      {
        schema: documented({
          summary:
            "One visit: the shopper's own by session, or anyone's by its signed link's token (403 forged, 410 expired); staff see any, in the calendar's view. Someone else's is 404",
          tags: ['visits'],
          params: idParams,
          querystring: linkQuery,
          answers: { 200: visitAnswer },
          errors: [403, 404, 410],
        }),
      },
      async (request): Promise<MyVisit | StaffVisit> => {
        const { id } = parseOr400(idParams, request.params, 'visit id');
        const { token } = parseOr400(linkQuery, request.query, 'link');
        const caller = callerOf(request, id, token);
        return answerFor(caller, await visitForCaller(app.db, id, caller));
      },
    );

    app.patch(
      '/visits/:id',
      {
        bodyLimit: VISIT_BODY_LIMIT,
        config: { rateLimit: STRICT_RATE_LIMIT },
        schema: documented({
          summary:
            'Move a visit to another listed slot, and optionally another car: by session, signed link (token in the body) or as staff. 409 visit_closed once cancelled or begun, slot_full with nextSlots, car_unavailable or car_on_hold',
          tags: ['visits'],
          params: idParams,
          body: visitMoveSchema,
          answers: { 200: visitAnswer },
          errors: [403, 404, 409, 410],
        }),
      },
      async (request): Promise<MyVisit | StaffVisit> => {
        const { id } = parseOr400(idParams, request.params, 'visit id');
        const move = parseOr400(visitMoveSchema, request.body, 'visit move');
        const caller = callerOf(request, id, move.token);
        const visit = await moveVisit(deps, caller, id, move);
        if (caller.kind === 'staff') await staffAnswered(app.db, shopperOfVisit(visit), new Date());
        return answerFor(caller, visit);
      },
    );

    app.post(
      '/visits/:id/cancel',
      {
        config: { rateLimit: STRICT_RATE_LIMIT },
        schema: documented({
          summary:
            'Cancel a visit, freeing its place (and its car, for a hold): by session, signed link (token in the body) or as staff. 409 visit_closed once cancelled or begun',
          tags: ['visits'],
          params: idParams,
          body: visitCancelSchema,
          answers: { 200: visitAnswer },
          errors: [403, 404, 409, 410],
        }),
      },
      async (request): Promise<MyVisit | StaffVisit> => {
        const { id } = parseOr400(idParams, request.params, 'visit id');
        const { token } = parseOr400(visitCancelSchema, request.body, 'visit cancellation');
        const caller = callerOf(request, id, token);
        return answerFor(caller, await cancelVisit(deps, caller, id));
      },
    );
  };
