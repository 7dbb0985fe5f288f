import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarCard, CarItem } from '../../../domain/contracts/cars.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import { useTestApp } from '../../test/app.ts';
import { multipart, solidImage, untilCounters } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import type { InventoryPhoto } from '../../../domain/contracts/inventory.ts';

const ADMIN: TestTelegramUser = { id: 9701, first_name: 'Ada' };
const CUSTOMER: TestTelegramUser = { id: 9702, first_name: 'Carl' };

interface File {
  bytes: Buffer;
  filename?: string;
}

const form = (files: File[]) =>
  multipart(files.map(({ bytes, filename = 'photo.jpg' }) => ({ name: 'file', value: bytes, filename, contentType: 'image/jpeg' })));

/** The EXIF tag that points at the GPS block (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

/** Every variant URL of the photos a car answer lists, from its srcsets. */
const srcsetUrls = (srcset: string | null) => (srcset ?? '').split(', ').map((entry) => entry.split(' ')[0]!);

describe.each(DATABASE_KINDS)('car photos on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 5 } });
  let cars: string[];
  let landscape: Buffer;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    cars = (await t.db.selectFrom('cars').select('uuid').orderBy('uuid').execute()).map((row) => row.uuid);
    landscape = await solidImage(2400, 1600, '#446688').jpeg().toBuffer();
  });

  const upload = (car: string, files: File[], who: TestTelegramUser | { cookie: string } | null = ADMIN) =>
    injectAs(t.app, who, { method: 'POST', url: `/api/inventory/${car}/photos`, ...form(files) });
  const uploaded = async (car: string, files: File[]) => {
    const res = await upload(car, files);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<InventoryPhoto[]>();
  };
  const reorder = (car: string, order: unknown, who: TestTelegramUser | { cookie: string } | null = ADMIN) =>
    injectAs(t.app, who, { method: 'PATCH', url: `/api/inventory/${car}/photos`, payload: { order } });
  const remove = (car: string, photoId: string, who: TestTelegramUser | { cookie: string } | null = ADMIN) =>
    injectAs(t.app, who, { method: 'DELETE', url: `/api/inventory/${car}/photos/${photoId}` });
  const publicCar = async (car: string) => (await t.app.inject({ method: 'GET', url: `/api/cars/${car}` })).json<CarItem>();
  const fetchMedia = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const errorOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error;

  it('stores each photo in WebP and JPEG at 320, 640, 1280 and 1920 px wide, never wider than taken', async () => {
    const [photo] = await uploaded(cars[0]!, [{ bytes: landscape }]);
    expect(photo).toMatchObject({ width: 1920, height: 1280 });
    const [image] = (await publicCar(cars[0]!)).images;
    for (const [srcset, format] of [
      [image!.webpSrcset, 'webp'],
      [image!.srcset, 'jpeg'],
    ] as const) {
      const sizes = [];
      for (const url of srcsetUrls(srcset)) {
        const res = await fetchMedia(url);
        expect(res.statusCode).toBe(200);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.format).toBe(format);
        sizes.push(`${meta.width}×${meta.height}`);
      }
      expect(sizes).toEqual(['320×213', '640×427', '1280×853', '1920×1280']);
    }

    const small = await uploaded(cars[0]!, [{ bytes: await solidImage(500, 400).png().toBuffer() }]);
    expect(small.at(-1)).toMatchObject({ width: 500, height: 400 });
    const images = (await publicCar(cars[0]!)).images;
    expect(images[1]!.srcset).toMatch(/ 320w, \S+ 500w$/);
  });

  it('removes EXIF and its GPS position from every stored variant', async () => {
    const original = await solidImage(1000, 700)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'lot-attendant-name' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' },
      })
      .toBuffer();
    expect(hasGpsPointer((await sharp(original).metadata()).exif!)).toBe(true);
    await uploaded(cars[1]!, [{ bytes: original }]);
    const [image] = (await publicCar(cars[1]!)).images;
    for (const url of [...srcsetUrls(image!.srcset), ...srcsetUrls(image!.webpSrcset)]) {
      const bytes = (await fetchMedia(url)).rawPayload;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(bytes.includes(Buffer.from('lot-attendant-name'))).toBe(false);
    }
  });

  it('turns a photo taken sideways upright', async () => {
    const sideways = await solidImage(900, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const photos = await uploaded(cars[1]!, [{ bytes: sideways }]);
    expect(photos.at(-1)).toMatchObject({ width: 600, height: 900 });
    const stored = await sharp((await fetchMedia(photos.at(-1)!.url)).rawPayload).metadata();
    expect(stored).toMatchObject({ width: 600, height: 900 });
    expect(stored.orientation).toBeUndefined();
  });

  it('takes a 48-megapixel phone photo', async () => {
    const phone = await solidImage(8064, 6048).jpeg({ quality: 70 }).toBuffer();
    const photos = await uploaded(cars[3]!, [{ bytes: phone }]);
    expect(photos.at(-1)).toMatchObject({ width: 1920, height: 1440 });
  });

  it('serves a photo for ever cacheable, named by its hash, with its type', async () => {
    const [image] = (await publicCar(cars[0]!)).images;
    const url = srcsetUrls(image!.webpSrcset)[0]!;
    const hash = /\/media\/photos\/([0-9a-f]{64})\.webp$/.exec(url)![1]!;
    const res = await fetchMedia(url);
    expect(res.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': 'image/webp',
      etag: `"${hash}"`,
    });
    const jpeg = await fetchMedia(srcsetUrls(image!.srcset)[0]!);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
  });

  it('answers a cache that asks again with 304 from the ETag', async () => {
    const [image] = (await publicCar(cars[0]!)).images;
    const url = srcsetUrls(image!.srcset)[0]!;
    const { etag } = (await fetchMedia(url)).headers;
    const again = await fetchMedia(url, { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('answers 404 for a photo that is not stored, or asked for in a format it is not in', async () => {
    expect((await fetchMedia(`/media/photos/${'0'.repeat(64)}.webp`)).statusCode).toBe(404);
    const [image] = (await publicCar(cars[0]!)).images;
    const webp = srcsetUrls(image!.webpSrcset)[0]!;
    expect((await fetchMedia(webp.replace(/\.webp$/, '.jpg'))).statusCode).toBe(404);
    expect((await fetchMedia('/media/photos/not-a-hash.webp')).statusCode).toBe(400);
  });

  it('shows uploaded photos instead of the drawings on the car page and its card, cover first', async () => {
    const car = cars[2]!;
    const before = await publicCar(car);
    expect(before.photos[0]).toMatch(/^\/media\/cars\//);
    const photos = await uploaded(car, [
      { bytes: await solidImage(1600, 900, '#aa0000').jpeg().toBuffer() },
      { bytes: await solidImage(1600, 900, '#00aa00').jpeg().toBuffer() },
    ]);
    const after = await publicCar(car);
    expect(after.photos).toHaveLength(2);
    expect(after.images.map((image) => image.src)).toEqual(after.photos);
    expect(after.images[0]).toMatchObject({ width: 1600, height: 900 });
    expect(after.images[0]!.webpSrcset).toMatch(/^\/media\/photos\/[0-9a-f]{64}\.webp 320w, /);

    await reorder(car, [photos[1]!.id, photos[0]!.id]);
    const reordered = await publicCar(car);
    expect(reordered.photos).toEqual([after.photos[1], after.photos[0]]);
    const list = await t.app.inject({ method: 'GET', url: '/api/cars?limit=100' });
    const card = list.json<Paged<CarCard>>().items.find((item) => item.uuid === car)!;
    expect(card.photo).toBe(reordered.photos[0]);
    expect(card.image).toEqual(reordered.images[0]);
  });

  it('keeps the drawings of a car without uploaded photos, with their size', async () => {
    const car = await publicCar(cars[4]!);
    expect(car.photos[0]).toMatch(/^\/media\/cars\//);
    expect(car.images).toEqual(car.photos.map((src) => ({ src, srcset: null, webpSrcset: null, width: 800, height: 450 })));
  });

  it('reorders a car’s photos: the first becomes the cover', async () => {
    const car = cars[1]!;
    const photos = (await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', car).orderBy('position').execute()).map(
      (row) => row.id,
    );
    const res = await reorder(car, [...photos].reverse());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InventoryPhoto[]>().map((photo) => photo.id)).toEqual([...photos].reverse());
  });

  it.each([
    [
      'an id of another car’s photo',
      async () => [(await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', cars[0]!).executeTakeFirstOrThrow()).id],
    ],
    ['the same id twice', async (ids: string[]) => [ids[0]!, ids[0]!]],
    ['one id missing', async (ids: string[]) => ids.slice(1)],
    ['an unknown id', async (ids: string[]) => [ids[0]!, randomUUID()]],
  ])('refuses an order with %s with 400', async (_case, order) => {
    const car = cars[1]!;
    const ids = (await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', car).orderBy('position').execute()).map(
      (row) => row.id,
    );
    const res = await reorder(car, await order(ids));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toHaveProperty('order');
  });

  it('refuses an order that is not a list of ids with 400', async () => {
    expect((await reorder(cars[1]!, 'all of them')).statusCode).toBe(400);
    expect((await reorder(cars[1]!, ['not-an-id'])).statusCode).toBe(400);
  });

  it('deletes a photo, and the next one becomes the cover', async () => {
    const car = cars[1]!;
    const [cover, next, ...rest] = (
      await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', car).orderBy('position').execute()
    ).map((row) => row.id);
    const res = await remove(car, cover!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InventoryPhoto[]>().map((photo) => photo.id)).toEqual([next, ...rest]);
    const positions = await t.db.selectFrom('car_photos').select('position').where('car_uuid', '=', car).orderBy('position').execute();
    expect(positions.map((row) => row.position)).toEqual([...Array(positions.length).keys()]);
    expect((await remove(car, cover!)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown car', async () => {
    const unknown = randomUUID();
    expect((await upload(unknown, [{ bytes: landscape }])).statusCode).toBe(404);
    expect((await reorder(unknown, [])).statusCode).toBe(404);
    expect((await remove(unknown, randomUUID())).statusCode).toBe(404);
  });

  it('keeps a car to 40 photos, refusing the rest before decoding them', async () => {
    const car = cars[3]!;
    const fake = { '320': { webp: 'a'.repeat(64), jpeg: 'b'.repeat(64), width: 320, height: 240 } };
    const has = (await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', car).execute()).length;
    await t.db
      .insertInto('car_photos')
      .values(
        Array.from({ length: 39 - has }, (_, i) => ({
          car_uuid: car,
          position: has + i,
          width: 320,
          height: 240,
          variants: JSON.stringify(fake),
          hashes: [fake['320'].webp, fake['320'].jpeg],
        })),
      )
      .execute();
    const two = await upload(car, [{ bytes: landscape }, { bytes: landscape }]);
    expect(two.statusCode).toBe(409);
    expect(errorOf(two).message).toContain('at most 40 photos');
    expect((await upload(car, [{ bytes: landscape }])).statusCode).toBe(201);
    const decoded = t.app.images.counters.decoded;
    const full = await upload(car, [{ bytes: landscape }]);
    expect(full.statusCode).toBe(409);
    expect(t.app.images.counters.decoded).toBe(decoded);
  });

  it('answers 503 busy with Retry-After while every decoding slot and the queue are taken, and keeps no photo', async () => {
    const { images } = t.app;
    const before = (await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', cars[0]!).execute()).length;
    let free = () => {};
    const taken = new Promise<void>((resolve) => (free = resolve));
    // Other uploads' decodes, still running: the cap of them in slots and a full queue behind them.
    const held = Array.from({ length: images.concurrency + images.queueLimit }, () => images.decode(landscape, () => taken));
    try {
      await untilCounters(images, { inFlight: images.concurrency, waiting: images.queueLimit });
      const res = await upload(cars[0]!, [{ bytes: landscape }]);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(errorOf(res).code).toBe('busy');
    } finally {
      free();
      await Promise.all(held);
    }
    expect((await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', cars[0]!).execute()).length).toBe(before);
  });

  it('refuses a HEIC photo with 415, saying which formats work', async () => {
    // An ISO-BMFF 'ftyp' box of brand heic, as an iPhone writes it.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(200, 1)]);
    const res = await upload(cars[0]!, [{ bytes: heic, filename: 'IMG_0001.HEIC' }]);
    expect(res.statusCode).toBe(415);
    expect(errorOf(res).message).toMatch(/IMG_0001\.HEIC.*JPEG, PNG or WebP/);
  });

  it('refuses a PDF named .jpg with 415', async () => {
    const res = await upload(cars[0]!, [{ bytes: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF'), filename: 'car.jpg' }]);
    expect(res.statusCode).toBe(415);
  });

  it('refuses an empty file with 400', async () => {
    const res = await upload(cars[0]!, [{ bytes: Buffer.alloc(0) }]);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toContain('empty');
  });

  it('refuses a JPEG cut short with 400, and keeps none of the photos sent with it', async () => {
    const before = (await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', cars[0]!).execute()).length;
    const noisy = await sharp(
      Buffer.alloc(600 * 400 * 3, 0).map((_, i) => (i * 7919) % 251),
      { raw: { width: 600, height: 400, channels: 3 } },
    )
      .jpeg()
      .toBuffer();
    const res = await upload(cars[0]!, [{ bytes: landscape }, { bytes: noisy.subarray(0, noisy.length / 2), filename: 'cut.jpg' }]);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/^Photo 2 \(cut\.jpg\)/);
    expect((await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', cars[0]!).execute()).length).toBe(before);
  });

  it('refuses an image of more than 50 megapixels with 413 from its header, before decoding it', async () => {
    // A PNG whose header claims 8000 × 8000 pixels: the header alone decides, so no pixel data is needed.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(8000, 0);
    header.writeUInt32BE(8000, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const bomb = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(64))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const decoded = t.app.images.counters.decoded;
    const res = await upload(cars[0]!, [{ bytes: bomb, filename: 'bomb.png' }]);
    expect(res.statusCode, res.body).toBe(413);
    expect(errorOf(res).message).toContain('64 megapixels');
    expect(t.app.images.counters.decoded).toBe(decoded);
  });

  it('refuses a form without a photo with 400', async () => {
    const res = await injectAs(t.app, ADMIN, {
      method: 'POST',
      url: `/api/inventory/${cars[0]}/photos`,
      ...multipart([{ name: 'note', value: 'hello' }]),
    });
    expect(res.statusCode).toBe(400);
    expect(
      (await injectAs(t.app, ADMIN, { method: 'POST', url: `/api/inventory/${cars[0]}/photos`, payload: { file: 'x' } })).statusCode,
    ).toBe(415);
  });

  it('records who added, reordered and deleted photos', async () => {
    const actions = await t.db
      .selectFrom('audit_events')
      .select(['action', 'entity_id'])
      .where('action', 'like', 'car.photo%')
      .orderBy('id')
      .execute();
    expect(new Set(actions.map((row) => row.action))).toEqual(new Set(['car.photos_added', 'car.photos_reordered', 'car.photo_deleted']));
    expect(actions.every((row) => row.entity_id !== null && cars.includes(row.entity_id))).toBe(true);
  });

  describe('who may manage photos', () => {
    const callers = async () => ({
      anonymous: null,
      guest: { cookie: (await createGuest(t.app, cars[0]!)).cookie },
      customer: CUSTOMER,
    });

    it.each([
      ['anonymous', 401],
      ['guest', 401],
      ['customer', 403],
    ] as const)('refuses the %s caller with %i on every photo route', async (name, status) => {
      const who = (await callers())[name];
      const photo = (await t.db.selectFrom('car_photos').select('id').where('car_uuid', '=', cars[0]!).executeTakeFirstOrThrow()).id;
      const before = await t.db
        .selectFrom('car_photos')
        .select(['id', 'position'])
        .where('car_uuid', '=', cars[0]!)
        .orderBy('position')
        .execute();
      expect((await upload(cars[0]!, [{ bytes: landscape }], who)).statusCode).toBe(status);
      expect((await reorder(cars[0]!, before.map((row) => row.id).reverse(), who)).statusCode).toBe(status);
      expect((await remove(cars[0]!, photo, who)).statusCode).toBe(status);
      expect(
        await t.db.selectFrom('car_photos').select(['id', 'position']).where('car_uuid', '=', cars[0]!).orderBy('position').execute(),
      ).toEqual(before);
    });
  });
});
