import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { MyTradeIn } from '../../../domain/contracts/trade-ins.ts';
import { MAX_TRADE_IN_PHOTOS, type TradeInAngle } from '../../../domain/trade-ins/trade-in.schema.ts';
import { useTestApp } from '../../test/app.ts';
import { multipart, solidImage, type Who } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { createTradeInChatPhotosService } from './trade-in-photos.service.ts';

const ADMIN: TestTelegramUser = { id: 9_400_000, first_name: 'Ada' };

/** The EXIF tag that points at the GPS block (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe.each(DATABASE_KINDS)("a trade-in's photos on %s", (kind) => {
  const t = useTestApp(kind);
  let nextTelegramId = 9_400_001;
  let photo: Buffer;
  const newShopper = (): TestTelegramUser => ({ id: nextTelegramId++, first_name: 'Sam' });
  const chat = () => createTradeInChatPhotosService({ db: t.db, images: t.app.images, media: t.app.media });

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    photo = await solidImage(1600, 1200, '#884422').jpeg().toBuffer();
  });

  const errorOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error;
  const start = async (who: Who) => {
    const res = await injectAs(t.app, who, { method: 'POST', url: '/api/trade-ins/mine', payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MyTradeIn>();
  };
  const upload = (who: Who, angle: string, bytes: Buffer, contentType = 'image/jpeg') =>
    injectAs(t.app, who, {
      method: 'POST',
      url: '/api/trade-ins/mine/photos',
      ...multipart([
        { name: 'angle', value: angle },
        { name: 'file', value: bytes, filename: 'car.jpg', contentType },
      ]),
    });
  const uploaded = async (who: Who, angle: TradeInAngle, bytes = photo) => {
    const res = await upload(who, angle, bytes);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MyTradeIn>();
  };
  const fetchPhoto = (who: Who, url: string) => injectAs(t.app, who, { method: 'GET', url });

  it('keeps photos in the order of their angles, then as they came, and lists the angles still missing', async () => {
    const shopper = newShopper();
    await start(shopper);
    await uploaded(shopper, 'odometer');
    await uploaded(shopper, 'damage');
    await uploaded(shopper, 'front');
    const tradeIn = await uploaded(shopper, 'odometer');
    expect(tradeIn.photos.map(({ angle, position }) => [angle, position])).toEqual([
      ['front', 0],
      ['odometer', 1],
      ['odometer', 2],
      ['damage', 3],
    ]);
    expect(tradeIn.photos[0]).toMatchObject({ width: 1600, height: 1200, url: `/api/trade-ins/mine/photos/${tradeIn.photos[0]!.id}` });
    expect(tradeIn.missingAngles).toEqual(['rear', 'left', 'right', 'interior']);
  });

  it('stores the photo without its EXIF and GPS position, and serves each stored width and format', async () => {
    const shopper = newShopper();
    await start(shopper);
    const original = await solidImage(1600, 1200)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' },
      })
      .toBuffer();
    expect(hasGpsPointer((await sharp(original).metadata()).exif!)).toBe(true);
    const [stored] = (await uploaded(shopper, 'front', original)).photos;
    const jpeg = await fetchPhoto(shopper, stored!.url);
    expect(jpeg.statusCode).toBe(200);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(jpeg.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 960 });
    expect(meta.exif).toBeUndefined();
    const small = await fetchPhoto(shopper, `${stored!.url}?size=320&format=webp`);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320 });
    expect((await fetchPhoto(shopper, `${stored!.url}?size=77`)).statusCode).toBe(400);
  });

  it("never serves one shopper's photo to another, and serves it to staff by the trade-in's id", async () => {
    const shopper = newShopper();
    const { id } = await start(shopper);
    const [stored] = (await uploaded(shopper, 'rear')).photos;
    const other = newShopper();
    await start(other);
    expect((await fetchPhoto(other, stored!.url)).statusCode).toBe(404);
    expect((await fetchPhoto(null, stored!.url)).statusCode).toBe(404);
    expect((await fetchPhoto(other, `/api/trade-ins/${id}/photos/${stored!.id}`)).statusCode).toBe(403);
    const staff = await fetchPhoto(ADMIN, `/api/trade-ins/${id}/photos/${stored!.id}`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers['content-type']).toBe('image/jpeg');
    expect((await fetchPhoto(ADMIN, `/api/trade-ins/${id + 1}/photos/${stored!.id}`)).statusCode).toBe(404);
  });

  it('refuses an empty file, a file that is no image, a missing file and an unknown angle, saying which', async () => {
    const shopper = newShopper();
    await start(shopper);
    const empty = await upload(shopper, 'front', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toMatch(/empty \(0 bytes\)/);
    const text = await upload(shopper, 'front', Buffer.from('not a photo at all'), 'text/plain');
    expect(text.statusCode).toBe(415);
    expect(errorOf(text).code).toBe('unsupported_media_type');
    expect(errorOf(text).message).toMatch(/JPEG, PNG or WebP/);
    const noFile = await injectAs(t.app, shopper, {
      method: 'POST',
      url: '/api/trade-ins/mine/photos',
      ...multipart([{ name: 'angle', value: 'front' }]),
    });
    expect(errorOf(noFile)).toMatchObject({ code: 'bad_request', fields: { file: 'file is required' } });
    const badAngle = await upload(shopper, 'roof', photo);
    expect(badAngle.statusCode).toBe(400);
    expect(errorOf(badAngle).fields).toMatchObject({ angle: 'Choose one of the listed angles.' });
    const res = await injectAs(t.app, shopper, { method: 'GET', url: '/api/trade-ins/mine' });
    expect(res.json<MyTradeIn>().photos).toEqual([]);
  });

  it(`refuses the ${MAX_TRADE_IN_PHOTOS + 1}st photo`, async () => {
    const shopper = newShopper();
    const { id } = await start(shopper);
    await uploaded(shopper, 'front');
    const first = await t.db.selectFrom('trade_in_photos').selectAll().where('trade_in_id', '=', id).executeTakeFirstOrThrow();
    await t.db
      .insertInto('trade_in_photos')
      .values(
        Array.from({ length: MAX_TRADE_IN_PHOTOS - 1 }, (_, i) => ({
          trade_in_id: id,
          angle: 'damage' as const,
          position: i + 1,
          width: first.width,
          height: first.height,
          variants: JSON.stringify(first.variants),
          hashes: first.hashes,
        })),
      )
      .execute();
    const res = await upload(shopper, 'rear', photo);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('too_many_photos');
    expect(errorOf(res).message).toMatch(/at most 40 photos/);
  });

  it('deletes a photo and closes the gap; photos no longer change once staff answered', async () => {
    const shopper = newShopper();
    const { id } = await start(shopper);
    await uploaded(shopper, 'front');
    await uploaded(shopper, 'rear');
    const [front] = (await uploaded(shopper, 'left')).photos;
    const res = await injectAs(t.app, shopper, { method: 'DELETE', url: `/api/trade-ins/mine/photos/${front!.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const left = res.json<MyTradeIn>();
    expect(left.photos.map(({ angle, position }) => [angle, position])).toEqual([
      ['rear', 0],
      ['left', 1],
    ]);
    expect(left.missingAngles).toContain('front');
    expect(
      (await injectAs(t.app, newShopper(), { method: 'DELETE', url: `/api/trade-ins/mine/photos/${left.photos[0]!.id}` })).statusCode,
    ).toBe(404);
    await t.db.updateTable('trade_ins').set({ status: 'offered' }).where('id', '=', id).execute();
    expect((await upload(shopper, 'front', photo)).statusCode).toBe(409);
    expect((await injectAs(t.app, shopper, { method: 'DELETE', url: `/api/trade-ins/mine/photos/${left.photos[0]!.id}` })).statusCode).toBe(
      409,
    );
  });

  it('keeps the stored files of trade-in photos when the media store sweeps what nothing names', async () => {
    const shopper = newShopper();
    const { id } = await start(shopper);
    await uploaded(shopper, 'interior');
    const { hashes } = await t.db.selectFrom('trade_in_photos').select('hashes').where('trade_in_id', '=', id).executeTakeFirstOrThrow();
    await t.app.media.deleteUnreferenced(new Date(Date.now() + 60_000));
    for (const hash of hashes) expect(await t.app.media.get(hash)).not.toBeNull();
  });

  describe('sent in the bot’s chat', () => {
    const userIdOf = async (telegramId: number) =>
      (await t.db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirstOrThrow()).id;
    const loaders = (...photos: Buffer[]) => photos.map((bytes) => () => Promise.resolve(bytes));

    it('takes an album after "Send photos in the chat", giving it the angles still missing in order', async () => {
      const shopper = newShopper();
      await start(shopper);
      await injectAs(t.app, shopper, {
        method: 'PATCH',
        url: '/api/trade-ins/mine',
        payload: { year: 2015, make: 'Honda', model: 'Civic' },
      });
      await uploaded(shopper, 'front');
      expect(await chat().openChatPhotos(shopper.id)).toEqual({
        outcome: 'opened',
        title: '2015 Honda Civic',
        missingAngles: ['rear', 'left', 'right', 'interior', 'odometer'],
      });
      expect(await chat().addChatPhotos(shopper.id, loaders(photo, photo))).toEqual({
        outcome: 'added',
        added: 2,
        photoCount: 3,
        title: '2015 Honda Civic',
        missingAngles: ['right', 'interior', 'odometer'],
      });
      const { chat_photos_until: until } = await t.db
        .selectFrom('trade_ins')
        .select('chat_photos_until')
        .where('user_id', '=', await userIdOf(shopper.id))
        .executeTakeFirstOrThrow();
      expect(until!.getTime()).toBeGreaterThan(Date.now());
      const mine = (await injectAs(t.app, shopper, { method: 'GET', url: '/api/trade-ins/mine' })).json<MyTradeIn>();
      expect(mine.photos.map((p) => p.angle)).toEqual(['front', 'rear', 'left']);
    });

    it('is not collecting before "Send photos in the chat", nor for someone with no trade-in', async () => {
      const shopper = newShopper();
      await start(shopper);
      expect(await chat().addChatPhotos(shopper.id, loaders(photo))).toEqual({ outcome: 'not_collecting' });
      const stranger = newShopper();
      expect(await chat().openChatPhotos(stranger.id)).toEqual({ outcome: 'no_trade_in' });
      expect(await chat().addChatPhotos(stranger.id, loaders(photo))).toEqual({ outcome: 'not_collecting' });
    });

    it('is not collecting once the half hour is over', async () => {
      const shopper = newShopper();
      const { id } = await start(shopper);
      await chat().openChatPhotos(shopper.id);
      await t.db
        .updateTable('trade_ins')
        .set({ chat_photos_until: new Date(Date.now() - 1000) })
        .where('id', '=', id)
        .execute();
      expect(await chat().addChatPhotos(shopper.id, loaders(photo))).toEqual({ outcome: 'not_collecting' });
    });

    it('adds none of an album with a file that is no photo, and says which one', async () => {
      const shopper = newShopper();
      await start(shopper);
      await chat().openChatPhotos(shopper.id);
      expect(await chat().addChatPhotos(shopper.id, loaders(photo, Buffer.from('hello')))).toEqual({
        outcome: 'refused',
        refusal: { reason: 'wrong_type', photo: 2 },
      });
      const mine = (await injectAs(t.app, shopper, { method: 'GET', url: '/api/trade-ins/mine' })).json<MyTradeIn>();
      expect(mine.photos).toEqual([]);
    });

    it('refuses an album that would take the trade-in past its photo limit before loading any', async () => {
      const shopper = newShopper();
      await start(shopper);
      await chat().openChatPhotos(shopper.id);
      const never = () => Promise.reject(new Error('not to be loaded'));
      const album = Array.from({ length: MAX_TRADE_IN_PHOTOS + 1 }, () => never);
      expect(await chat().addChatPhotos(shopper.id, album)).toEqual({
        outcome: 'refused',
        refusal: { reason: 'too_many', has: 0, adding: MAX_TRADE_IN_PHOTOS + 1, max: MAX_TRADE_IN_PHOTOS },
      });
    });
  });
});
