import * as v from 'valibot';
import type { Language } from '../enums.ts';
import type { StockPhotoRefusal } from './stock-photos.ts';
import { LISTING_STATES } from '../inventory.schema.ts';
import { TRADE_IN_ANGLES, TRADE_IN_STATUSES, tradeInDraftSchema, type TradeInAngle } from '../trade-ins/trade-in.schema.ts';
import { pagedSchema } from './paged.ts';

/**
 * The trade-ins API's answers (docs/product/trade-ins.md#api): the shopper's own trade-in under
 * /api/trade-ins/mine, the staff queue and appraisal under /api/trade-ins.
 */

const integer = v.pipe(v.number(), v.integer());

/** A photo as its viewer may fetch it: `url` is a route of the API that checks who asks. */
export const tradeInPhotoSchema = v.strictObject({
  id: v.string(),
  angle: v.picklist(TRADE_IN_ANGLES),
  position: integer,
  width: integer,
  height: integer,
  url: v.string(),
});
export type TradeInPhoto = v.InferOutput<typeof tradeInPhotoSchema>;

/** open until valid_until; then accepted, declined, expired, or superseded by a newer offer. */
export const TRADE_IN_OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'superseded'] as const;
export type TradeInOfferStatus = (typeof TRADE_IN_OFFER_STATUSES)[number];

export const tradeInOfferSchema = v.strictObject({
  id: integer,
  amountCents: integer,
  conditions: v.nullable(v.string()),
  status: v.picklist(TRADE_IN_OFFER_STATUSES),
  sentAt: v.string(),
  validUntil: v.string(),
  respondedAt: v.nullable(v.string()),
});
export type TradeInOffer = v.InferOutput<typeof tradeInOfferSchema>;

/** The thread between staff and the shopper: staff ask, the shopper answers. */
export const tradeInMessageSchema = v.strictObject({
  id: integer,
  from: v.picklist(['staff', 'shopper']),
  text: v.string(),
  at: v.string(),
});
export type TradeInMessage = v.InferOutput<typeof tradeInMessageSchema>;

/** What the VIN says (domain/vin-decode.ts); null without a valid VIN. */
export const decodedVinSchema = v.nullable(v.strictObject({ year: integer, make: v.nullable(v.string()) }));

const problemSchema = v.strictObject({ field: v.string(), message: v.string() }) satisfies v.GenericSchema<
  unknown,
  { field: string; message: string }
>;

/**
 * GET /api/trade-ins/mine (and the answer of every shopper action): the shopper's current trade-in
 * with everything they said, payoff included (it is theirs), what is missing before it can be
 * submitted, the offers and the thread. `accepted` is the accepted offer's allowance with the
 * declared payoff, ready for the deal (docs/product/deals.md#the-trade-in).
 */
export const myTradeInSchema = v.strictObject({
  id: integer,
  status: v.picklist(TRADE_IN_STATUSES),
  draft: tradeInDraftSchema,
  decoded: decodedVinSchema,
  photos: v.array(tradeInPhotoSchema),
  missingAngles: v.array(v.picklist(TRADE_IN_ANGLES)),
  problems: v.array(problemSchema),
  offers: v.array(tradeInOfferSchema),
  messages: v.array(tradeInMessageSchema),
  /** The thread waits for the shopper's answer. */
  questionOpen: v.boolean(),
  accepted: v.nullable(v.strictObject({ offerId: integer, allowanceCents: integer, payoffCents: integer })),
  createdAt: v.string(),
  updatedAt: v.string(),
  submittedAt: v.nullable(v.string()),
});
export type MyTradeIn = v.InferOutput<typeof myTradeInSchema>;
/** GET /api/trade-ins/mine answers null (200) when the shopper has none. */
export const myTradeInLookupSchema = v.nullable(myTradeInSchema);

export type { TradeInAngle };

/** One row of the staff queue: the car and where it stands, nothing about its owner. */
export const staffTradeInItemSchema = v.strictObject({
  id: integer,
  status: v.picklist(TRADE_IN_STATUSES),
  /** "2015 Honda Civic EX", from what the shopper typed or the VIN. */
  title: v.string(),
  mileage: v.nullable(integer),
  photoCount: integer,
  coverUrl: v.nullable(v.string()),
  submittedAt: v.nullable(v.string()),
  firstResponseAt: v.nullable(v.string()),
  /** Who the thread waits for: staff (nothing answered yet, or the shopper answered), the shopper, or nobody. */
  waitingOn: v.nullable(v.picklist(['staff', 'shopper'])),
  latestOfferCents: v.nullable(integer),
});
export type StaffTradeInItem = v.InferOutput<typeof staffTradeInItemSchema>;
export const staffTradeInPageSchema = pagedSchema(staffTradeInItemSchema);

/** A car of the dealer's own like the trade (same make and model, ±2 model years): a reference for the offer. */
export const tradeInComparableSchema = v.strictObject({
  uuid: v.string(),
  title: v.string(),
  year: integer,
  mileage: integer,
  price: v.number(),
  listingState: v.picklist(LISTING_STATES),
  daysInStock: integer,
  sold: v.boolean(),
});
export type TradeInComparable = v.InferOutput<typeof tradeInComparableSchema>;

/**
 * GET /api/trade-ins/{id} (staff, with the passkey factor: it holds the payoff and the owner): the
 * whole trade-in, the comparables and the inventory car made from it, if any.
 */
export const staffTradeInSchema = v.strictObject({
  id: integer,
  status: v.picklist(TRADE_IN_STATUSES),
  title: v.string(),
  owner: v.strictObject({
    userId: integer,
    name: v.nullable(v.string()),
    telegramUsername: v.nullable(v.string()),
    email: v.nullable(v.string()),
  }),
  draft: tradeInDraftSchema,
  decoded: decodedVinSchema,
  photos: v.array(tradeInPhotoSchema),
  missingAngles: v.array(v.picklist(TRADE_IN_ANGLES)),
  offers: v.array(tradeInOfferSchema),
  messages: v.array(tradeInMessageSchema),
  waitingOn: v.nullable(v.picklist(['staff', 'shopper'])),
  comparables: v.array(tradeInComparableSchema),
  carUuid: v.nullable(v.string()),
  createdAt: v.string(),
  submittedAt: v.nullable(v.string()),
  firstResponseAt: v.nullable(v.string()),
});
export type StaffTradeIn = v.InferOutput<typeof staffTradeInSchema>;

/** POST /api/trade-ins/{id}/to-inventory: the draft car made from the trade. */
export const tradeInToInventorySchema = v.strictObject({ carUuid: v.string(), photoCount: integer });
export type TradeInToInventory = v.InferOutput<typeof tradeInToInventorySchema>;

/**
 * An accepted trade-in as the deal, the lender's hand-off and the ADF lead carry it
 * (docs/product/trade-ins.md#in-the-deal): the car, the offer as its appraisal, the declared payoff.
 */
export interface TradeInHandoff {
  tradeInId: number;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  mileage: number | null;
  /** The accepted offer: the deal's trade allowance. */
  offerCents: number;
  /** What is still owed (loan payoff or lease buyout); 0 when owned outright. */
  payoffCents: number;
}

/** The bot's "Send photos in the chat": the shopper's current trade-in now takes their photos for a while. */
export type TradeInChatOpened = { outcome: 'opened'; title: string; missingAngles: TradeInAngle[] } | { outcome: 'no_trade_in' };

/** Why photos sent in the chat were not added, as for staff's car photos: nothing of the album is added then. */
export type TradeInChatPhotoRefusal = StockPhotoRefusal;

/** Photos sent in the chat: added to the trade-in in the order sent, or refused, or not for a trade-in (the relay takes them). */
export type TradeInChatPhotosOutcome =
  | { outcome: 'added'; added: number; photoCount: number; title: string; missingAngles: TradeInAngle[] }
  | { outcome: 'refused'; refusal: TradeInChatPhotoRefusal }
  | { outcome: 'not_collecting' };

/** What the shopper is told when staff send an offer or ask a question, by Telegram or email. */
export type TradeInNotice = {
  tradeInId: number;
  title: string;
  language: Language;
  telegramId: number | null;
  email: string | null;
} & ({ kind: 'offer'; amountCents: number; validUntil: string; conditions: string | null } | { kind: 'question'; text: string });
