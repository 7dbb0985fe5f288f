import type { Api } from 'grammy';
import type { Message } from 'grammy/types';
import type { StockPhotoRefusal } from '../../domain/contracts/stock-photos.ts';
import { downloadTelegramFile, TELEGRAM_FILE_MAX_BYTES, TelegramFileTooLarge } from './telegram-files.ts';
import type { Translate } from './texts.ts';

/**
 * What staff's car photos and a shopper's trade-in photos sent to the bot share: which file of a
 * message is the photo, the types taken, the lazy downloads and the refusals' words.
 */

/** The types the photo pipelines take (decision 018); a phone sends its untouched original as a document of one of these. */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** One photo to add: Telegram's largest size of a photo, or an image document. */
export interface PhotoFile {
  fileId: string;
  fileSize: number | null;
  /** A document's declared type; null for a photo, which Telegram always sends as a JPEG. */
  mimeType: string | null;
}

export function photoFileOf(message: Message): PhotoFile | undefined {
  const largest = message.photo?.at(-1);
  if (largest) return { fileId: largest.file_id, fileSize: largest.file_size ?? null, mimeType: null };
  const document = message.document;
  return document && { fileId: document.file_id, fileSize: document.file_size ?? null, mimeType: document.mime_type ?? '' };
}

/** A photo or a document that says it is an image: what a shopper may mean as a photo of their car. */
export const isImage = (file: PhotoFile) => file.mimeType === null || file.mimeType.startsWith('image/');

/** The first file (counted from 1) that is refused for what it declares, before anything is downloaded. */
export function declaredRefusal(files: readonly PhotoFile[]): { reason: 'wrong_type' | 'too_large'; photo: number } | undefined {
  const wrongType = files.findIndex((file) => file.mimeType !== null && !PHOTO_TYPES.has(file.mimeType));
  if (wrongType >= 0) return { reason: 'wrong_type', photo: wrongType + 1 };
  const tooLarge = files.findIndex((file) => (file.fileSize ?? 0) > TELEGRAM_FILE_MAX_BYTES);
  return tooLarge >= 0 ? { reason: 'too_large', photo: tooLarge + 1 } : undefined;
}

/** A photo refused for what it is before or while it downloads; nothing of its message or album is added. */
export class PhotoNotTaken extends Error {
  constructor(readonly refusal: { reason: 'wrong_type' | 'too_large'; photo: number }) {
    super(`photo ${refusal.photo} was not taken: ${refusal.reason}`);
    this.name = 'PhotoNotTaken';
  }
}

/**
 * Loaders of the files' bytes from Telegram, each called by a service when the photo before it is
 * stored. One that declares a type not taken or a size over Telegram's limit, or turns out larger
 * as it arrives, throws PhotoNotTaken naming it, and is never downloaded.
 */
export function photoLoaders(api: Api, bot: { apiRoot: string; token: string }, files: readonly PhotoFile[]): Array<() => Promise<Buffer>> {
  return files.map((file, index) => async () => {
    const declared = declaredRefusal([file]);
    if (declared) throw new PhotoNotTaken({ ...declared, photo: index + 1 });
    try {
      return await downloadTelegramFile(api, bot, file.fileId);
    } catch (error) {
      if (error instanceof TelegramFileTooLarge) throw new PhotoNotTaken({ reason: 'too_large', photo: index + 1 });
      throw error;
    }
  });
}

/** Why a photo was not added, in the sender's words; too many photos is said of the car or the trade-in by its caller. */
export function photoRefusalText(t: Translate, refusal: Exclude<StockPhotoRefusal, { reason: 'too_many' }>): string {
  switch (refusal.reason) {
    case 'wrong_type':
      return t(
        'Nothing was added: photo {photo} is not a JPEG, PNG or WebP photo. Send it as a photo rather than a file, or set an iPhone to take JPEG (Settings › Camera › Formats › Most Compatible).',
        { photo: refusal.photo },
      );
    case 'too_large':
      return t('Nothing was added: photo {photo} is larger than 20 MB. Send it as a photo rather than a file.', { photo: refusal.photo });
    case 'too_many_pixels':
      return t('Nothing was added: photo {photo} has more than 50 megapixels. Send it as a photo rather than a file.', {
        photo: refusal.photo,
      });
    case 'unreadable':
      return t('Nothing was added: photo {photo} cannot be read. It may be damaged; send it again.', { photo: refusal.photo });
    case 'busy':
      return t('Nothing was added: many photos are being processed right now. Send them again in a minute.');
  }
}
