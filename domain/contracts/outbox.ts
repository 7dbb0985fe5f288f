import type { ApplicationStatus, CarListingState } from '../enums.ts';
import type { VisitReminder } from '../visits/visit-rules.ts';
import type { VisitActor } from '../visits/visit.schema.ts';

/**
 * What each outbox event carries: ids and statuses, never personal data (migration 0005). A
 * consumer looks up what it needs when it delivers.
 */
export interface OutboxPayloads {
  'application.submitted': { applicationId: number; userId: number };
  'application.status_changed': { applicationId: number; userId: number; from: ApplicationStatus; to: ApplicationStatus };
  /** A rejection recorded an adverse-action notice (Regulation B): it is delivered to the applicant. */
  'application.adverse_action': { applicationId: number; userId: number; noticeId: number };
  /** The desk sent the applicant an offer on their deal (docs/product/deals.md#offers): they are told. */
  'application.offer_sent': { applicationId: number; userId: number; offerId: number };
  /** The applicant accepted an offer: the lender receives it as the application's deal. */
  'application.offer_accepted': { applicationId: number; userId: number; offerId: number };
  /** A stock-file import created a car whose row named photo URLs: they are fetched in the background, added as this admin. */
  'inventory.photo_urls': { carUuid: string; urls: string[]; actorUserId: number | null };
  /** A car shoppers can see got cheaper: its fans may hear of it (docs/decisions/019-telegram-alerts.md). */
  'car.price_dropped': { carUuid: string; oldPrice: number; newPrice: number };
  /** A car's listing state changed between public states (sold, pending, available again). */
  'car.listing_changed': { carUuid: string; from: CarListingState; to: CarListingState };
  /** A car became available to shoppers (created available, or out of draft): saved searches may match it. */
  'car.published': { carUuid: string };
  /** Staff sent a shopper an offer for their trade-in (docs/product/trade-ins.md#offers): they are told. */
  'trade_in.offer_sent': { tradeInId: number; userId: number; offerId: number };
  /** Staff asked a shopper a question about their trade-in: they are told, and answer in the app. */
  'trade_in.question_asked': { tradeInId: number; userId: number; messageId: number };
  /** A visit was booked (docs/product/visits.md#messages-and-reminders): the shopper gets its confirmation with a calendar file, the CRM a lead. */
  'visit.booked': { visitId: number; startsAt: string };
  /** A reminder, written due at its time in the booking's transaction; sent only if the visit is still booked for `startsAt`. */
  'visit.reminder': { visitId: number; reminder: VisitReminder; startsAt: string };
  /** A visit was moved (to `startsAt`) or cancelled: the other side hears of it. */
  'visit.changed': { visitId: number; change: 'moved' | 'cancelled'; by: VisitActor; startsAt: string };
  /** The visit's car was sold or taken off sale before it: the shopper hears at once, with similar cars. */
  'visit.car_gone': { visitId: number; carUuid: string; startsAt: string };
}

export type OutboxKind = keyof OutboxPayloads;

/** One event as a consumer receives it; `attempts` counts this attempt at delivering it to that consumer. */
export type OutboxEvent = {
  [K in OutboxKind]: { id: number; kind: K; payload: OutboxPayloads[K]; attempts: number };
}[OutboxKind];

/**
 * A destination of outbox events (the bot's notifications; later a lender, a CRM). The server's
 * outbox worker delivers each event of the kinds it takes to it at least once, retrying with
 * backoff independently of every other consumer (docs/decisions/017-outbox-consumers.md).
 */
export interface OutboxConsumer {
  /** Stable: deliveries are stored under it. */
  readonly name: string;
  readonly kinds: readonly OutboxKind[];
  /**
   * Resolves once delivered; throws to be tried again later. The worker's `stopping` aborts when the
   * server shuts down: a consumer that may wait long (a lender's timeout) gives up then, to be tried again.
   */
  deliver(event: OutboxEvent, stopping?: AbortSignal): Promise<void>;
  /**
   * At most this many of its deliveries at once, whatever OUTBOX_CONCURRENCY says: 1 for a consumer
   * whose events must be handled one after another, in the order they were written.
   */
  readonly concurrency?: number;
  /** A refusal that no retry will change (the recipient blocked the bot): given up at once. */
  isPermanent(error: unknown): boolean;
  /** One line for the log and the delivery row, never personal data. */
  describeError(error: unknown): string;
  /**
   * The wait before the next attempt after `attempts` failed ones, or null to give up; without it
   * the worker's default (1 s doubling to 10 minutes, then given up) applies.
   */
  retryDelayMs?(attempts: number): number | null;
  /**
   * A wait the destination itself asked for (a 429's Retry-After), used instead of the schedule's
   * while the schedule has not given up.
   */
  retryAfterMs?(error: unknown): number | undefined;
}
