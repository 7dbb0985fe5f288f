import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import {
  staffTradeInPageSchema,
  staffTradeInSchema,
  tradeInMessageSchema,
  tradeInOfferSchema,
  tradeInToInventorySchema,
  type StaffTradeIn,
  type TradeInMessage,
  type TradeInOffer,
  type TradeInToInventory,
} from '../../../domain/contracts/trade-ins.ts';
import { choiceParam, pagingParams, rowIdParam } from '../../../domain/query-params.ts';
import {
  TRADE_IN_QUEUE_STATUSES,
  tradeInMessageRequestSchema,
  tradeInOfferRequestSchema,
} from '../../../domain/trade-ins/trade-in.schema.ts';
import type { ConfigSlice } from '../config.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { requireViewer } from '../http/viewer.ts';
import { askTradeInQuestion, listTradeInQueue, putTradeInIntoStock, sendTradeInOffer, viewTradeIn } from './trade-in-appraisals.service.ts';

/** An offer's conditions or a question are at most a few thousand characters. */
const BODY_LIMIT = 32 * 1024;
const QUEUE_MAX_LIMIT = 100;
const QUEUE_DEFAULT_LIMIT = 20;

const idParams = v.object({ id: rowIdParam('id') });
const queueQuerySchema = v.pipe(
  v.object({
    status: choiceParam(TRADE_IN_QUEUE_STATUSES, `status must be one of ${TRADE_IN_QUEUE_STATUSES.join(', ')}`),
    ...pagingParams(QUEUE_MAX_LIMIT),
  }),
  v.transform((q) => ({ status: q.status, page: q.page ?? 1, limit: q.limit ?? QUEUE_DEFAULT_LIMIT })),
);

/** Staff appraise trade-ins (docs/product/trade-ins.md): the queue, the appraisal, offers, questions, into stock. */
export const tradeInAppraisalsRoutes =
  ({ tradeIns }: ConfigSlice<{ tradeIns: 'offerValidDays' }>): FastifyPluginAsync =>
  async (app) => {
    const deps = { db: app.db, pii: app.pii, offerValidDays: tradeIns.offerValidDays };

    // The queue names cars, not their owners: no passkey check needed.
    app.get(
      '/trade-ins',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            'The trade-ins staff appraise, drafts never among them: waiting on staff first, then the oldest submitted. `status` filters by the status shown, an offered one whose offer lapsed being expired (staff)',
          tags: ['trade-ins'],
          querystring: queueQuerySchema,
          answers: { 200: staffTradeInPageSchema },
        }),
      },
      async (request) => listTradeInQueue(app.db, parseOr400(queueQuerySchema, request.query, 'trade-in filters')),
    );

    // The owner's details and the payoff are personal data.
    app.get(
      '/trade-ins/:id',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary:
            "A submitted trade-in whole: the shopper's answers with the payoff, the owner, photos, offers, the thread, and the dealer's cars of the same make and model within two model years (staff; audited). 404 for a draft",
          tags: ['trade-ins'],
          params: idParams,
          answers: { 200: staffTradeInSchema },
          errors: [404],
        }),
      },
      async (request): Promise<StaffTradeIn> => {
        const { id } = parseOr400(idParams, request.params, 'trade-in id');
        return viewTradeIn(deps, requireViewer(request), id);
      },
    );

    app.post(
      '/trade-ins/:id/offers',
      {
        bodyLimit: BODY_LIMIT,
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            "Send the shopper an offer for their trade-in: the amount in cents, the days it holds (the dealer's default when left out) and its conditions (staff; audited; supersedes the open offer; counts as the first response; the shopper is told in Telegram or by email). 409 unless it is new, offered or expired",
          tags: ['trade-ins'],
          params: idParams,
          body: tradeInOfferRequestSchema,
          answers: { 201: tradeInOfferSchema },
          errors: [404, 409],
        }),
      },
      async (request, reply): Promise<TradeInOffer> => {
        const { id } = parseOr400(idParams, request.params, 'trade-in id');
        const body = parseOr400(tradeInOfferRequestSchema, request.body, 'offer');
        const offer = await sendTradeInOffer(deps, requireViewer(request), id, body);
        reply.code(201);
        return offer;
      },
    );

    app.post(
      '/trade-ins/:id/questions',
      {
        bodyLimit: BODY_LIMIT,
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            'Ask the shopper a question about their trade-in; it waits for their answer (staff; audited; counts as the first response; the shopper is told in Telegram or by email). 409 unless it is new, offered or expired',
          tags: ['trade-ins'],
          params: idParams,
          body: tradeInMessageRequestSchema,
          answers: { 201: tradeInMessageSchema },
          errors: [404, 409],
        }),
      },
      async (request, reply): Promise<TradeInMessage> => {
        const { id } = parseOr400(idParams, request.params, 'trade-in id');
        const body = parseOr400(tradeInMessageRequestSchema, request.body, 'question');
        const message = await askTradeInQuestion(app.db, requireViewer(request), id, body);
        reply.code(201);
        return message;
      },
    );

    app.post(
      '/trade-ins/:id/to-inventory',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary:
            "Put an accepted trade-in into stock as a used draft car: its VIN, year, make, model, trim and mileage, the accepted offer as a starting price, and its photos, whose stored files are re-used (staff; audited). The car stays a draft for the inventory's editing. 409 unless accepted, or when done already",
          tags: ['trade-ins'],
          params: idParams,
          answers: { 201: tradeInToInventorySchema },
          errors: [404, 409],
        }),
      },
      async (request, reply): Promise<TradeInToInventory> => {
        const { id } = parseOr400(idParams, request.params, 'trade-in id');
        const made = await putTradeInIntoStock(app.db, requireViewer(request), id);
        reply.code(201);
        return made;
      },
    );
  };
