import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { dealOfferSchema, myApplicationSchema, type DealOffer, type MyApplication } from '../../../domain/contracts/applications.ts';
import { dealRevisionSchema } from '../../../domain/deals/deal-offer.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import type { ConfigSlice } from '../config.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { requireViewer } from '../http/viewer.ts';
import { STRICT_RATE_LIMIT } from '../security/rate-limit.ts';
import { answerMyDealOffer, sendDealOffer, type OfferAnswer } from './deal-offers.service.ts';

/** A revision is a deal input and four terms: a few hundred bytes. */
const OFFER_BODY_LIMIT = 16 * 1024;
const PRIVATE = 'no-store';

const idParams = v.object({ id: rowIdParam('id') });
const offerParams = v.object({ offerId: rowIdParam('offerId') });

/** The desk's counter-offers on an application's deal (docs/product/deals.md#offers). */
export const dealOffersRoutes =
  ({ company }: ConfigSlice<{ company: 'location' }>): FastifyPluginAsync =>
  async (app) => {
    const deps = { db: app.db, dealerState: company.location.region };

    app.post(
      '/applications/:id/offers',
      {
        bodyLimit: OFFER_BODY_LIMIT,
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary:
            'Send the applicant a revised deal: the deal input and the terms staff set (price, APR or money factor, doc fee), priced with the newest settings (staff; audited; supersedes the open offer; counts as the first response; the applicant is told in Telegram or by email). 409 once the application is decided or withdrawn',
          tags: ['applications'],
          params: idParams,
          body: dealRevisionSchema,
          answers: { 201: dealOfferSchema },
          errors: [404, 409],
        }),
      },
      async (request, reply): Promise<DealOffer> => {
        const { id } = parseOr400(idParams, request.params, 'application id');
        const revision = parseOr400(dealRevisionSchema, request.body, 'offer');
        const offer = await sendDealOffer(deps, requireViewer(request), id, revision);
        reply.code(201).header('cache-control', PRIVATE);
        return offer;
      },
    );

    const answerRoute = (answer: OfferAnswer, summary: string) =>
      app.post(
        `/applications/mine/offers/:offerId/${answer}`,
        {
          config: { rateLimit: STRICT_RATE_LIMIT },
          schema: documented({
            summary,
            tags: ['applications'],
            params: offerParams,
            answers: { 200: myApplicationSchema },
            errors: [401, 404, 409],
          }),
        },
        async (request, reply): Promise<MyApplication> => {
          const { offerId } = parseOr400(offerParams, request.params, 'offer id');
          reply.header('cache-control', PRIVATE);
          return answerMyDealOffer(app.db, requireViewer(request), offerId, answer);
        },
      );
    answerRoute(
      'accept',
      "Accept the desk's open offer on the visitor's own application: it becomes the deal the lender receives (audited). 409 when it was answered or superseded, or the application is decided",
    );
    answerRoute(
      'decline',
      "Decline the desk's open offer on the visitor's own application (audited). 409 when it was answered or superseded",
    );
  };
