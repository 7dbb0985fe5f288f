import { createHash } from 'node:crypto';
import type { LicenceSide, UploadedDocument } from '../../../domain/contracts/documents.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import type { ImageDecoder } from '../media/image-decoder.service.ts';
import { ImageRejected, processImage, type ImageVariant } from '../media/image-pipeline.service.ts';
import { lockClientAddress } from '../db/advisory-locks.ts';
import { refuseWhenFull, type AddressCap } from '../security/address-caps.ts';
import { sealDocumentContent, sealPrintContent } from './application-records.service.ts';
import {
  countUnattachedDocuments,
  countUnattachedFromAddress,
  insertDocument,
  lockOwner,
  purgeUnattachedDocuments,
} from './documents.repository.ts';

/** The longest edge of a stored photo, in pixels: plenty to read a licence, far less than a phone takes. */
const MAX_EDGE = 2400;
/**
 * The longest edge of the copy the PDF prints, which fits a photo within the page's width and 4
 * inches of height (pdf/print-theme.service.ts): 300 dpi for an upright photo, 190 for a landscape
 * one 6.3 inches wide, still about 300 pixels per inch of a licence card filling the frame
 * (docs/decisions/007-licence-uploads.md).
 */
const PRINT_EDGE = 1200;
/** How many documents one person may hold that no application uses yet. */
export const MAX_UNATTACHED_DOCUMENTS = 10;
/** Unattached documents older than this are deleted (on every upload, see uploadLicencePhoto). */
export const UNATTACHED_DOCUMENT_DAYS = 7;

export const WRONG_TYPE_MESSAGE = "Upload a photo (JPEG, PNG or WebP) of your driver's licence.";

/** The sizes a licence photo is kept in: the photo every reader opens, and the copy the PDF prints. */
const LICENCE_SIZE = { name: 'licence', maxEdge: MAX_EDGE };
const PRINT_SIZE = { name: 'print', maxEdge: PRINT_EDGE };

type CleanImage = Omit<ImageVariant, 'name' | 'format'> & {
  /** The print-size copy, made from the same decode. */
  print: Buffer;
};

const tooMany = () =>
  new HttpError(
    'rate_limited',
    `You already have ${MAX_UNATTACHED_DOCUMENTS} licence photos waiting for an application. Submit your application, or try again later.`,
  );

const tooManyFromAddress = (cap: AddressCap) => (wait: string) =>
  `Too many licence photos have been uploaded from your network today (${cap.max}) that no application uses yet. ` +
  `Submit your application with the photos you already uploaded, try again in ${wait}, or open the application in Telegram.`;

const refuseWhenAddressFull = async (db: Db, cap: AddressCap) =>
  refuseWhenFull(await countUnattachedFromAddress(db, cap.addressKey, cap.windowSeconds), cap, tooManyFromAddress(cap));

/**
 * Refuses early, before any decoding, when the owner (if known yet) already holds the maximum or a
 * guest's client address has used its cap (`addressCap`, LICENCE_PHOTO_MAX_PER_ADDRESS a day); the
 * counts that count are those in storeLicencePhoto's transaction.
 */
export async function checkRoomForUpload(db: Db, ownerUserId: number | undefined, addressCap?: AddressCap): Promise<void> {
  await purgeUnattachedDocuments(db, UNATTACHED_DOCUMENT_DAYS);
  if (ownerUserId !== undefined && (await countUnattachedDocuments(db, ownerUserId)) >= MAX_UNATTACHED_DOCUMENTS) throw tooMany();
  if (addressCap) await refuseWhenAddressFull(db, addressCap);
}

/**
 * Makes the stored photo and its print-size copy through the media pipeline, from one decode: 415
 * when the bytes are not a JPEG, PNG or WebP, 413 when they have too many pixels, 503 busy when the
 * decoder has no slot in time, 400 when they do not decode.
 */
export async function cleanLicencePhoto(images: ImageDecoder, bytes: Buffer): Promise<CleanImage> {
  try {
    const [stored, print] = await processImage(images, bytes, [LICENCE_SIZE, PRINT_SIZE]);
    return { bytes: stored!.bytes, width: stored!.width, height: stored!.height, print: print!.bytes };
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    if (error.reason === 'unsupported_type') throw new HttpError('unsupported_media_type', WRONG_TYPE_MESSAGE);
    throw new HttpError(
      'bad_request',
      `This file starts like a ${String(error.type).toUpperCase()} image but cannot be read as one. It may be damaged or cut short; take the photo again.`,
    );
  }
}

/**
 * Stores a cleaned photo and its print-size copy encrypted, owned by the uploader and attached to no application yet.
 * Purges unattached documents older than UNATTACHED_DOCUMENT_DAYS first (every upload does; no
 * timer is needed for the limit to be right), then counts the owner's with their user row locked,
 * and a guest's client address's (`addressCap`) under that address's lock.
 */
export async function storeLicencePhoto(
  db: Db,
  pii: PiiCipher,
  ownerUserId: number,
  side: LicenceSide,
  image: CleanImage,
  addressCap?: AddressCap,
): Promise<UploadedDocument> {
  await purgeUnattachedDocuments(db, UNATTACHED_DOCUMENT_DAYS);
  const contentEncrypted = sealDocumentContent(pii, image.bytes);
  const printContentEncrypted = sealPrintContent(pii, image.print);
  const sha256 = createHash('sha256').update(image.bytes).digest('hex');
  const id = await db.transaction().execute(async (trx) => {
    // Always the address before the owner, so two uploads never wait for each other's lock.
    if (addressCap) await lockClientAddress(trx, addressCap.addressKey);
    await lockOwner(trx, ownerUserId);
    if ((await countUnattachedDocuments(trx, ownerUserId)) >= MAX_UNATTACHED_DOCUMENTS) throw tooMany();
    if (addressCap) await refuseWhenAddressFull(trx, addressCap);
    const addressKey = addressCap?.addressKey ?? null;
    return insertDocument(trx, {
      ownerUserId,
      side,
      mime: 'image/jpeg',
      size: image.bytes.length,
      width: image.width,
      height: image.height,
      sha256,
      contentEncrypted,
      printContentEncrypted,
      keyId: pii.keyId,
      addressKey,
    });
  });
  return { id, side, mime: 'image/jpeg', size: image.bytes.length, width: image.width, height: image.height };
}
