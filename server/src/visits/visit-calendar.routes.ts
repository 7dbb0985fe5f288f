import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  staffVisitSchema,
  staffVisitsAnswerSchema,
  staffVisitsQuerySchema,
  type StaffVisit,
  type StaffVisitsAnswer,
} from '../../../domain/contracts/visits.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import { visitOutcomeSchema } from '../../../domain/visits/visit.schema.ts';
import type { ConfigSlice } from '../config.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { requireViewer } from '../http/viewer.ts';
import { recordStaffOutcome, staffVisits } from './visit-calendar.service.ts';
import type { StaffVisitAnswered } from './visits.service.ts';

const idParams = v.object({ id: rowIdParam('id') });

/**
 * The staff calendar of visits and their outcomes (docs/product/visits.md#staff-api-metrics-and-leads). Both
 * answer the shoppers' names, phones and emails, so a web session needs its passkey confirmed.
 */
export const visitCalendarRoutes =
  ({ server }: ConfigSlice<{ server: 'timeZone' }>, staffAnswered: StaffVisitAnswered): FastifyPluginAsync =>
  async (app) => {
    const deps = { db: app.db, timeZone: server.timeZone, staffAnswered };

    app.get(
      '/visits',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary:
            "The visits that begin on one of the dealer's days (`date`, today by default) or in the seven days from it (`range=week`), by time, narrowed by `type`, `carUuid` or `userId`; a shopper's visits (the latest 200) when `userId` comes without `date` (staff)",
          tags: ['visits'],
          querystring: staffVisitsQuerySchema,
          answers: { 200: staffVisitsAnswerSchema },
        }),
      },
      async (request): Promise<StaffVisitsAnswer> => staffVisits(deps, parseOr400(staffVisitsQuerySchema, request.query, 'visit filters')),
    );

    app.patch(
      '/visits/:id/outcome',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary:
            "Record how a visit went: arrived, completed or no-show (staff; audited; counts as the first response to the shopper's application). 409 visit_closed for a cancelled visit",
          tags: ['visits'],
          params: idParams,
          body: visitOutcomeSchema,
          answers: { 200: staffVisitSchema },
          errors: [404, 409],
        }),
      },
      async (request): Promise<StaffVisit> => {
        const { id } = parseOr400(idParams, request.params, 'visit id');
        const { outcome } = parseOr400(visitOutcomeSchema, request.body, 'outcome');
        return recordStaffOutcome(deps, requireViewer(request), id, outcome);
      },
    );
  };
