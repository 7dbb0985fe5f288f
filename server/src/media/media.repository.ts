import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { mediaHash, type MediaStore } from './media-store.service.ts';

/** A blob no car photo and no trade-in photo names. */
const NAMED_BY_NO_PHOTO = sql<boolean>`not exists (select 1 from car_photos where car_photos.hashes @> array[media_blobs.hash])
  and not exists (select 1 from trade_in_photos where trade_in_photos.hashes @> array[media_blobs.hash])`;

/**
 * The media store in the app's own database (docs/decisions/018-car-photos.md): rows of
 * media_blobs. A blob is referenced while a car photo or a trade-in's photo names it (car_photos.hashes
 * and trade_in_photos.hashes, GIN-indexed): a trade put into stock names the same blobs.
 */
export function createDatabaseMediaStore(db: Db): MediaStore {
  return {
    async put(bytes, contentType) {
      const hash = mediaHash(bytes);
      await db
        .insertInto('media_blobs')
        .values({ hash, content_type: contentType, bytes, size: bytes.length })
        // Same bytes, same row: only the date moves, so a sweep running meanwhile spares it.
        .onConflict((oc) => oc.column('hash').doUpdateSet({ created_at: sql`now()` }))
        .execute();
      return { hash };
    },

    async get(hash) {
      const row = await db.selectFrom('media_blobs').select(['bytes', 'content_type']).where('hash', '=', hash).executeTakeFirst();
      return row
        ? { bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength), contentType: row.content_type }
        : null;
    },

    async deleteUnreferenced(storedBefore) {
      const result = await db.deleteFrom('media_blobs').where('created_at', '<', storedBefore).where(NAMED_BY_NO_PHOTO).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/**
 * Locks these blobs for the rest of the transaction while a car or trade-in photo comes to name them, and
 * answers those that exist: a deletion of the same blobs (deleteBlobsNoPhotoNames) waits for it, or
 * it waits for the deletion and finds them gone. In hash order, as the deletion locks them.
 */
export async function lockBlobsToName(db: Db, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('media_blobs')
    .select('hash')
    .where('hash', 'in', [...new Set(hashes)])
    .orderBy('hash')
    .forKeyShare()
    .execute();
  return new Set(rows.map((row) => row.hash));
}

/**
 * Deletes those of these blobs (a deleted photo's, a deleted car's or trade-in's) that no car or trade-in photo names and that
 * were last stored no later than `storedUntil` (when the photo was added), in the caller's
 * transaction; answers how many. A blob stored again since belongs to an upload that may be about to
 * name it, and is left to the unreferenced sweep's grace period. The blobs are locked first and only
 * then judged, in a statement of its own: a photo that came to name one meanwhile has committed by
 * then and is seen (lockBlobsToName).
 */
export async function deleteBlobsNoPhotoNames(db: Db, hashes: readonly string[], storedUntil: Date): Promise<number> {
  if (hashes.length === 0) return 0;
  const locked = await db
    .selectFrom('media_blobs')
    .select('hash')
    .where('hash', 'in', [...new Set(hashes)])
    .orderBy('hash')
    .forUpdate()
    .execute();
  if (locked.length === 0) return 0;
  const result = await db
    .deleteFrom('media_blobs')
    .where(
      'hash',
      'in',
      locked.map((row) => row.hash),
    )
    .where('created_at', '<=', storedUntil)
    .where(NAMED_BY_NO_PHOTO)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
