import type { OutboxEvent } from '../../../domain/contracts/outbox.ts';
import { toPaged, type Paged } from '../../../domain/contracts/paged.ts';
import type {
  StaffTradeIn,
  StaffTradeInItem,
  TradeInMessage,
  TradeInNotice,
  TradeInOffer,
  TradeInToInventory,
} from '../../../domain/contracts/trade-ins.ts';
import type { TradeInMessageRequest, TradeInOfferRequest, TradeInStatus } from '../../../domain/trade-ins/trade-in.schema.ts';
import {
  missingTradeInAngles,
  tradeInPhotoUrl,
  tradeInStatusAt,
  tradeInTitle,
  tradeInWaitingOn,
} from '../../../domain/trade-ins/trade-in-rules.ts';
import { decodeVin } from '../../../domain/vin-decode.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { createDraftCarWithPhotos, findComparableCars } from '../inventory/inventory.service.ts';
import { enqueueOutboxEvent } from '../outbox/outbox.repository.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  findTradeIn,
  findTradeInMessage,
  findTradeInOffer,
  insertStaffQuestion,
  insertTradeInOffer,
  listQueue,
  listTradeInMessages,
  listTradeInOffers,
  listTradeInPhotos,
  lockTradeIn,
  recordStaffAnswer,
  setTradeInCar,
  type QueueQuery,
  type TradeInOfferRow,
  type TradeInRow,
} from './trade-in-appraisals.repository.ts';
import { openTradeInPayoff } from './trade-in-payoff.ts';
import { toTradeInDraft, toTradeInMessage, toTradeInOffer, toTradeInPhoto } from './trade-in-views.ts';

/**
 * Staff appraise submitted trade-ins (docs/product/trade-ins.md): the queue, the whole trade-in with
 * the dealer's like cars, offers and questions that tell the shopper through the outbox, and putting
 * an accepted trade into stock as a draft car. Every staff action is audited in its transaction.
 */

export interface AppraisalDeps {
  db: Db;
  pii: PiiCipher;
  /** TRADE_IN_OFFER_VALID_DAYS: an offer sent without a validity of its own holds this long. */
  offerValidDays: number;
}

const ENTITY = 'trade_in';
const DAY_MS = 86_400_000;
const NOT_FOUND = 'No submitted trade-in has this id.';
/** The dealer's cars within this many model years of the trade's are its comparables, at most this many. */
const COMPARABLE_YEARS = 2;
const COMPARABLES_MAX = 10;

const openOfferValidUntil = (offers: readonly TradeInOfferRow[]) => offers.find((offer) => offer.status === 'open')?.valid_until ?? null;

/** The status its viewers see at `now`: an offered one whose open offer lapsed reads expired. */
const statusAt = (row: TradeInRow, offers: readonly TradeInOfferRow[], now: Date): TradeInStatus =>
  tradeInStatusAt(row.status, openOfferValidUntil(offers), now);

/** GET /api/trade-ins: the queue, drafts never in it; `status` filters by the status shown. */
export async function listTradeInQueue(db: Db, query: QueueQuery, now = new Date()): Promise<Paged<StaffTradeInItem>> {
  const { rows, total } = await listQueue(db, query, now);
  const items = rows.map((row): StaffTradeInItem => {
    const status = tradeInStatusAt(row.status, row.open_valid_until, now);
    return {
      id: row.id,
      status,
      title: tradeInTitle(row, now),
      mileage: row.mileage,
      photoCount: row.photo_count,
      coverUrl: row.cover_photo_id === null ? null : tradeInPhotoUrl({ tradeInId: row.id }, row.cover_photo_id),
      submittedAt: row.submitted_at?.toISOString() ?? null,
      firstResponseAt: row.first_response_at?.toISOString() ?? null,
      waitingOn: tradeInWaitingOn(status, row.last_author),
      latestOfferCents: row.latest_offer_cents,
    };
  });
  return toPaged(items, total, query.page, query.limit);
}

async function submittedOrThrow(db: Db, id: number, lock: boolean): Promise<TradeInRow> {
  const row = lock ? await lockTradeIn(db, id) : await findTradeIn(db, id);
  // A draft is the shopper's until they submit it: staff do not see it.
  if (!row || row.status === 'draft') throw notFound(NOT_FOUND);
  return row;
}

/** GET /api/trade-ins/{id}: everything, the payoff opened and the owner named; audited, as it holds both. */
export async function viewTradeIn(
  { db, pii }: Pick<AppraisalDeps, 'db' | 'pii'>,
  actor: Viewer,
  id: number,
  now = new Date(),
): Promise<StaffTradeIn> {
  const row = await submittedOrThrow(db, id, false);
  const [photos, offers, messages, owner] = await Promise.all([
    listTradeInPhotos(db, id),
    listTradeInOffers(db, id),
    listTradeInMessages(db, id),
    findUserById(db, row.user_id),
  ]);
  const status = statusAt(row, offers, now);
  const decoded = row.vin === null ? null : decodeVin(row.vin, now);
  const make = row.make ?? decoded?.make ?? null;
  const year = row.year ?? decoded?.year ?? null;
  const comparables =
    make === null || row.model === null || year === null
      ? []
      : await findComparableCars(db, { make, model: row.model, year, years: COMPARABLE_YEARS, limit: COMPARABLES_MAX }, now);
  await recordAudit(db, { actorUserId: actor.userId, action: 'trade_in.viewed', entity: ENTITY, entityId: id });
  const name = [owner?.first_name, owner?.last_name].filter((part) => part != null && part !== '').join(' ');
  return {
    id,
    status,
    title: tradeInTitle(row, now),
    owner: { userId: row.user_id, name: name === '' ? null : name, telegramUsername: owner?.username ?? null, email: owner?.email ?? null },
    draft: toTradeInDraft(row, openTradeInPayoff(pii, row.payoff_encrypted)),
    decoded,
    photos: photos.map((photo) => toTradeInPhoto(photo, { tradeInId: id })),
    missingAngles: missingTradeInAngles(photos.map((photo) => photo.angle)),
    offers: offers.map((offer) => toTradeInOffer(offer, now)),
    messages: messages.map(toTradeInMessage),
    waitingOn: tradeInWaitingOn(status, messages.at(-1)?.author ?? null),
    comparables,
    carUuid: row.car_uuid,
    createdAt: row.created_at.toISOString(),
    submittedAt: row.submitted_at?.toISOString() ?? null,
    firstResponseAt: row.first_response_at?.toISOString() ?? null,
  };
}

/** The statuses in which staff still talk to the shopper: submitted, offered, or the offer ran out. */
const OPEN_TO_STAFF: readonly TradeInStatus[] = ['new', 'offered', 'expired'];

const refuseUnlessOpen = (status: TradeInStatus, doing: string) => {
  if (!OPEN_TO_STAFF.includes(status))
    throw new HttpError('conflict', `This trade-in is ${status}: ${doing} while it is new, offered or expired.`);
};

/** POST /api/trade-ins/{id}/offers: supersedes the open offer; the first response; the shopper is told. */
export async function sendTradeInOffer(
  { db, offerValidDays }: Pick<AppraisalDeps, 'db' | 'offerValidDays'>,
  actor: Viewer,
  id: number,
  request: TradeInOfferRequest,
  now = new Date(),
): Promise<TradeInOffer> {
  return db.transaction().execute(async (trx) => {
    const row = await lockTradeIn(trx, id);
    if (!row) throw notFound(NOT_FOUND);
    refuseUnlessOpen(statusAt(row, await listTradeInOffers(trx, id), now), 'offers are sent');
    const validDays = request.validDays ?? offerValidDays;
    const offer = await insertTradeInOffer(
      trx,
      {
        tradeInId: id,
        amountCents: request.amountCents,
        conditions: request.conditions,
        validUntil: new Date(now.getTime() + validDays * DAY_MS),
        sentBy: actor.userId,
      },
      now,
    );
    await recordStaffAnswer(trx, id, now, 'offered');
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'trade_in.offer_sent',
      entity: ENTITY,
      entityId: id,
      details: { offerId: offer.id, amountCents: offer.amount_cents, validDays },
    });
    await enqueueOutboxEvent(trx, 'trade_in.offer_sent', { tradeInId: id, userId: row.user_id, offerId: offer.id });
    return toTradeInOffer(offer, now);
  });
}

/** POST /api/trade-ins/{id}/questions: the status stays; the thread now waits for the shopper, who is told. */
export async function askTradeInQuestion(
  db: Db,
  actor: Viewer,
  id: number,
  request: TradeInMessageRequest,
  now = new Date(),
): Promise<TradeInMessage> {
  return db.transaction().execute(async (trx) => {
    const row = await lockTradeIn(trx, id);
    if (!row) throw notFound(NOT_FOUND);
    refuseUnlessOpen(statusAt(row, await listTradeInOffers(trx, id), now), 'questions are asked');
    const message = await insertStaffQuestion(trx, id, actor.userId, request.text, now);
    await recordStaffAnswer(trx, id, now);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'trade_in.question_asked',
      entity: ENTITY,
      entityId: id,
      details: { messageId: message.id },
    });
    await enqueueOutboxEvent(trx, 'trade_in.question_asked', { tradeInId: id, userId: row.user_id, messageId: message.id });
    return toTradeInMessage(message);
  });
}

/**
 * POST /api/trade-ins/{id}/to-inventory: an accepted trade becomes a used draft car, once. The
 * inventory needs a price and a stock number the trade has not: the price starts at the accepted
 * offer in whole dollars (what the dealer pays; staff set the asking price) and the stock number is
 * the inventory's next. A make or model neither typed nor read from the VIN is left blank for staff
 * to fill, which the car form asks before any other change is saved.
 */
export async function putTradeInIntoStock(db: Db, actor: Viewer, id: number, now = new Date()): Promise<TradeInToInventory> {
  return db.transaction().execute(async (trx) => {
    const row = await submittedOrThrow(trx, id, true);
    if (row.status !== 'accepted') throw new HttpError('conflict', `This trade-in is ${row.status}: only an accepted one goes into stock.`);
    if (row.car_uuid !== null) throw new HttpError('conflict', 'This trade-in is in stock already.');
    const accepted = (await listTradeInOffers(trx, id)).find((offer) => offer.status === 'accepted');
    const decoded = row.vin === null ? null : decodeVin(row.vin, now);
    const year = row.year ?? decoded?.year;
    if (!accepted || year === undefined)
      throw new HttpError('conflict', 'This trade-in has no accepted offer or no model year to stock it with.');
    const photos = await listTradeInPhotos(trx, id);
    const made = await createDraftCarWithPhotos(
      trx,
      {
        vin: row.vin,
        year,
        brand: row.make ?? decoded?.make ?? '',
        model: row.model ?? '',
        trim: row.trim,
        mileage: row.mileage ?? 0,
        price: Math.ceil(accepted.amount_cents / 100),
      },
      photos,
      actor.userId,
      { tradeInId: id },
    );
    await setTradeInCar(trx, id, made.carUuid, now);
    await recordAudit(trx, {
      actorUserId: actor.userId,
      action: 'trade_in.put_into_stock',
      entity: ENTITY,
      entityId: id,
      details: { carUuid: made.carUuid, photoCount: made.photoCount },
    });
    return made;
  });
}

/**
 * What the shopper is told of an offer or a question (the bot's and the email's message); null when
 * the trade-in, the offer or question, or the shopper is gone by the time it is delivered.
 */
export async function tradeInNotice(
  db: Db,
  event: Extract<OutboxEvent, { kind: 'trade_in.offer_sent' | 'trade_in.question_asked' }>,
): Promise<TradeInNotice | null> {
  const [row, user] = await Promise.all([findTradeIn(db, event.payload.tradeInId), findUserById(db, event.payload.userId)]);
  if (!row || !user) return null;
  const base = { tradeInId: row.id, title: tradeInTitle(row), language: user.language, telegramId: user.telegram_id, email: user.email };
  if (event.kind === 'trade_in.offer_sent') {
    const offer = await findTradeInOffer(db, event.payload.offerId);
    if (!offer || offer.trade_in_id !== row.id) return null;
    return {
      ...base,
      kind: 'offer',
      amountCents: offer.amount_cents,
      validUntil: offer.valid_until.toISOString(),
      conditions: offer.conditions,
    };
  }
  const message = await findTradeInMessage(db, event.payload.messageId);
  if (!message || message.trade_in_id !== row.id) return null;
  return { ...base, kind: 'question', text: message.text };
}
