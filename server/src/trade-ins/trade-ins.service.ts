import type { MyTradeIn, TradeInHandoff } from '../../../domain/contracts/trade-ins.ts';
import { tradeInPayoffCents, tradeInProblems, type TradeInDraft, type TradeInStatus } from '../../../domain/trade-ins/trade-in.schema.ts';
import { missingTradeInAngles, tradeInStatusAt, tradeInWaitingOn } from '../../../domain/trade-ins/trade-in-rules.ts';
import { decodeVin } from '../../../domain/vin-decode.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import { openTradeInPayoff, sealTradeInPayoff } from './trade-in-payoff.ts';
import { toTradeInDraft, toTradeInMessage, toTradeInOffer, toTradeInPhoto } from './trade-in-views.ts';
import {
  answerTradeInOffer,
  findAcceptedTradeInRow,
  findMyTradeIn,
  insertShopperMessage,
  insertTradeIn,
  listTradeInMessages,
  listTradeInOffers,
  listTradeInPhotos,
  lockMyTradeIn,
  lockTradeInOffer,
  updateTradeIn,
  withdrawTradeIn,
  type TradeInColumns,
  type TradeInRow,
} from './trade-ins.repository.ts';

/**
 * The shopper's trade-in (docs/product/trade-ins.md): described as a draft, submitted for an
 * appraisal, answered when staff ask or offer. The payoff is sealed at rest (trade-in-payoff.ts).
 */

export interface TradeInDeps {
  db: Db;
  pii: PiiCipher;
}

/** The answers to change: any field, and any condition question, left out keeps what was saved. */
export type TradeInDraftPatch = Partial<Omit<TradeInDraft, 'condition'>> & { condition?: Partial<TradeInDraft['condition']> };

export const noTradeIn = () => new HttpError('not_found', 'You have no trade-in. Start one first.');
const notADraft = (status: TradeInStatus) =>
  new HttpError('conflict', `This trade-in was submitted already (it is ${status}), so its answers can no longer change.`);

/** The saved answers, the payoff opened. */
export const tradeInDraftOf = (pii: PiiCipher, row: TradeInRow): TradeInDraft =>
  toTradeInDraft(row, openTradeInPayoff(pii, row.payoff_encrypted));

/** The draft's answers as the columns keep them, the payoff sealed. */
const columnsOf = (pii: PiiCipher, draft: TradeInDraft): TradeInColumns => ({
  vin: draft.vin,
  year: draft.year,
  make: draft.make,
  model: draft.model,
  trim: draft.trim,
  mileage: draft.mileage,
  condition: JSON.stringify(draft.condition),
  ownership: draft.ownership,
  payoff_encrypted: sealTradeInPayoff(pii, { lender: draft.payoffLender, cents: draft.payoffCents }),
  notes: draft.notes,
});

/** A trade-in's status at `now` with its open offer's validity, and who its thread waits for. */
async function standing(db: Db, row: TradeInRow, now: Date) {
  const offers = await listTradeInOffers(db, row.id);
  const messages = await listTradeInMessages(db, row.id);
  const open = offers.find((offer) => offer.status === 'open');
  const status = tradeInStatusAt(row.status, open?.valid_until ?? null, now);
  const lastFrom = messages.at(-1)?.author ?? null;
  return { offers, messages, status, questionOpen: lastFrom === 'staff' && tradeInWaitingOn(status, lastFrom) === 'shopper' };
}

/** The shopper's view of their trade-in at `now` (MyTradeIn, domain/contracts/trade-ins.ts). */
export async function toMyTradeIn({ db, pii }: TradeInDeps, row: TradeInRow, now = new Date()): Promise<MyTradeIn> {
  const draft = tradeInDraftOf(pii, row);
  const photos = await listTradeInPhotos(db, row.id);
  const { offers, messages, status, questionOpen } = await standing(db, row, now);
  const acceptedOffer = status === 'accepted' ? offers.findLast((offer) => offer.status === 'accepted') : undefined;
  return {
    id: row.id,
    status,
    draft,
    decoded: draft.vin === null ? null : decodeVin(draft.vin, now),
    photos: photos.map((photo) => toTradeInPhoto(photo, 'mine')),
    missingAngles: missingTradeInAngles(photos.map((photo) => photo.angle)),
    problems: tradeInProblems(draft),
    offers: offers.map((offer) => toTradeInOffer(offer, now)),
    messages: messages.map(toTradeInMessage),
    questionOpen,
    accepted: acceptedOffer
      ? { offerId: acceptedOffer.id, allowanceCents: acceptedOffer.amount_cents, payoffCents: tradeInPayoffCents(draft) }
      : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    submittedAt: row.submitted_at?.toISOString() ?? null,
  };
}

/** GET /api/trade-ins/mine: the current trade-in, else the newest (withdrawn or declined); null when none. */
export async function loadMyTradeIn(deps: TradeInDeps, userId: number): Promise<MyTradeIn | null> {
  const row = await findMyTradeIn(deps.db, userId);
  return row ? toMyTradeIn(deps, row) : null;
}

/**
 * Changes the shopper's trade-in in one transaction with its row locked, and answers it as it is
 * then; 404 when they have none.
 */
export async function changeMyTradeIn(
  deps: TradeInDeps,
  userId: number,
  change: (trx: Db, row: TradeInRow, now: Date) => Promise<TradeInRow>,
): Promise<MyTradeIn> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockMyTradeIn(trx, userId);
    if (!row) throw noTradeIn();
    const now = new Date();
    return toMyTradeIn({ db: trx, pii: deps.pii }, await change(trx, row, now), now);
  });
}

/**
 * POST /api/trade-ins/mine: a new draft with the answers given, or the current trade-in as it is
 * when the shopper has one (`created` false).
 */
export async function startTradeIn(
  deps: TradeInDeps,
  userId: number,
  draft: TradeInDraft,
): Promise<{ created: boolean; tradeIn: MyTradeIn }> {
  const inserted = await insertTradeIn(deps.db, userId, columnsOf(deps.pii, draft));
  if (inserted) return { created: true, tradeIn: await toMyTradeIn(deps, inserted) };
  const current = await loadMyTradeIn(deps, userId);
  // Only the one-current index refuses an insert, so the current trade-in is there.
  if (!current) throw noTradeIn();
  return { created: false, tradeIn: current };
}

/** PATCH /api/trade-ins/mine: the answers given over the saved ones (condition question by question); 409 once submitted. */
export function saveTradeInDraft(deps: TradeInDeps, userId: number, patch: TradeInDraftPatch): Promise<MyTradeIn> {
  return changeMyTradeIn(deps, userId, async (trx, row) => {
    if (row.status !== 'draft') throw notADraft(row.status);
    const saved = tradeInDraftOf(deps.pii, row);
    const merged: TradeInDraft = { ...saved, ...patch, condition: { ...saved.condition, ...patch.condition } };
    return updateTradeIn(trx, row.id, columnsOf(deps.pii, merged));
  });
}

/** POST /api/trade-ins/mine/submit: to staff (new), or 400 naming each answer still missing; 409 once submitted. */
export function submitTradeIn(deps: TradeInDeps, userId: number): Promise<MyTradeIn> {
  return changeMyTradeIn(deps, userId, async (trx, row, now) => {
    if (row.status !== 'draft') throw notADraft(row.status);
    const problems = tradeInProblems(tradeInDraftOf(deps.pii, row));
    if (problems.length > 0) {
      throw new HttpError(
        'bad_request',
        `Answer what is still missing before sending the trade-in: ${problems.map((problem) => problem.field).join(', ')}.`,
        Object.fromEntries(problems.map((problem) => [problem.field, problem.message])),
      );
    }
    return updateTradeIn(trx, row.id, { status: 'new', submitted_at: now });
  });
}

/** Withdrawing ends everything but a trade already put into stock (or ended before). */
export function withdrawMyTradeIn(deps: TradeInDeps, userId: number): Promise<MyTradeIn> {
  return changeMyTradeIn(deps, userId, async (trx, row) => {
    if (row.status === 'withdrawn' || row.status === 'declined') throw new HttpError('conflict', `This trade-in is ${row.status} already.`);
    if (row.car_uuid !== null)
      throw new HttpError('conflict', 'This car is in the dealer’s stock already, so the trade-in can no longer be withdrawn.');
    return withdrawTradeIn(trx, row.id);
  });
}

/**
 * POST /api/trade-ins/mine/reappraisal: an offer that ran out unanswered (expired) goes back to staff
 * as new, queued as if just submitted; 409 in any other status.
 */
export function askForReappraisal(deps: TradeInDeps, userId: number): Promise<MyTradeIn> {
  return changeMyTradeIn(deps, userId, async (trx, row, now) => {
    const { status } = await standing(trx, row, now);
    if (status !== 'expired')
      throw new HttpError('conflict', `Only a trade-in whose offer expired can be appraised again; this one is ${status}.`);
    return updateTradeIn(trx, row.id, { status: 'new', submitted_at: now, first_response_at: null });
  });
}

/** POST /api/trade-ins/mine/messages: the shopper's answer to staff's question; 409 when no question waits. */
export function answerTradeInQuestion(deps: TradeInDeps, userId: number, text: string): Promise<MyTradeIn> {
  return changeMyTradeIn(deps, userId, async (trx, row, now) => {
    if (!(await standing(trx, row, now)).questionOpen)
      throw new HttpError('conflict', 'No question from the dealer is waiting for your answer on this trade-in.');
    await insertShopperMessage(trx, row.id, userId, text);
    return updateTradeIn(trx, row.id, {});
  });
}

export type TradeInOfferAnswer = 'accept' | 'decline';

/**
 * The shopper's answer to the offer: accepting takes the open offer before its validity ends (409
 * offer_expired after), declining ends the trade-in; 404 for an offer on no trade-in of theirs.
 */
export function answerMyTradeInOffer(deps: TradeInDeps, userId: number, offerId: number, answer: TradeInOfferAnswer): Promise<MyTradeIn> {
  return changeMyTradeIn(deps, userId, async (trx, row, now) => {
    const offer = await lockTradeInOffer(trx, row.id, offerId);
    if (!offer) throw new HttpError('not_found', 'Your trade-in has no offer with this id.');
    if (offer.status !== 'open') throw new HttpError('conflict', `This offer was ${offer.status} already.`);
    const lapsed = offer.valid_until.getTime() <= now.getTime() || row.status === 'expired';
    if (answer === 'accept' && lapsed) {
      throw new HttpError(
        'offer_expired',
        `This offer was valid until ${offer.valid_until.toISOString()} and has expired, so it can no longer be accepted. Ask for a new appraisal to get a fresh offer.`,
      );
    }
    if (row.status !== 'offered' && row.status !== 'expired')
      throw new HttpError('conflict', `This trade-in is ${row.status}, so the offer cannot be answered.`);
    await answerTradeInOffer(trx, offer.id, answer === 'accept' ? 'accepted' : 'declined');
    return updateTradeIn(trx, row.id, { status: answer === 'accept' ? 'accepted' : 'declined', chat_photos_until: null });
  });
}

/**
 * The shopper's trade-in whose offer they accepted, for the deal, the lender's hand-off and the ADF
 * lead (docs/product/trade-ins.md#in-the-deal); null when they have none.
 */
export async function findAcceptedTradeIn(db: Db, pii: PiiCipher, userId: number): Promise<TradeInHandoff | null> {
  const found = await findAcceptedTradeInRow(db, userId);
  if (!found) return null;
  const { tradeIn, offer } = found;
  const draft = tradeInDraftOf(pii, tradeIn);
  return {
    tradeInId: tradeIn.id,
    vin: draft.vin,
    year: draft.year,
    make: draft.make,
    model: draft.model,
    trim: draft.trim,
    mileage: draft.mileage,
    offerCents: offer.amount_cents,
    payoffCents: tradeInPayoffCents(draft),
  };
}
