import { beforeAll, describe, expect, it } from 'vitest';
import type { InventoryPhoto } from '../../../domain/contracts/inventory.ts';
import { HttpError } from '../http/errors.ts';
import { useTestApp } from '../../test/app.ts';
import { multipart, solidImage } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { addCar } from '../../test/inventory.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { addCarPhotos, storeCarPhoto } from './photos.service.ts';

/**
 * A deleted photo's stored files, or a deleted car's, go with it unless another photo names them
 * (docs/decisions/018-car-photos.md); an upload of the same photo under way meanwhile is never left
 * naming files that are gone.
 */

const ADMIN: TestTelegramUser = { id: 9801, first_name: 'Ada' };

describe.each(DATABASE_KINDS)('the stored files of deleted photos on %s', (kind) => {
  const t = useTestApp(kind);
  let carA: string;
  let carB: string;

  const newCar = async () => (await addCar(t, ADMIN)).uuid;

  /** A photo of one colour: the same colour gives the same bytes, so the same stored files. */
  const photo = (colour: string) => solidImage(800, 600, colour).jpeg().toBuffer();

  const upload = async (car: string, bytes: Buffer): Promise<InventoryPhoto> => {
    const res = await injectAs(t.app, ADMIN, {
      method: 'POST',
      url: `/api/inventory/${car}/photos`,
      ...multipart([{ name: 'file', value: bytes, filename: 'photo.jpg', contentType: 'image/jpeg' }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<InventoryPhoto[]>().at(-1)!;
  };
  const deletePhoto = async (car: string, photoId: string) => {
    const res = await injectAs(t.app, ADMIN, { method: 'DELETE', url: `/api/inventory/${car}/photos/${photoId}` });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The distinct files a photo names (a photo narrower than a stored width names its own width's files twice). */
  const hashesOf = async (photoId: string) => [
    ...new Set((await t.db.selectFrom('car_photos').select('hashes').where('id', '=', photoId).executeTakeFirstOrThrow()).hashes),
  ];
  /** How many of these files are still stored. */
  const storedCount = async (hashes: readonly string[]) =>
    (await t.db.selectFrom('media_blobs').select('hash').where('hash', 'in', hashes).execute()).length;
  const photoCount = async (car: string) => (await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', car).execute()).length;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    carA = await newCar();
    carB = await newCar();
  });

  it('deletes a deleted photo’s stored files at once', async () => {
    const deleted = await upload(carA, await photo('#aa2222'));
    const hashes = await hashesOf(deleted.id);
    expect(await storedCount(hashes)).toBe(hashes.length);
    await deletePhoto(carA, deleted.id);
    expect(await storedCount(hashes)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: deleted.url })).statusCode).toBe(404);
  });

  it('keeps the stored files of a deleted photo that another car’s photo also names', async () => {
    const bytes = await photo('#22aa22');
    const deleted = await upload(carA, bytes);
    const kept = await upload(carB, bytes);
    const hashes = await hashesOf(deleted.id);
    expect(await hashesOf(kept.id)).toEqual(hashes);
    await deletePhoto(carA, deleted.id);
    expect(await storedCount(hashes)).toBe(hashes.length);
    expect((await t.app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
  });

  it('deletes a deleted car’s photos with their stored files, keeping those another car’s photo names', async () => {
    const car = await newCar();
    const shared = await photo('#2222aa');
    const ownHashes = await hashesOf((await upload(car, await photo('#aaaa22'))).id);
    await upload(car, shared);
    const sharedHashes = await hashesOf((await upload(carB, shared)).id);
    const res = await injectAs(t.app, ADMIN, { method: 'DELETE', url: `/api/inventory/${car}` });
    expect(res.statusCode, res.body).toBe(204);
    expect(await photoCount(car)).toBe(0);
    expect(await storedCount(ownHashes)).toBe(0);
    expect(await storedCount(sharedHashes)).toBe(sharedHashes.length);
  });

  it('spares the files of the same photo stored again by an upload still under way, which then adds it', async () => {
    const bytes = await photo('#22aaaa');
    const deleted = await upload(carA, bytes);
    // Another upload of the same photo has stored its files and is about to add it to its car.
    const underWay = await storeCarPhoto(t.app.images, t.app.media, bytes, 'photo 1');
    await deletePhoto(carA, deleted.id);
    const hashes = await hashesOf((await addCarPhotos(t.db, null, carB, [underWay])).at(-1)!.id);
    expect(await storedCount(hashes)).toBe(hashes.length);
  });

  it('refuses to add a photo whose files the deletion of the same photo took meanwhile, asking to upload it again', async () => {
    const bytes = await photo('#aa22aa');
    // This upload stored its files first; the same photo was then added to car A and deleted.
    const underWay = await storeCarPhoto(t.app.images, t.app.media, bytes, 'photo 1');
    const deleted = await upload(carA, bytes);
    await deletePhoto(carA, deleted.id);
    const before = await photoCount(carB);
    const refusal = await addCarPhotos(t.db, null, carB, [underWay]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).statusCode).toBe(409);
    expect((refusal as HttpError).message).toMatch(/Upload it again\.$/);
    expect(await photoCount(carB)).toBe(before);
  });
});
