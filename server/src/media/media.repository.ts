import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { mediaHash, type MediaStore } from './media-store.service.ts';

/**
 * The media store in the app's own database (docs/decisions/018-car-photos.md): rows of
 * media_blobs. A blob is referenced while a car photo names it (car_photos.hashes, GIN-indexed).
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
      const result = await db
        .deleteFrom('media_blobs')
        .where('created_at', '<', storedBefore)
        .where(sql<boolean>`not exists (select 1 from car_photos where car_photos.hashes @> array[media_blobs.hash])`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
