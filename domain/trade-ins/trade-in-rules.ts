import { carTitle } from '../cars.ts';
import type { TradeInOfferStatus } from '../contracts/trade-ins.ts';
import { decodeVin } from '../vin-decode.ts';
import { REQUIRED_TRADE_IN_ANGLES, type TradeInAngle, type TradeInDraft, type TradeInStatus } from './trade-in.schema.ts';

/** The rules every view of a trade-in shares: the shopper's screen, the staff's, the bot's answers. */

/** The required angles no photo shows yet, in the order the describe screen asks them. */
export const missingTradeInAngles = (angles: readonly TradeInAngle[]): TradeInAngle[] =>
  REQUIRED_TRADE_IN_ANGLES.filter((angle) => !angles.includes(angle));

/**
 * The angles for photos that arrive without one (an album in the chat): each missing angle in
 * order, then `damage` for any beyond them.
 */
export function anglesForUnlabelledPhotos(existing: readonly TradeInAngle[], count: number): TradeInAngle[] {
  const missing = missingTradeInAngles(existing);
  return Array.from({ length: count }, (_, index) => missing[index] ?? 'damage');
}

/** "2015 Honda Civic EX": what the shopper typed, the VIN's year and make where they typed none. */
export function tradeInTitle(draft: Pick<TradeInDraft, 'vin' | 'year' | 'make' | 'model' | 'trim'>, now?: Date): string {
  const decoded = draft.vin === null ? null : decodeVin(draft.vin, now);
  const title = carTitle({ year: draft.year ?? decoded?.year, brand: draft.make ?? decoded?.make, model: draft.model, trim: draft.trim });
  return title === '' ? (draft.vin ?? '') : title;
}

/** An offer as its viewers see it: an open one past its validity has expired. */
export const tradeInOfferStatus = (
  stored: 'open' | 'accepted' | 'declined' | 'superseded',
  validUntil: Date,
  now: Date,
): TradeInOfferStatus => (stored === 'open' && validUntil.getTime() <= now.getTime() ? 'expired' : stored);

/**
 * A trade-in's status as its viewers see it: offered with the open offer lapsed reads expired, before
 * the hourly job writes it.
 */
export const tradeInStatusAt = (stored: TradeInStatus, openOfferValidUntil: Date | null, now: Date): TradeInStatus =>
  stored === 'offered' && openOfferValidUntil !== null && openOfferValidUntil.getTime() <= now.getTime() ? 'expired' : stored;

/**
 * Who the trade-in waits for: staff while it is new with nothing asked or the shopper has answered
 * the last question; the shopper while a question or an offer is theirs to answer; nobody once decided.
 */
export function tradeInWaitingOn(status: TradeInStatus, lastMessageFrom: 'staff' | 'shopper' | null): 'staff' | 'shopper' | null {
  if (status === 'new') return lastMessageFrom === 'staff' ? 'shopper' : 'staff';
  if (status === 'offered') return 'shopper';
  return null;
}

/** Where a viewer fetches a trade-in's photo: the shopper under /mine, staff by the trade-in's id. */
export const tradeInPhotoUrl = (viewer: 'mine' | { tradeInId: number }, photoId: string): string =>
  viewer === 'mine' ? `/api/trade-ins/mine/photos/${photoId}` : `/api/trade-ins/${viewer.tradeInId}/photos/${photoId}`;
