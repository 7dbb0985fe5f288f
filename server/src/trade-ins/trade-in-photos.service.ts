import type { CarPhotoVariant } from '../../../domain/car-images.ts';
import type {
  MyTradeIn,
  TradeInChatOpened,
  TradeInChatPhotoRefusal,
  TradeInChatPhotosOutcome,
} from '../../../domain/contracts/trade-ins.ts';
import { MAX_TRADE_IN_PHOTOS, tradeInMessages, type TradeInAngle } from '../../../domain/trade-ins/trade-in.schema.ts';
import { anglesForUnlabelledPhotos, missingTradeInAngles, tradeInTitle } from '../../../domain/trade-ins/trade-in-rules.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import { refusalOf } from '../inventory/stock-photos.service.ts';
import { CAR_PHOTO_MAX_BYTES, storeCarPhoto, type StoredCarPhoto } from '../inventory/photos.service.ts';
import type { ImageDecoder } from '../media/image-decoder.service.ts';
import type { MediaStore, StoredMedia } from '../media/media-store.service.ts';
import { deleteBlobsNoPhotoNames, lockBlobsToName } from '../media/media.repository.ts';
import { findUserByTelegramId } from '../users/users.repository.ts';
import { changeMyTradeIn, noTradeIn, type TradeInDeps } from './trade-ins.service.ts';
import {
  addTradeInPhotos,
  deleteTradeInPhoto,
  findMyTradeIn,
  findTradeInPhoto,
  findUsersTradeInPhoto,
  listTradeInPhotos,
  lockCurrentTradeIn,
  updateTradeIn,
  type TradeInRow,
} from './trade-ins.repository.ts';

/**
 * A trade-in's photos (docs/product/trade-ins.md#photos): stored as car photos are (the same
 * pipeline, sizes and limits, inventory/photos.service.ts), so a trade put into stock keeps its
 * blobs; by angle, in the describe screen's order. Uploaded on the shopper's screen or sent to
 * the bot's chat after "Send photos in the chat".
 */

/** How long "Send photos in the chat" lets the chat's photos join the trade-in. */
const CHAT_PHOTOS_MINUTES = 30;

const tooMany = (has: number, adding: number) =>
  new HttpError(
    'too_many_photos',
    `${tradeInMessages.tooManyPhotos} This one has ${has}, so ${adding} more would be too many: delete some first.`,
  );
/** Only when the same photo was deleted elsewhere between this upload's storing and its adding (deleteBlobsNoPhotoNames). */
const blobsGone = () => new HttpError('conflict', 'The same photo was deleted elsewhere while this one was being added. Upload it again.');

/** Photos are taken while the trade-in is described or waits for staff's first look. */
const takesPhotos = (row: TradeInRow) => row.status === 'draft' || row.status === 'new';
const closed = (row: TradeInRow) => new HttpError('conflict', `This trade-in is ${row.status}, so its photos can no longer change.`);

/** Refuses before any photo is decoded: 404 without a trade-in, 409 when it takes no photos or has no room for `adding` more. */
export async function checkRoomForTradeInPhotos(db: Db, userId: number | undefined, adding = 1): Promise<void> {
  const row = userId === undefined ? undefined : await findMyTradeIn(db, userId);
  if (!row) throw noTradeIn();
  if (!takesPhotos(row)) throw closed(row);
  const has = (await listTradeInPhotos(db, row.id)).length;
  if (has + adding > MAX_TRADE_IN_PHOTOS) throw tooMany(has, adding);
}

/** A photo stored in the media store, with the angle it shows. */
export interface StoredTradeInPhoto extends StoredCarPhoto {
  angle: TradeInAngle;
}

/** The photos onto the trade-in under its lock, counted again there: all or none. */
async function attach(trx: Db, row: TradeInRow, photos: readonly StoredTradeInPhoto[]): Promise<TradeInRow> {
  if (!takesPhotos(row)) throw closed(row);
  const has = (await listTradeInPhotos(trx, row.id)).length;
  if (has + photos.length > MAX_TRADE_IN_PHOTOS) throw tooMany(has, photos.length);
  const hashes = photos.flatMap((photo) => Object.values(photo.variants).flatMap((variant) => [variant.webp, variant.jpeg]));
  const stored = await lockBlobsToName(trx, hashes);
  if (hashes.some((hash) => !stored.has(hash))) throw blobsGone();
  await addTradeInPhotos(trx, row.id, photos);
  return updateTradeIn(trx, row.id, {});
}

/** POST /api/trade-ins/mine/photos: the stored photo onto the shopper's trade-in. */
export function addMyTradeInPhoto(deps: TradeInDeps, userId: number, photo: StoredTradeInPhoto): Promise<MyTradeIn> {
  return changeMyTradeIn(deps, userId, (trx, row) => attach(trx, row, [photo]));
}

/** The grace a blob nothing names yet is given before the sweep: an upload stores its blobs before it names them. */
const UNREFERENCED_GRACE_MS = 60 * 60 * 1000;

/** DELETE /api/trade-ins/mine/photos/{photoId}: the photo and the stored files nothing else names. */
export async function removeMyTradeInPhoto(deps: TradeInDeps & { media: MediaStore }, userId: number, photoId: string): Promise<MyTradeIn> {
  const answer = await changeMyTradeIn(deps, userId, async (trx, row) => {
    if (!takesPhotos(row)) throw closed(row);
    const removed = await deleteTradeInPhoto(trx, row.id, photoId);
    if (!removed) throw new HttpError('not_found', 'Your trade-in has no photo with this id.');
    await deleteBlobsNoPhotoNames(trx, removed.hashes, removed.addedUntil);
    return updateTradeIn(trx, row.id, {});
  });
  await deps.media.deleteUnreferenced(new Date(Date.now() - UNREFERENCED_GRACE_MS));
  return answer;
}

/** Where a stored size is asked for: its width's name (domain/car-images.ts) and a format. */
export interface PhotoSize {
  size: string;
  format: 'webp' | 'jpeg';
}

async function readVariant(media: MediaStore, variants: Record<string, CarPhotoVariant> | undefined, { size, format }: PhotoSize) {
  const variant = variants?.[size];
  const stored = variant && (await media.get(variant[format]));
  if (!stored) throw new HttpError('not_found', 'No photo with this id and size.');
  return stored;
}

/** The bytes of a photo of one of the shopper's own trade-ins; 404 for anyone else's. */
export async function readMyTradeInPhoto(
  db: Db,
  media: MediaStore,
  userId: number,
  photoId: string,
  size: PhotoSize,
): Promise<StoredMedia> {
  return readVariant(media, await findUsersTradeInPhoto(db, userId, photoId), size);
}

/** The bytes of a trade-in's photo, for staff. */
export async function readTradeInPhoto(
  db: Db,
  media: MediaStore,
  tradeInId: number,
  photoId: string,
  size: PhotoSize,
): Promise<StoredMedia> {
  return readVariant(media, await findTradeInPhoto(db, tradeInId, photoId), size);
}

/**
 * The bot's "Send photos in the chat" (docs/product/trade-ins.md#photos): the shopper's current
 * trade-in takes the photos they send the bot for CHAT_PHOTOS_MINUTES, each album all or none, its
 * photos given the angles still missing in order, then damage.
 */
export function createTradeInChatPhotosService(deps: { db: Db; images: ImageDecoder; media: MediaStore }) {
  const { db } = deps;

  /** The user's trade-in that takes chat photos now, locked; undefined when none does. */
  async function collecting(trx: Db, userId: number, now: Date): Promise<TradeInRow | undefined> {
    const row = await lockCurrentTradeIn(trx, userId);
    return row && takesPhotos(row) && row.chat_photos_until !== null && row.chat_photos_until.getTime() > now.getTime() ? row : undefined;
  }

  const userIdOf = async (telegramUserId: number) => (await findUserByTelegramId(db, telegramUserId))?.id;

  return {
    async openChatPhotos(telegramUserId: number): Promise<TradeInChatOpened> {
      const userId = await userIdOf(telegramUserId);
      if (userId === undefined) return { outcome: 'no_trade_in' };
      return db.transaction().execute(async (trx): Promise<TradeInChatOpened> => {
        const row = await lockCurrentTradeIn(trx, userId);
        if (!row || !takesPhotos(row)) return { outcome: 'no_trade_in' };
        const until = new Date(Date.now() + CHAT_PHOTOS_MINUTES * 60_000);
        await updateTradeIn(trx, row.id, { chat_photos_until: until });
        const photos = await listTradeInPhotos(trx, row.id);
        return { outcome: 'opened', title: tradeInTitle(row), missingAngles: missingTradeInAngles(photos.map((photo) => photo.angle)) };
      });
    },

    /**
     * Loads each photo only when the one before is stored, so an album holds one photo's bytes at a
     * time; a trade-in without room is refused before anything is loaded. A loader's own error (the
     * download) is thrown as it is.
     */
    async addChatPhotos(telegramUserId: number, photos: ReadonlyArray<() => Promise<Buffer>>): Promise<TradeInChatPhotosOutcome> {
      const userId = await userIdOf(telegramUserId);
      const now = new Date();
      const row = userId === undefined ? undefined : await db.transaction().execute((trx) => collecting(trx, userId, now));
      if (userId === undefined || !row) return { outcome: 'not_collecting' };
      const room = async (): Promise<TradeInChatPhotoRefusal | undefined> => {
        const has = (await listTradeInPhotos(db, row.id)).length;
        return has + photos.length > MAX_TRADE_IN_PHOTOS
          ? { reason: 'too_many', has, adding: photos.length, max: MAX_TRADE_IN_PHOTOS }
          : undefined;
      };
      const full = await room();
      if (full) return { outcome: 'refused', refusal: full };
      const stored: StoredCarPhoto[] = [];
      try {
        for (const [index, load] of photos.entries()) {
          const bytes = await load();
          if (bytes.length > CAR_PHOTO_MAX_BYTES) return { outcome: 'refused', refusal: { reason: 'too_large', photo: index + 1 } };
          stored.push(await storeCarPhoto(deps.images, deps.media, bytes, `Photo ${index + 1}`));
        }
        return await db.transaction().execute(async (trx): Promise<TradeInChatPhotosOutcome> => {
          const locked = await collecting(trx, userId, new Date());
          if (!locked) return { outcome: 'not_collecting' };
          const existing = await listTradeInPhotos(trx, locked.id);
          const angles = anglesForUnlabelledPhotos(
            existing.map((photo) => photo.angle),
            stored.length,
          );
          await attach(
            trx,
            locked,
            stored.map((photo, i) => ({ ...photo, angle: angles[i]! })),
          );
          const after = (await listTradeInPhotos(trx, locked.id)).map((photo) => photo.angle);
          return {
            outcome: 'added',
            added: stored.length,
            photoCount: after.length,
            title: tradeInTitle(locked),
            missingAngles: missingTradeInAngles(after),
          };
        });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        // The trade-in was submitted past its photos, or withdrawn, meanwhile.
        if (error.code === 'conflict') return { outcome: 'not_collecting' };
        // Another upload took the room meanwhile (attach counts again under the trade-in's lock).
        const refusal = error.code === 'too_many_photos' ? await room() : refusalOf(error, stored.length + 1);
        if (!refusal) throw error;
        return { outcome: 'refused', refusal };
      }
    },
  };
}
