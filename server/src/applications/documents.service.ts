import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { LicenceSide, UploadedDocument } from '../../../domain/contracts/documents.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import { countUnattachedDocuments, insertDocument, lockOwner, purgeUnattachedDocuments } from './documents.repository.ts';

/** The longest edge of a stored photo, in pixels: plenty to read a licence, far less than a phone takes. */
const MAX_EDGE = 2400;
/** Larger images are refused before they are decoded (a small file can unpack into gigabytes). */
const MAX_INPUT_PIXELS = 64_000_000;
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
 * at all (EXIF, GPS, XMP, ICC, comments are not copied; sharp keeps none unless asked).
 */
async function reencode(bytes: Buffer, type: ImageType): Promise<CleanImage> {
  try {
    const { data, info } = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    const reason = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(reason)) {
      throw new HttpError('payload_too_large', `This photo has too many pixels (more than ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Take it again at a lower resolution.`);
    }
    throw new HttpError('bad_request', `This file starts like a ${type.toUpperCase()} image but cannot be read as one. It may be damaged or cut short; take the photo again.`);
  }
}

const tooMany = () =>
  new HttpError('rate_limited', `You already have ${MAX_UNATTACHED_DOCUMENTS} licence photos waiting for an application. Submit your application, or try again later.`);

/**
 * Refuses early, before any decoding, when the owner already holds the maximum; the count that
 * counts is the one in storeLicencePhoto's transaction.
 */
export async function checkRoomForUpload(db: Db, ownerUserId: number): Promise<void> {
  await purgeUnattachedDocuments(db, UNATTACHED_DOCUMENT_DAYS);
  if ((await countUnattachedDocuments(db, ownerUserId)) >= MAX_UNATTACHED_DOCUMENTS) throw tooMany();
}

/** Checks the bytes' type (415 when not a JPEG, PNG or WebP) and re-encodes them (400 when they do not decode). */
export async function cleanLicencePhoto(bytes: Buffer): Promise<CleanImage> {
  const type = sniffImageType(bytes);
  if (!type) throw new HttpError('unsupported_media_type', WRONG_TYPE_MESSAGE);
  return reencode(bytes, type);
}

/**
 * Stores a cleaned photo encrypted, owned by the uploader and attached to no application yet.
 * Purges unattached documents older than UNATTACHED_DOCUMENT_DAYS first (every upload does; no
 * timer is needed for the limit to be right), then counts the owner's with their user row locked.
 */
export async function storeLicencePhoto(db: Db, pii: PiiCipher, ownerUserId: number, side: LicenceSide, image: CleanImage): Promise<UploadedDocument> {
  await purgeUnattachedDocuments(db, UNATTACHED_DOCUMENT_DAYS);
  const contentEncrypted = pii.encryptBytes(image.bytes, { context: DOCUMENT_CONTENT_CONTEXT });
  const sha256 = createHash('sha256').update(image.bytes).digest('hex');
  const id = await db.transaction().execute(async (trx) => {
    await lockOwner(trx, ownerUserId);
    if ((await countUnattachedDocuments(trx, ownerUserId)) >= MAX_UNATTACHED_DOCUMENTS) throw tooMany();
    return insertDocument(trx, { ownerUserId, side, mime: 'image/jpeg', size: image.bytes.length, width: image.width, height: image.height, sha256, contentEncrypted, keyId: pii.keyId });
  });
  return { id, side, mime: 'image/jpeg', size: image.bytes.length, width: image.width, height: image.height };
}
