import type { Language } from '../enums.ts';

/** Photos staff send the bot from a phone (docs/product/inventory.md#photos-from-your-phone). */

/** A car as the bot names it to staff. */
export interface StockCar {
  uuid: string;
  /** "2021 Honda Civic EX". */
  title: string;
  stockNumber: string;
  photoCount: number;
}

/** Why photos were not added; nothing of the message or album is added then (decision 018: all or none). */
export type StockPhotoRefusal =
  | { reason: 'too_many'; has: number; adding: number; max: number }
  | { reason: 'wrong_type' | 'too_large' | 'too_many_pixels' | 'unreadable'; photo: number }
  | { reason: 'busy' };

export type StockPhotosOutcome =
  { outcome: 'added'; added: number; car: StockCar } | { outcome: 'refused'; refusal: StockPhotoRefusal } | { outcome: 'no_such_car' };

/** One photo of an admin's album, kept until the album is complete. */
export interface StockPhotoPart {
  chatId: number;
  messageId: number;
  mediaGroupId: string;
  /** The forum topic it was sent in; null in a private chat or the General topic. */
  messageThreadId: number | null;
  /** The admin who sent it: the actor of the addition. */
  senderUserId: number;
  /** The language of the answer. */
  language: Language;
  fileId: string;
  fileSize: number | null;
  /** A document's declared type; null for a photo (Telegram's own JPEG). */
  mimeType: string | null;
  caption: string | null;
}
