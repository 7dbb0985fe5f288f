import { CAR_PHOTOS_MAX } from '../../../domain/car-photos.schema.ts';
import type { InventoryPhoto, PhotoFetchFailure } from '../../../domain/contracts/inventory.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { CarPhotoVariant } from '../../../domain/car-images.ts';
import { HttpError } from '../http/errors.ts';
import { CAR_PHOTO_WIDTHS } from '../../../domain/car-images.ts';
import type { ImageDecoder } from '../media/image-decoder.service.ts';
import { ImageRejected, processImage, type ImageEncoding, type ImageVariant } from '../media/image-pipeline.service.ts';
import type { MediaStore } from '../media/media-store.service.ts';
import { deleteBlobsNoPhotoNames, lockBlobsToName } from '../media/media.repository.ts';
import {
  appendCarPhotos,
  carExists,
  deleteCarPhoto,
  listCarPhotos,
  lockCar,
  reorderCarPhotos,
  toInventoryPhoto,
  type NewCarPhoto,
} from './photos.repository.ts';

/** A phone's full-size JPEG is 3 to 12 MB. */
export const CAR_PHOTO_MAX_BYTES = 20 * 1024 * 1024;
/**
 * Staff photos come straight off the lot attendant's phone: a 48-megapixel camera writes 8064 × 6048
 * (48.8 million pixels), so the limit is a little above 48 MP. JPEG shrinks on load to the largest
 * width stored, so such a photo decodes at a sixteenth of its pixels.
 */
export const STAFF_PHOTO_MAX_PIXELS = 50_000_000;

export const WRONG_TYPE_MESSAGE =
  'This file is not a photo we can use: upload JPEG, PNG or WebP photos. An iPhone’s HEIC photo can be sent as JPEG (Settings › Camera › Formats › Most Compatible).';

/**
 * WebP for every browser of today, a JPEG for the rest. Plain libjpeg-turbo, not mozjpeg (ten times
 * faster at 1920 px for files about a fifth larger), and WebP's fastest method (effort 0: twice as
 * fast as 2, within a few per cent in size at 1280 px and more): the encodes are most of an
 * upload's time, which has a budget (npm run bench:photos).
 */
const WEB_ENCODINGS: readonly ImageEncoding[] = [
  { format: 'webp', quality: 80, effort: 0 },
  { format: 'jpeg', quality: 82, mozjpeg: false },
];

/** How long a stored blob nothing refers to yet is spared: an upload stores its blobs before it refers to them. */
const UNREFERENCED_GRACE_MS = 60 * 60 * 1000;

const noSuchCar = () => new HttpError('not_found', 'No car with this id.');
/** Only when the same photo was deleted from another car between this upload's storing and its adding (deleteBlobsNoPhotoNames). */
const blobsGone = () =>
  new HttpError(
    'conflict',
    'The same photo was deleted from another car while this one was being added, taking its stored files. Upload it again.',
  );
const tooMany = (has: number, adding: number) =>
  new HttpError(
    'conflict',
    `A car has at most ${CAR_PHOTOS_MAX} photos. This one has ${has}, so ${adding} more would be too many: delete some first.`,
  );

/** The car's photos for staff, cover first; undefined for an unknown car. The inventory's car record lists them with this. */
export async function listInventoryPhotos(db: Db, carUuid: string): Promise<InventoryPhoto[] | undefined> {
  if (!(await carExists(db, carUuid))) return undefined;
  return (await listCarPhotos(db, carUuid)).map(toInventoryPhoto);
}

/** Refuses before any photo is decoded: 404 for an unknown car, 409 when it has no room for `adding` more. */
export async function checkRoomForPhotos(db: Db, carUuid: string, adding = 1): Promise<void> {
  const photos = await listInventoryPhotos(db, carUuid);
  if (!photos) throw noSuchCar();
  if (photos.length + adding > CAR_PHOTOS_MAX) throw tooMany(photos.length, adding);
}

/**
 * One uploaded photo through the media pipeline: upright, every metadata block gone, WebP and JPEG
 * at each width. 415 for what is not a JPEG, PNG or WebP by its bytes, 413 over the pixel limit, 400
 * when it does not decode, 503 when the decoder is busy; `label` names the file in a refusal.
 */
export async function processCarPhoto(images: ImageDecoder, bytes: Buffer, label: string): Promise<ImageVariant[]> {
  if (bytes.length === 0) throw new HttpError('bad_request', `${label} is empty (0 bytes). Choose the photo again.`, { file: 'is empty' });
  try {
    return await processImage(
      images,
      bytes,
      CAR_PHOTO_WIDTHS.map((width) => ({ name: String(width), width })),
      { encodings: WEB_ENCODINGS, maxPixels: STAFF_PHOTO_MAX_PIXELS },
    );
  } catch (error) {
    if (!(error instanceof ImageRejected)) throw error;
    if (error.reason === 'unsupported_type') throw new HttpError('unsupported_media_type', `${label}: ${WRONG_TYPE_MESSAGE}`);
    throw new HttpError(
      'bad_request',
      `${label} starts like a ${String(error.type).toUpperCase()} image but cannot be read as one. It may be damaged or cut short; send it again.`,
      { file: 'cannot be read' },
    );
  }
}

/** processCarPhoto, then the variants into the media store; the photo is the car's only once added (addCarPhotos). */
/** A photo whose variants are stored, waiting to be attached to its car. */
export type StoredCarPhoto = NewCarPhoto;

export async function storeCarPhoto(images: ImageDecoder, media: MediaStore, bytes: Buffer, label: string): Promise<NewCarPhoto> {
  const variants = await processCarPhoto(images, bytes, label);
  // Stored side by side: each is a round trip to the database, and none depends on another.
  const hashes = await Promise.all(
    variants.map((variant) => media.put(variant.bytes, variant.format === 'webp' ? 'image/webp' : 'image/jpeg')),
  );
  const stored: Record<string, CarPhotoVariant> = {};
  variants.forEach((variant, i) => {
    const entry = (stored[variant.name] ??= { webp: '', jpeg: '', width: variant.width, height: variant.height });
    entry[variant.format] = hashes[i]!.hash;
  });
  const largest = stored[String(CAR_PHOTO_WIDTHS.at(-1))]!;
  return { width: largest.width, height: largest.height, variants: stored };
}

/** Appends stored photos to the car in the order given, audited; answers the car's photos. */
export async function addCarPhotos(
  db: Db,
  actorUserId: number | null,
  carUuid: string,
  photos: readonly NewCarPhoto[],
): Promise<InventoryPhoto[]> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockCar(trx, carUuid))) throw noSuchCar();
    const has = (await listCarPhotos(trx, carUuid)).length;
    if (has + photos.length > CAR_PHOTOS_MAX) throw tooMany(has, photos.length);
    const hashes = photos.flatMap((photo) => Object.values(photo.variants).flatMap((variant) => [variant.webp, variant.jpeg]));
    const stored = await lockBlobsToName(trx, hashes);
    if (hashes.some((hash) => !stored.has(hash))) throw blobsGone();
    const ids = await appendCarPhotos(trx, carUuid, photos);
    await recordAudit(trx, { actorUserId, action: 'car.photos_added', entity: 'car', entityId: carUuid, details: { photoIds: ids } });
    return (await listCarPhotos(trx, carUuid)).map(toInventoryPhoto);
  });
}

/** Puts the car's photos in the order given (the first is the cover): exactly the car's photo ids, each once, or 400. */
export async function reorderPhotos(db: Db, actorUserId: number, carUuid: string, order: readonly string[]): Promise<InventoryPhoto[]> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockCar(trx, carUuid))) throw noSuchCar();
    const current = (await listCarPhotos(trx, carUuid)).map((photo) => photo.id);
    const given = new Set(order);
    if (given.size !== order.length || order.length !== current.length || current.some((id) => !given.has(id))) {
      throw new HttpError('bad_request', `List each of the car’s ${current.length} photo ids once, in the new order.`, {
        order: `must be exactly the car's photo ids (${current.length}), each once`,
      });
    }
    await reorderCarPhotos(trx, carUuid, order);
    await recordAudit(trx, { actorUserId, action: 'car.photos_reordered', entity: 'car', entityId: carUuid, details: { order } });
    return (await listCarPhotos(trx, carUuid)).map(toInventoryPhoto);
  });
}

/**
 * Deletes one photo (the next becomes the cover when it was the cover), audited, with the stored
 * files no other photo names; answers the car's photos left.
 */
export async function removeCarPhoto(
  db: Db,
  media: MediaStore,
  actorUserId: number,
  carUuid: string,
  photoId: string,
): Promise<InventoryPhoto[]> {
  const photos = await db.transaction().execute(async (trx) => {
    if (!(await lockCar(trx, carUuid))) throw noSuchCar();
    const removed = await deleteCarPhoto(trx, carUuid, photoId);
    if (!removed) throw new HttpError('not_found', 'This car has no photo with this id.');
    await deleteBlobsNoPhotoNames(trx, removed.hashes, removed.addedUntil);
    await recordAudit(trx, { actorUserId, action: 'car.photo_deleted', entity: 'car', entityId: carUuid, details: { photoId } });
    return (await listCarPhotos(trx, carUuid)).map(toInventoryPhoto);
  });
  // Blobs no photo names that this delete spared (stored again since, or a refused upload's) go once their grace is over.
  await media.deleteUnreferenced(new Date(Date.now() - UNREFERENCED_GRACE_MS));
  return photos;
}

/**
 * Photos fetched from a stock file's URLs, added to the car in the file's order; answers, for each
 * file, null when it was added, else why not. A file that is no photo we take is left out (the
 * others still count), and a car that has no room left keeps what it has: trying again would
 * change neither. A busy decoder or a database error is thrown, so the outbox tries again later.
 */
export async function addFetchedPhotos(
  deps: { db: Db; images: ImageDecoder; media: MediaStore },
  carUuid: string,
  files: readonly Buffer[],
  actorUserId: number | null,
): Promise<Array<PhotoFetchFailure | null>> {
  const stored: Array<{ index: number; photo: NewCarPhoto }> = [];
  const outcomes: Array<PhotoFetchFailure | null> = files.map(() => 'unreadable');
  for (const [index, bytes] of files.entries()) {
    try {
      stored.push({ index, photo: await storeCarPhoto(deps.images, deps.media, bytes, `photo ${index + 1}`) });
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
    }
  }
  if (stored.length === 0) return outcomes;
  const room = Math.max(0, CAR_PHOTOS_MAX - ((await listInventoryPhotos(deps.db, carUuid))?.length ?? CAR_PHOTOS_MAX));
  for (const [n, { index }] of stored.entries()) outcomes[index] = n < room ? null : 'no_room';
  if (room > 0)
    await addCarPhotos(
      deps.db,
      actorUserId,
      carUuid,
      stored.slice(0, room).map(({ photo }) => photo),
    );
  return outcomes;
}
