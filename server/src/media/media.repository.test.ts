import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import type { MediaStore } from './media-store.service.ts';
import { createDatabaseMediaStore } from './media.repository.ts';

describe.each(DATABASE_KINDS)('the media store on %s', (kind) => {
  let database: TestDatabase;
  let media: MediaStore;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    media = createDatabaseMediaStore(database.db);
  });
  afterAll(() => database.drop());

  const blobCount = async () => (await database.db.selectFrom('media_blobs').select('hash').execute()).length;
  const later = () => new Date(Date.now() + 60_000);

  it('names bytes by their SHA-256 and keeps the same bytes once', async () => {
    const before = await blobCount();
    const first = await media.put(Buffer.from('same bytes'), 'image/webp');
    const second = await media.put(Buffer.from('same bytes'), 'image/webp');
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(second.hash).toBe(first.hash);
    expect(await blobCount()).toBe(before + 1);
    expect(await media.get(first.hash)).toEqual({ bytes: Buffer.from('same bytes'), contentType: 'image/webp' });
  });

  it('answers null for a hash it does not hold', async () => {
    expect(await media.get('f'.repeat(64))).toBeNull();
  });

  it('deletes only blobs that no car photo names, stored before the time given', async () => {
    const { hash: kept } = await media.put(Buffer.from('named by a photo'), 'image/jpeg');
    const { hash: orphan } = await media.put(Buffer.from('named by nothing'), 'image/jpeg');
    const car = (
      await database.db
        .insertInto('cars')
        .values({ brand: 'Honda', model: 'Civic', year: 2020, price: 18_000, mileage: 40_000, condition: 'used' })
        .returning('uuid')
        .executeTakeFirstOrThrow()
    ).uuid;
    await database.db
      .insertInto('car_photos')
      .values({
        car_uuid: car,
        position: 0,
        width: 10,
        height: 10,
        variants: JSON.stringify({ '320': { webp: kept, jpeg: kept, width: 10, height: 10 } }),
        hashes: [kept],
      })
      .execute();
    expect(await media.deleteUnreferenced(new Date(Date.now() - 60_000))).toBe(0);
    await media.deleteUnreferenced(later());
    expect(await media.get(kept)).not.toBeNull();
    expect(await media.get(orphan)).toBeNull();
  });
});
