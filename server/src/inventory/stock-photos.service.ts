import { CAR_PHOTOS_MAX } from '../../../domain/car-photos.schema.ts';
import type { StockCar, StockPhotoPart, StockPhotoRefusal, StockPhotosOutcome } from '../../../domain/contracts/stock-photos.ts';
import type { Db } from '../db/database.ts';
import { HttpError } from '../http/errors.ts';
import type { ImageDecoder } from '../media/image-decoder.service.ts';
import type { MediaStore } from '../media/media-store.service.ts';
import { findCarByStockOrVin } from './inventory.service.ts';
import { addCarPhotos, listInventoryPhotos, storeCarPhoto, type StoredCarPhoto } from './photos.service.ts';
import { addStockPhotoPart, findStaleStockPhotoAlbums, takeStockPhotoAlbum } from './stock-photos.repository.ts';

/** Album parts older than this were left behind by a stopped process; a sweep adds them. */
const STALE_ALBUM_MS = 10_000;

/**
 * What the car-photo pipeline's refusals (photos.service.ts) mean to someone sending photos from a
 * phone: staff adding car photos, or a shopper their trade-in's.
 */
export function refusalOf(error: HttpError, photo: number): StockPhotoRefusal | undefined {
  switch (error.statusCode) {
    case 415:
      return { reason: 'wrong_type', photo };
    case 413:
      return { reason: 'too_many_pixels', photo };
    case 400:
      return { reason: 'unreadable', photo };
    case 503:
      return { reason: 'busy' };
    default:
      return undefined;
  }
}

/**
 * Photos staff send the bot from a phone (docs/product/inventory.md#photos-from-your-phone): the car
 * a caption names, and the photos added through the same pipeline and rules as the dashboard's
 * upload (decision 018: at most 40 a car, all of a message or album or none, audited with the
 * admin as actor). Also keeps an album's parts until the album is complete (migration 0022).
 */
export function createStockPhotosService(deps: { db: Db; images: ImageDecoder; media: MediaStore }) {
  const { db } = deps;

  async function roomFor(carUuid: string, adding: number): Promise<StockPhotoRefusal | 'no_such_car' | undefined> {
    const photos = await listInventoryPhotos(db, carUuid);
    if (!photos) return 'no_such_car';
    return photos.length + adding > CAR_PHOTOS_MAX ? { reason: 'too_many', has: photos.length, adding, max: CAR_PHOTOS_MAX } : undefined;
  }

  return {
    async findCar(stockOrVin: string): Promise<StockCar | undefined> {
      const car = await findCarByStockOrVin(db, stockOrVin);
      const photos = car && (await listInventoryPhotos(db, car.uuid));
      return car && photos && { ...car, photoCount: photos.length };
    },

    /**
     * Loads each photo only when the one before is stored, so an album holds one photo's bytes at a
     * time; a car without room is refused before anything is loaded. A loader's own error (the
     * download) is thrown as it is.
     */
    async addPhotos(car: StockCar, photos: ReadonlyArray<() => Promise<Buffer>>, actorUserId: number): Promise<StockPhotosOutcome> {
      const carUuid = car.uuid;
      const room = await roomFor(carUuid, photos.length);
      if (room === 'no_such_car') return { outcome: 'no_such_car' };
      if (room) return { outcome: 'refused', refusal: room };
      const stored: StoredCarPhoto[] = [];
      let photoCount: number;
      try {
        for (const [index, load] of photos.entries()) {
          stored.push(await storeCarPhoto(deps.images, deps.media, await load(), `Photo ${index + 1}`));
        }
        photoCount = (await addCarPhotos(db, actorUserId, carUuid, stored)).length;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (error.statusCode === 404) return { outcome: 'no_such_car' };
        // Another upload took the room meanwhile (addCarPhotos checks again under the car's lock).
        const refusal = error.statusCode === 409 ? await roomFor(carUuid, photos.length) : refusalOf(error, stored.length + 1);
        if (refusal === 'no_such_car') return { outcome: 'no_such_car' };
        if (!refusal) throw error;
        return { outcome: 'refused', refusal };
      }
      return { outcome: 'added', added: stored.length, car: { ...car, photoCount } };
    },

    addAlbumPart: (part: StockPhotoPart): Promise<void> => addStockPhotoPart(db, part),
    takeAlbum: (chatId: number, mediaGroupId: string, quietMs: number): Promise<StockPhotoPart[]> =>
      takeStockPhotoAlbum(db, chatId, mediaGroupId, quietMs),
    staleAlbums: (): Promise<Array<{ chatId: number; mediaGroupId: string }>> => findStaleStockPhotoAlbums(db, STALE_ALBUM_MS),
  };
}
