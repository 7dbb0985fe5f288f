import type { ReceiptFacts } from '../../domain/application-receipt.ts';
import type { AlertTarget, PendingAlert } from '../../domain/contracts/alerts.ts';
import type { AlbumPart, ChatThread, MessageRef } from '../../domain/contracts/chat.ts';
import type { OutboxEvent } from '../../domain/contracts/outbox.ts';
import type { StockCar, StockPhotoPart, StockPhotosOutcome } from '../../domain/contracts/stock-photos.ts';
import type { TradeInChatOpened, TradeInChatPhotosOutcome, TradeInNotice } from '../../domain/contracts/trade-ins.ts';
import type { VisitEvent, VisitMessage, VisitStaffNote } from '../../domain/contracts/visit-messages.ts';
import type { ApplicationStatus, Language } from '../../domain/enums.ts';

/*
 * What the bot asks of the rest of the system (docs/decisions/006-boundaries-checked-by-lint.md):
 * the composition root builds these from the server's services, and tests may build them the same
 * way. The bot keeps only Telegram I/O; every stored rule sits behind one of these.
 */

/** What the bot reads of a user: enough to name them, write to them and tell staff from applicants. */
export interface BotUser {
  id: number;
  telegram_id: number | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  language: Language;
  is_admin: boolean;
}

/** Whoever wrote to the bot, as Telegram describes them (the users service checks every field). */
export interface TelegramSender {
  id: number;
}

export interface UsersPort {
  findById(userId: number): Promise<BotUser | undefined>;
  findByTelegramId(telegramId: number): Promise<BotUser | undefined>;
  /** The sender's user, created from their Telegram profile the first time; an existing one is left as it is. */
  rememberTelegramUser(from: TelegramSender): Promise<BotUser>;
}

export interface SignInLinksPort {
  /** How long a link works, for the message that carries it. */
  readonly ttlMinutes: number;
  /** A one-time dashboard sign-in link for this staff member. */
  issue(userId: number): Promise<string>;
}

/** What the applicant's card shows of their application, and what their receipt says of it. */
export interface ApplicantCardPort {
  applicationOf(userId: number): Promise<{ id: number; status: ApplicationStatus } | undefined>;
  /** The application's submission time and chosen car; undefined once it is gone. */
  receiptOf(applicationId: number): Promise<Pick<ReceiptFacts, 'submittedAt' | 'car'> | undefined>;
}

/** The chat's stored side: topics, relayed message pairs and album parts (the server's chat service). */
export interface ChatPort {
  /** The applicant's topic in this staff group, if one is recorded. */
  threadOf(userId: number, staffChatId: number): Promise<ChatThread | undefined>;
  threadByTopic(staffChatId: number, messageThreadId: number): Promise<ChatThread | undefined>;
  /**
   * Records a topic the bot just created and answers the topic that holds, with `won` false when
   * another instance recorded one first (the caller then removes its own).
   */
  claimTopic(userId: number, staffChatId: number, messageThreadId: number): Promise<{ thread: ChatThread; won: boolean }>;
  /** Forgets a topic staff deleted, so the next message opens a new one. */
  forgetTopic(staffChatId: number, messageThreadId: number): Promise<void>;
  /** Marks whether the applicant blocked the bot; answers whether this changed anything. */
  setBlocked(userId: number, blocked: boolean): Promise<boolean>;
  /** Whether nothing of this applicant has been relayed yet (the first message is acknowledged). */
  isFirstMessage(userId: number): Promise<boolean>;
  /** Pairs each original with its copy; `from` says which side wrote the originals. */
  recordRelayed(relay: {
    userId: number;
    userChatId: number;
    staffChatId: number;
    from: 'user' | 'staff';
    originals: number[];
    copies: number[];
  }): Promise<void>;
  /** The staff group's copy of a message in the applicant's chat. */
  staffSideOf(userChatId: number, userMessageId: number): Promise<MessageRef | undefined>;
  /** The applicant's copy of a message in the staff group. */
  userSideOf(staffChatId: number, staffMessageId: number): Promise<MessageRef | undefined>;
  addAlbumPart(part: AlbumPart): Promise<void>;
  /** Takes every part of an album received so far, in message order; whoever takes them sends them. */
  takeAlbum(chatId: number, mediaGroupId: string): Promise<AlbumPart[]>;
  /** Puts parts back after a failed send, for the next sweep. */
  returnAlbum(parts: readonly AlbumPart[]): Promise<void>;
  /** Albums left behind by a process that stopped before sending them. */
  staleAlbums(): Promise<Array<{ chatId: number; mediaGroupId: string }>>;
}

/** Car photos staff send from a phone (the server's inventory: stock-photos.service.ts). */
export interface StockPhotosPort {
  /** The car this stock number or VIN names, with its photo count. */
  findCar(stockOrVin: string): Promise<StockCar | undefined>;
  /**
   * Adds the photos to the car in the order given, through the car-photo pipeline, audited with the
   * admin as actor: all or none. Each loader is called when the photo before it is stored; its own
   * error (a failed download) is thrown as it is.
   */
  addPhotos(car: StockCar, photos: ReadonlyArray<() => Promise<Buffer>>, actorUserId: number): Promise<StockPhotosOutcome>;
}

/**
 * The photos of an album someone sends the bot, kept until the album is complete (migration 0022):
 * staff's car photos and a shopper's trade-in photos alike (bot/src/photo-albums.ts). The server's
 * stock-photos service keeps them.
 */
export interface PhotoAlbumsPort {
  addAlbumPart(part: StockPhotoPart): Promise<void>;
  /** Every part of the album in message order, once none has arrived for `quietMs`; whoever takes them adds them. */
  takeAlbum(chatId: number, mediaGroupId: string, quietMs: number): Promise<StockPhotoPart[]>;
  /** Albums left behind by a process that stopped before adding them. */
  staleAlbums(): Promise<Array<{ chatId: number; mediaGroupId: string }>>;
}

/** The trade-in events the shopper is told of (docs/product/bot.md#trade-ins). */
export type TradeInEvent = Extract<OutboxEvent, { kind: 'trade_in.offer_sent' | 'trade_in.question_asked' }>;

/** A shopper's trade-in as the bot meets it (the server's trade-ins services; docs/product/trade-ins.md). */
export interface TradeInsPort {
  /** "Send photos in the chat" (`/start tradein`): the shopper's current trade-in takes the photos they send for a while. */
  openChatPhotos(telegramUserId: number): Promise<TradeInChatOpened>;
  /**
   * Photos the shopper sent in the chat, in the order sent: added to the trade-in collecting them, all
   * or none, or `not_collecting` (nothing is loaded then). Each loader is called when the photo before
   * it is stored; its own error (a failed download, a file too large) is thrown as it is.
   */
  addChatPhotos(telegramUserId: number, photos: ReadonlyArray<() => Promise<Buffer>>): Promise<TradeInChatPhotosOutcome>;
  /** What the shopper is told of an offer or a question; null when there is nothing to tell (gone since). */
  tradeInNotice(event: TradeInEvent): Promise<TradeInNotice | null>;
}

/** A rejection's adverse-action notice (docs/product/notices.md#adverse-action-notices), for the bot to hand a Telegram applicant. */
export interface NoticesPort {
  /** The notice as a PDF in the applicant's language, and the file name it is sent under. */
  noticePdf(noticeId: number): Promise<{ filename: string; bytes: Uint8Array }>;
  /** Records that the applicant received it through the bot (the Regulation B record of delivery). */
  markDelivered(noticeId: number): Promise<void>;
}

/** The car events alerts are made from (docs/decisions/019-telegram-alerts.md). */
export type CarEvent = Extract<OutboxEvent, { kind: 'car.price_dropped' | 'car.listing_changed' | 'car.published' }>;

/** Shoppers' alerts (the server's alerts service): who is owed which message, and what became of it. */
export interface AlertsPort {
  /** Writes the messages an event owes (nothing new when it is delivered again) and answers those not sent yet. */
  prepare(event: CarEvent): Promise<PendingAlert[]>;
  markSent(alertId: number): Promise<void>;
  /** Telegram refused this one for good: it is never tried again. */
  drop(alertId: number, reason: string): Promise<void>;
  /** The shopper blocked the bot: this alert and all later ones are dropped until their next /start. */
  markBlocked(userId: number, alertId: number): Promise<void>;
  /** The shopper started the bot (again): alerts may reach them. */
  clearBlocked(userId: number): Promise<void>;
  /** A verified unsubscribe button; answers whether anything was still on. */
  unsubscribe(telegramId: number, target: AlertTarget): Promise<boolean>;
}

/** A visit's change, which staff hear of when the shopper made it. */
export type VisitChangedEvent = Extract<VisitEvent, { kind: 'visit.changed' }>;

/** A shopper's test drives and holds (the server's visit messages, docs/product/visits.md#messages-and-reminders). */
export interface VisitsPort {
  /**
   * Calls `send` with the message the event owes a shopper who booked in Telegram, at most once for
   * all instances and deliveries; nothing when there is none. A throw from `send` releases the
   * message for the outbox's retry.
   */
  sendOnce(event: VisitEvent, send: (message: VisitMessage, telegramId: number) => Promise<void>): Promise<void>;
  /** What staff are told of a shopper's own move or cancellation; null for staff's own changes. */
  staffNote(event: VisitChangedEvent): Promise<VisitStaffNote | null>;
}

/** The app's message catalogues (message ids are the English texts). */
export interface Translations {
  translate(lang: Language, id: string, values?: Record<string, unknown>): string;
}
