import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { LicenceSide, UploadedDocument } from '../../../domain/contracts/documents.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import type { ImageDecoder } from './image-decoding.ts';
import { lockClientAddress } from '../db/advisory-locks.ts';
import { refuseWhenFull, type AddressCap } from '../security/address-caps.ts';
import { countUnattachedDocuments, countUnattachedFromAddress, insertDocument, lockOwner, purgeUnattachedDocuments } from './documents.repository.ts';

/** The longest edge of a stored photo, in pixels: plenty to read a licence, far less than a phone takes. */
const MAX_EDGE = 2400;
/** How many documents one person may hold that no application uses yet. */
export const MAX_UNATTACHED_DOCUMENTS = 10;
/** Unattached documents older than this are deleted (on every upload, see uploadLicencePhoto). */
export const UNATTACHED_DOCUMENT_DAYS = 7;

/**
 * Bound into every stored document's ciphertext, so its bytes cannot be passed off as another
 * column's. Not the owner's id: a guest's documents change owner when the guest merges.
 */
export const DOCUMENT_CONTENT_CONTEXT = 'application_documents.content';

export const WRONG_TYPE_MESSAGE = "Upload a photo (JPEG, PNG or WebP) of your driver's licence.";

type ImageType = 'jpeg' | 'png' | 'webp';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) => prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image type from the file's first bytes; its name and declared type are never trusted. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

interface CleanImage {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes the photo and writes a new JPEG from its pixels: turned upright by its EXIF orientation,
 * at most MAX_EDGE pixels on the longest edge, transparency flattened onto white, and no metadata
 * at all (EXIF, GPS, XMP, ICC, comments are not copied; sharp keeps none unless asked). The decoder
 * refuses an image over its pixel limit from the header and bounds the decodes at once.
 */
async function reencode(images: ImageDecoder, bytes: Buffer, type: ImageType): Promise<CleanImage> {
  try {
    return await images.decode(bytes, async () => {
      // The header check comes first; sharp's own limit stays as a second line against a header that lies.
      const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: images.maxPixels, animated: false })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height };
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const reason = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(reason)) {
      throw new HttpError('payload_too_large', `This photo has more than ${images.maxPixels / 1_000_000} megapixels. Take it again at a lower resolution.`);
    }
    throw new HttpError('bad_request', `This file starts like a ${type.toUpperCase()} image but cannot be read as one. It may be damaged or cut short; take the photo again.`);
  }
}

const tooMany = () =>
  new HttpError('rate_limited', `You already have ${MAX_UNATTACHED_DOCUMENTS} licence photos waiting for an application. Submit your application, or try again later.`);

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
 * Checks the bytes' type (415 when not a JPEG, PNG or WebP) and re-encodes them through the
 * process's decoder (413 when they have too many pixels, 503 busy when it has no slot in time,
 * 400 when they do not decode).
 */
export async function cleanLicencePhoto(images: ImageDecoder, bytes: Buffer): Promise<CleanImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new HttpError('unsupported_media_type', WRONG_TYPE_MESSAGE);
  return reencode(images, bytes, type);
}

/**
 * Stores a cleaned photo encrypted, owned by the uploader and attached to no application yet.
 * Purges unattached documents older than UNATTACHED_DOCUMENT_DAYS first (every upload does; no
 * timer is needed for the limit to be right), then counts the owner's with their user row locked,
 * and a guest's client address's (`addressCap`) under that address's lock.
 */
export async function storeLicencePhoto(db: Db, pii: PiiCipher, ownerUserId: number, side: LicenceSide, image: CleanImage, addressCap?: AddressCap): Promise<UploadedDocument> {
  await purgeUnattachedDocuments(db, UNATTACHED_DOCUMENT_DAYS);
  const contentEncrypted = pii.encryptBytes(image.bytes, { context: DOCUMENT_CONTENT_CONTEXT });
  const sha256 = createHash('sha256').update(image.bytes).digest('hex');
  const id = await db.transaction().execute(async (trx) => {
    // Always the address before the owner, so two uploads never wait for each other's lock.
    if (addressCap) await lockClientAddress(trx, addressCap.addressKey);
    await lockOwner(trx, ownerUserId);
    if ((await countUnattachedDocuments(trx, ownerUserId)) >= MAX_UNATTACHED_DOCUMENTS) throw tooMany();
    if (addressCap) await refuseWhenAddressFull(trx, addressCap);
    const addressKey = addressCap?.addressKey ?? null;
    return insertDocument(trx, { ownerUserId, side, mime: 'image/jpeg', size: image.bytes.length, width: image.width, height: image.height, sha256, contentEncrypted, keyId: pii.keyId, addressKey });
  });
  return { id, side, mime: 'image/jpeg', size: image.bytes.length, width: image.width, height: image.height };
}
