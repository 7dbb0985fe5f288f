import { awaitsDecision } from '../../../domain/application-status.ts';
import type { DealOffer, MyApplication } from '../../../domain/contracts/applications.ts';
import type { DealRevision } from '../../../domain/deals/deal-offer.ts';
import type { UsStateCode } from '../../../domain/us-states.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { priceOffer } from '../deals/deals.service.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { enqueueOutboxEvent } from '../outbox/outbox.repository.ts';
import { lockApplication, lockApplicationOfUser } from './applications.repository.ts';
import { answerDealOffer, insertDealOffer, lockDealOffer } from './deal-offers.repository.ts';
import { recordStaffResponse } from './lead-work.service.ts';
import { loadMyApplication } from './submission.service.ts';

/**
 * The desk's counter-offers (docs/product/deals.md#offers): staff revise the deal and send it, the
 * applicant accepts or declines it. Every offer is kept; a new one supersedes the open one; sending
 * one counts as the first response; an accepted one is handed to the lender as the deal.
 */

export interface OfferDeps {
  db: Db;
  /** Where the dealer is: the deal settings are seeded for it. */
  dealerState: UsStateCode;
}

/** POST /api/applications/{id}/offers. */
export async function sendDealOffer(
  { db, dealerState }: OfferDeps,
  actor: Viewer,
  applicationId: number,
  revision: DealRevision,
  now = new Date(),
): Promise<DealOffer> {
  return db.transaction().execute(async (trx) => {
    const application = await lockApplication(trx, applicationId);
    if (!application) throw notFound('This application does not exist.');
    if (!awaitsDecision(application.status)) {
      throw new HttpError('conflict', `This application is ${application.status}: offers are sent while it is in review.`);
    }
    if (application.car_uuid === null) throw new HttpError('conflict', 'This application names no car: an offer prices a car.');
    const priced = await priceOffer(trx, dealerState, application.car_uuid, revision);
    const offer = await insertDealOffer(
      trx,
      { applicationId, sentBy: actor.userId, input: revision.input, terms: revision.terms, ...priced },
      now,
    );
    await recordStaffResponse(trx, applicationId, now);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'application.offer_sent',
      entity: 'application',
      entityId: applicationId,
      details: { offerId: offer.id, type: offer.quote.type, settingsVersion: offer.settingsVersion },
    });
    await enqueueOutboxEvent(trx, 'application.offer_sent', { applicationId, userId: application.user_id, offerId: offer.id });
    return offer;
  });
}

export type OfferAnswer = 'accept' | 'decline';

/** POST /api/applications/mine/offers/{offerId}/accept|decline: only the applicant's own open offer, while in review. */
export async function answerMyDealOffer(
  db: Db,
  viewer: Viewer,
  offerId: number,
  answer: OfferAnswer,
  now = new Date(),
): Promise<MyApplication> {
  await db.transaction().execute(async (trx) => {
    // The application first, as the desk's sending does, so an answer and a new offer take turns.
    const application = await lockApplicationOfUser(trx, viewer.userId);
    const offer = await lockDealOffer(trx, offerId);
    // Someone else's offer is answered as if it did not exist.
    if (!application || !offer || offer.applicationId !== application.id) throw notFound('You have no offer with this id.');
    if (offer.status !== 'sent') {
      throw new HttpError(
        'conflict',
        offer.status === 'superseded'
          ? 'The dealer has sent a newer offer since this one: answer that one.'
          : `You have already ${offer.status} this offer.`,
      );
    }
    if (!awaitsDecision(application.status)) {
      throw new HttpError('conflict', `Your application is ${application.status}, so its offers can no longer be answered.`);
    }
    const status = answer === 'accept' ? 'accepted' : 'declined';
    await answerDealOffer(trx, offerId, status, now);
    await recordAudit(trx, {
      actorUserId: viewer.userId,
      action: `application.offer_${status}`,
      entity: 'application',
      entityId: application.id,
      details: { offerId },
    });
    if (status === 'accepted') {
      await enqueueOutboxEvent(trx, 'application.offer_accepted', { applicationId: application.id, userId: viewer.userId, offerId });
    }
  });
  const mine = await loadMyApplication(db, viewer.userId);
  if (!mine) throw notFound('You have not submitted an application yet.');
  return mine;
}
