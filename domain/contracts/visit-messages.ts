import type { Language } from '../enums.ts';
import type { VisitMessageKind } from '../visits/visit-rules.ts';
import type { VisitType } from '../visits/visit.schema.ts';
import type { OutboxEvent } from './outbox.ts';

/**
 * What a visit sends (docs/product/visits.md#messages-and-reminders): each message is written once by
 * the server, in the shopper's language, and sent as an email or in Telegram, whichever the shopper
 * booked from; the bot and the mail consumer only lay it out.
 */

/** The outbox events a visit's messages are made from. */
export type VisitEvent = Extract<OutboxEvent, { kind: 'visit.booked' | 'visit.reminder' | 'visit.changed' | 'visit.car_gone' }>;

/** Where a shopper hears of their visit. */
export type VisitChannel = 'email' | 'telegram';

export type VisitRecipient = { channel: 'email'; email: string } | { channel: 'telegram'; telegramId: number };

/** The visit's calendar file: a request (new or moved) or a cancellation of the same event. */
export interface VisitCalendarFile {
  filename: string;
  content: string;
  method: 'REQUEST' | 'CANCEL';
  /** One line on what the file does, for the email's body or the document's caption. */
  caption: string;
}

/** One message about a visit, translated. */
export interface VisitMessage {
  visitId: number;
  kind: VisitMessageKind;
  language: Language;
  /** The email's subject; the first line of the Telegram message. */
  subject: string;
  /** "Hello Mary," for an email. */
  greeting: string;
  paragraphs: readonly string[];
  /** Where the shopper acts on it: the signed link to move or cancel (or keep the visit for another car), or the car's page to book again. */
  link: { intro: string; label: string; path: string; url: string };
  calendar: VisitCalendarFile | null;
}

/** What staff are told of a shopper's own move or cancellation (English, the staff chat's language). */
export interface VisitStaffNote {
  visitId: number;
  type: VisitType;
  change: 'moved' | 'cancelled';
  name: string;
  car: string;
  /** The new start of a moved visit, the old one of a cancelled visit. */
  startsAt: string;
}
