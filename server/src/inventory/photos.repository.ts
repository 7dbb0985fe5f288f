import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { photoUrl, type CarPhotoVariant } from '../../../domain/car-images.ts';
import type { InventoryPhoto } from '../../../domain/contracts/inventory.ts';

/** A car photo as the staff routes work with it. */
export interface CarPhotoRow {
  id: string;
  position: number;
  width: number;
  height: number;
  variants: Record<string, CarPhotoVariant>;
}

export interface NewCarPhoto {
  width: number;
  height: number;
  variants: Record<string, CarPhotoVariant>;
}

/** Locks the car's row for the rest of the transaction, so two uploads never take the same positions; false when there is no such car. */
export async function lockCar(db: Db, carUuid: string): Promise<boolean> {
  return (await db.selectFrom('cars').select('uuid').where('uuid', '=', carUuid).forUpdate().executeTakeFirst()) !== undefined;
}

export async function carExists(db: Db, carUuid: string): Promise<boolean> {
  return (await db.selectFrom('cars').select('uuid').where('uuid', '=', carUuid).executeTakeFirst()) !== undefined;
}

const STAFF_URL_WIDTH = '640';

/** A photo as staff see it: a mid-size JPEG is enough for the staff list and the photo manager. */
export function toInventoryPhoto(row: Pick<CarPhotoRow, 'id' | 'width' | 'height' | 'variants'>): InventoryPhoto {
  const variant = row.variants[STAFF_URL_WIDTH] ?? Object.values(row.variants)[0]!;
  return { id: row.id, url: photoUrl(variant.jpeg, 'jpeg'), width: row.width, height: row.height };
}

/** The cover (first photo) of each of these cars that has one. */
export async function coversOfCars(db: Db, carUuids: readonly string[]): Promise<Map<string, InventoryPhoto>> {
  if (carUuids.length === 0) return new Map();
  const rows = await db
    .selectFrom('car_photos')
    .distinctOn('car_uuid')
    .select(['car_uuid', 'id', 'width', 'height', 'variants'])
    .where('car_uuid', 'in', carUuids)
    .orderBy('car_uuid')
    .orderBy('position')
    .execute();
  return new Map(rows.map((row) => [row.car_uuid, toInventoryPhoto(row)]));
}

/** The car's photos, cover first. */
export async function listCarPhotos(db: Db, carUuid: string): Promise<CarPhotoRow[]> {
  return db
    .selectFrom('car_photos')
    .select(['id', 'position', 'width', 'height', 'variants'])
    .where('car_uuid', '=', carUuid)
    .orderBy('position')
    .execute();
}

/** Appends the photos after the car's last, in the order given; answers their ids. */
export async function appendCarPhotos(db: Db, carUuid: string, photos: readonly NewCarPhoto[]): Promise<string[]> {
  const last = await db
    .selectFrom('car_photos')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('car_uuid', '=', carUuid)
    .executeTakeFirst();
  const first = (last?.position ?? -1) + 1;
  const rows = await db
    .insertInto('car_photos')
    .values(
      photos.map((photo, i) => ({
        car_uuid: carUuid,
        position: first + i,
        width: photo.width,
        height: photo.height,
        variants: JSON.stringify(photo.variants),
        hashes: Object.values(photo.variants).flatMap((variant) => [variant.webp, variant.jpeg]),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Gives the car's photos the positions of `ids` (0 first) in one statement; the uniqueness of a
 * car's positions is checked at its end (migration 0015), so any permutation is allowed.
 */
export async function reorderCarPhotos(db: Db, carUuid: string, ids: readonly string[]): Promise<void> {
  await sql`
    update car_photos set position = ordered.n - 1
    from unnest(${sql.val(ids)}::uuid[]) with ordinality as ordered(id, n)
    where car_photos.id = ordered.id and car_photos.car_uuid = ${carUuid}`.execute(db);
}

/** The blobs some removed photos named, and when the last of them was added: what deleteBlobsNoPhotoNames is given. */
export interface RemovedPhotoBlobs {
  hashes: string[];
  addedUntil: Date;
}

const blobsOf = (rows: ReadonlyArray<{ hashes: string[]; created_at: Date }>): RemovedPhotoBlobs => ({
  hashes: rows.flatMap((row) => row.hashes),
  addedUntil: new Date(Math.max(0, ...rows.map((row) => row.created_at.getTime()))),
});

/** The blobs the car's photos name; read before the car is deleted, its photos going with it. */
export async function blobsOfCarPhotos(db: Db, carUuid: string): Promise<RemovedPhotoBlobs> {
  return blobsOf(await db.selectFrom('car_photos').select(['hashes', 'created_at']).where('car_uuid', '=', carUuid).execute());
}

/** Deletes the photo and closes the gap it leaves; answers the blobs it named, or undefined when the car has no such photo. */
export async function deleteCarPhoto(db: Db, carUuid: string, photoId: string): Promise<RemovedPhotoBlobs | undefined> {
  const deleted = await db
    .deleteFrom('car_photos')
    .where('car_uuid', '=', carUuid)
    .where('id', '=', photoId)
    .returning(['position', 'hashes', 'created_at'])
    .executeTakeFirst();
  if (!deleted) return undefined;
  await db
    .updateTable('car_photos')
    .set((eb) => ({ position: eb('position', '-', 1) }))
    .where('car_uuid', '=', carUuid)
    .where('position', '>', deleted.position)
    .execute();
  return blobsOf([deleted]);
}
