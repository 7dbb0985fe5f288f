import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UploadedDocument } from '../../../domain/contracts/documents.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { useTestApp } from '../../test/app.ts';
import { licencePhoto as photo, multipart, solidImage, untilCounters } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { cookieHeader, createGuest, tmaHeaders, type TestTelegramUser } from '../../test/identity.ts';
import { openDocumentContent, openPrintContent } from './application-records.service.ts';
import { MAX_UNATTACHED_DOCUMENTS, WRONG_TYPE_MESSAGE } from './documents.service.ts';

const URL = '/api/applications/documents';
/** Random pixels, so the encoded file is not trivially small and a cut anywhere breaks it. */
function noise(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

/** One colour, 8000 × 8000: under a megabyte on disk, 64 megapixels (about 190 MB) once decoded. Made once for every suite. */
let pixelBombPng: Promise<Buffer> | undefined;
const pixelBomb = () => (pixelBombPng ??= solidImage(8000, 8000).png().toBuffer());

/** The EXIF tag that points at the GPS block (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe.each(DATABASE_KINDS)('licence photo uploads on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let smallJpeg: Buffer;
  let car: string;

  beforeAll(async () => {
    smallJpeg = await solidImage(64, 48).jpeg().toBuffer();
    car = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
  });

  const upload = (body: { payload: Buffer; headers: Record<string, string> }, identity: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: URL, payload: body.payload, headers: { ...body.headers, ...identity } });
  const userIdOf = async (telegramId: number) =>
    (await t.db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirstOrThrow()).id;
  const storedRow = (id: number) => t.db.selectFrom('application_documents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const storedImage = async (id: number) => openDocumentContent(t.app.pii, (await storedRow(id)).content_encrypted);
  const printCopy = async (id: number) => {
    const sealed = (await storedRow(id)).print_content_encrypted;
    if (sealed === null) throw new Error(`document ${id} has no print copy`);
    return openPrintContent(t.app.pii, sealed);
  };
  let nextTelegramId = 9100;
  const someone = (): TestTelegramUser => ({ id: nextTelegramId++ });

  it('stores a JPEG as a Telegram user and answers what was stored', async () => {
    const who = someone();
    const res = await upload(photo(await solidImage(800, 600).jpeg().toBuffer()), tmaHeaders(who));
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json<UploadedDocument>();
    expect(Object.keys(doc).sort()).toEqual(['height', 'id', 'mime', 'side', 'size', 'width']);
    expect(doc).toMatchObject({ side: 'front', mime: 'image/jpeg', width: 800, height: 600 });
    expect(Number.isInteger(doc.id) && doc.size > 0).toBe(true);
    const row = await storedRow(doc.id);
    expect(row).toMatchObject({
      owner_user_id: await userIdOf(who.id),
      application_id: null,
      side: 'front',
      mime: 'image/jpeg',
      size: doc.size,
      width: 800,
      height: 600,
      key_id: t.app.pii.keyId,
    });
    const image = await storedImage(doc.id);
    expect(image.length).toBe(doc.size);
    expect(row.sha256).toBe(createHash('sha256').update(image).digest('hex'));
  });

  it('drops EXIF and GPS and turns the photo upright by its EXIF orientation', async () => {
    const original = await solidImage(300, 200)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'secret-owner-name' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(original).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif && hasGpsPointer(before.exif)).toBe(true);

    const res = await upload(photo(original, { side: 'back' }), tmaHeaders(someone()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<UploadedDocument>()).toMatchObject({ side: 'back', width: 200, height: 300 });
    const stored = await storedImage(res.json<UploadedDocument>().id);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 200, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('secret-owner-name'))).toBe(false);
  });

  it('stores a 4000-pixel photo at 2400 pixels on its longest edge', async () => {
    const res = await upload(photo(await solidImage(4000, 3000).jpeg().toBuffer()), tmaHeaders(someone()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<UploadedDocument>()).toMatchObject({ width: 2400, height: 1800 });
    expect(await sharp(await storedImage(res.json<UploadedDocument>().id)).metadata()).toMatchObject({ width: 2400, height: 1800 });
  });

  it('keeps a print-size copy of the photo beside it, 1,200 pixels on its longest edge, and the photo itself as it was', async () => {
    const res = await upload(photo(await noise(3200, 2000).jpeg().toBuffer()), tmaHeaders(someone()));
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json<UploadedDocument>();
    expect(doc).toMatchObject({ width: 2400, height: 1500 });
    const image = await storedImage(doc.id);
    expect(await storedRow(doc.id)).toMatchObject({
      size: image.length,
      width: 2400,
      height: 1500,
      sha256: createHash('sha256').update(image).digest('hex'),
    });
    expect(await sharp(image).metadata()).toMatchObject({ width: 2400, height: 1500 });
    const print = await printCopy(doc.id);
    expect(await sharp(print).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 750 });
    expect(print.length).toBeLessThan(image.length);
  });

  it('keeps the print copy of a photo smaller than the print size at its own size, never enlarged', async () => {
    const res = await upload(photo(await solidImage(800, 600).jpeg().toBuffer()), tmaHeaders(someone()));
    expect(res.statusCode, res.body).toBe(201);
    expect(await sharp(await printCopy(res.json<UploadedDocument>().id)).metadata()).toMatchObject({ width: 800, height: 600 });
  });

  it('turns the print copy upright and drops its EXIF like the photo', async () => {
    const original = await solidImage(3000, 2000)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret-owner-name' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(photo(original), tmaHeaders(someone()));
    expect(res.statusCode, res.body).toBe(201);
    const print = await printCopy(res.json<UploadedDocument>().id);
    const after = await sharp(print).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(print.includes(Buffer.from('secret-owner-name'))).toBe(false);
  });

  it.each([
    ['PNG', () => solidImage(120, 80).png().toBuffer()],
    ['WebP', () => solidImage(120, 80).webp().toBuffer()],
    [
      'PNG with transparency',
      () =>
        sharp({ create: { width: 120, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
          .png()
          .toBuffer(),
    ],
  ])('accepts a %s photo and stores it as JPEG', async (_, make) => {
    const res = await upload(
      photo(await make(), { filename: 'licence.bin', contentType: 'application/octet-stream' }),
      tmaHeaders(someone()),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<UploadedDocument>()).toMatchObject({ mime: 'image/jpeg', width: 120, height: 80 });
    expect((await sharp(await storedImage(res.json<UploadedDocument>().id)).metadata()).format).toBe('jpeg');
  });

  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n')],
    ['plain text', Buffer.from('this is not a photo of a licence')],
    ['a GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
  ])('refuses %s named licence.jpg and sent as image/jpeg with 415 and a plain message', async (_, bytes) => {
    const res = await upload(photo(bytes), tmaHeaders(someone()));
    expect(res.statusCode).toBe(415);
    expect(res.json<ErrorBody>().error).toEqual({ code: 'unsupported_media_type', message: WRONG_TYPE_MESSAGE });
  });

  it('refuses a truncated JPEG with 400', async () => {
    const whole = await noise(200, 200).jpeg().toBuffer();
    const res = await upload(photo(whole.subarray(0, Math.floor(whole.length / 2))), tmaHeaders(someone()));
    expect(res.statusCode, res.body).toBe(400);
  });

  it('refuses a pixel bomb from its header with 413 and says what to send instead, decoding nothing', async () => {
    const { decoded, refusedTooLarge } = t.app.images.counters;
    const res = await upload(photo(await pixelBomb(), { filename: 'licence.png', contentType: 'image/png' }), tmaHeaders(someone()));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json<ErrorBody>().error).toEqual({
      code: 'payload_too_large',
      message:
        'This photo has 64 megapixels; at most 24 are accepted. Take it again at a lower resolution, or send a smaller copy (a photo about 2,000 pixels wide is plenty).',
    });
    expect(t.app.images.counters).toMatchObject({ decoded, refusedTooLarge: refusedTooLarge + 1 });
  });

  it('decodes two uploads of big photos sent at once one after the other, never more than the cap at once, and stores both', async () => {
    const big = await solidImage(4000, 3000).jpeg().toBuffer();
    const before = { ...t.app.images.counters };
    const answers = await Promise.all([upload(photo(big), tmaHeaders(someone())), upload(photo(big), tmaHeaders(someone()))]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
    const after = t.app.images.counters;
    expect(after.decoded - before.decoded).toBe(2);
    // They met: some waited for a slot, and no more than the cap ever decoded at once.
    expect(after.queued - before.queued).toBeGreaterThan(0);
    expect(after.peakInFlight).toBe(t.app.images.concurrency);
  });

  it('answers 503 busy with Retry-After when every decoding slot and the queue are taken, and decodes again once they free up', async () => {
    const { images } = t.app;
    let free = () => {};
    const taken = new Promise<void>((resolve) => (free = resolve));
    // Other uploads' decodes, still running: the cap of them in slots and a full queue behind them.
    const held = Array.from({ length: images.concurrency + images.queueLimit }, () => images.decode(smallJpeg, () => taken));
    try {
      await untilCounters(images, { inFlight: images.concurrency, waiting: images.queueLimit });
      const res = await upload(photo(smallJpeg), tmaHeaders(someone()));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json<ErrorBody>().error).toEqual({
        code: 'busy',
        message: 'Too many photos are being processed right now. Try again in a few seconds.',
      });
    } finally {
      free();
      await Promise.all(held);
    }
    expect((await upload(photo(smallJpeg), tmaHeaders(someone()))).statusCode).toBe(201);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0x41);
    smallJpeg.copy(big);
    const res = await upload(photo(big), tmaHeaders(someone()));
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorBody>().error.code).toBe('payload_too_large');
  });

  it.each([
    ['no file', () => multipart([{ name: 'side', value: 'front' }])],
    ['an empty file', () => photo(Buffer.alloc(0))],
    ['no side', () => multipart([{ name: 'file', value: smallJpeg, filename: 'a.jpg', contentType: 'image/jpeg' }])],
    ['a side that is neither front nor back', () => photo(smallJpeg, { side: 'middle' })],
    [
      'side twice',
      () =>
        multipart([
          { name: 'side', value: 'front' },
          { name: 'side', value: 'back' },
          { name: 'file', value: smallJpeg, filename: 'a.jpg' },
        ]),
    ],
  ])('answers 400 for %s, without creating a guest', async (_, body) => {
    const res = await upload(body());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers 415 to a body that is not multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { side: 'front' }, headers: tmaHeaders(someone()) });
    expect(res.statusCode).toBe(415);
  });

  it('answers 413 to a second file', async () => {
    const body = multipart([
      { name: 'side', value: 'front' },
      { name: 'file', value: smallJpeg, filename: 'a.jpg' },
      { name: 'file2', value: smallJpeg, filename: 'b.jpg' },
    ]);
    expect((await upload(body, tmaHeaders(someone()))).statusCode).toBe(413);
  });

  it(`refuses the upload after ${MAX_UNATTACHED_DOCUMENTS} unattached documents with 429`, async () => {
    const who = tmaHeaders(someone());
    for (let i = 0; i < MAX_UNATTACHED_DOCUMENTS; i++) expect((await upload(photo(smallJpeg), who)).statusCode).toBe(201);
    const res = await upload(photo(smallJpeg), who);
    expect(res.statusCode).toBe(429);
    expect(res.json<ErrorBody>().error.code).toBe('rate_limited');
  });

  it('purges unattached documents older than 7 days when anyone uploads', async () => {
    const who = someone();
    const first = await upload(photo(smallJpeg), tmaHeaders(who));
    const fresh = await upload(photo(smallJpeg), tmaHeaders(who));
    const old = first.json<UploadedDocument>().id;
    await t.db
      .updateTable('application_documents')
      .set({ created_at: sql<Date>`now() - interval '8 days'` })
      .where('id', '=', old)
      .execute();
    await t.db
      .updateTable('application_documents')
      .set({ created_at: sql<Date>`now() - interval '6 days'` })
      .where('id', '=', fresh.json<UploadedDocument>().id)
      .execute();
    expect((await upload(photo(smallJpeg), tmaHeaders(someone()))).statusCode).toBe(201);
    const left = await t.db
      .selectFrom('application_documents')
      .select('id')
      .where('id', 'in', [old, fresh.json<UploadedDocument>().id])
      .execute();
    expect(left.map((r) => r.id)).toEqual([fresh.json<UploadedDocument>().id]);
  });

  it('keeps no plaintext image in the row', async () => {
    const res = await upload(photo(await noise(100, 100).jpeg().toBuffer()), tmaHeaders(someone()));
    const row = await storedRow(res.json<UploadedDocument>().id);
    const raw = Buffer.from(row.content_encrypted);
    const image = await storedImage(row.id);
    expect(raw.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(raw.includes(image.subarray(0, 64))).toBe(false);
    expect(raw.includes(Buffer.from('JFIF'))).toBe(false);
    expect(() => t.app.pii.decryptBytes(raw, { context: 'applications.ssn' })).toThrow();
  });

  it('keeps no plaintext print copy in the row, sealed to its own column', async () => {
    const res = await upload(photo(await noise(100, 100).jpeg().toBuffer()), tmaHeaders(someone()));
    const row = await storedRow(res.json<UploadedDocument>().id);
    const raw = Buffer.from(row.print_content_encrypted!);
    const print = await printCopy(row.id);
    expect(raw.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
    expect(raw.includes(print.subarray(0, 64))).toBe(false);
    expect(raw.includes(Buffer.from('JFIF'))).toBe(false);
    expect(() => openDocumentContent(t.app.pii, raw)).toThrow();
  });

  it('gives a plain-web visitor a guest cookie and owns the photo by that guest', async () => {
    const res = await upload(photo(smallJpeg));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.cookies.find((c) => c.name === 'guest')).toMatchObject({ httpOnly: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieHeader(res) } });
    const row = await storedRow(res.json<UploadedDocument>().id);
    expect(row.owner_user_id).toBe(me.json<{ user: { id: number } }>().user.id);
  });

  it("moves a guest's unattached photos to the Telegram user on merge", async () => {
    const guest = await createGuest(t.app, car);
    const ids: number[] = [];
    for (const side of ['front', 'back']) {
      const res = await upload(photo(smallJpeg, { side }), { cookie: guest.cookie });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['set-cookie']).toBeUndefined();
      ids.push(res.json<UploadedDocument>().id);
    }
    const who = someone();
    await t.app.inject({ method: 'GET', url: '/api/me', headers: { ...tmaHeaders(who), cookie: guest.cookie } });
    const rows = await t.db.selectFrom('application_documents').select(['owner_user_id']).where('id', 'in', ids).execute();
    expect(rows.map((r) => r.owner_user_id)).toEqual([await userIdOf(who.id), await userIdOf(who.id)]);
    // Still readable: the ciphertext is not bound to its owner.
    expect((await sharp(await storedImage(ids[0]!)).metadata()).format).toBe('jpeg');
  });
});

describe.each(DATABASE_KINDS)('licence photo uploads under the strict per-client limit on %s', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_STRICT_MAX: '2' } });

  it('refuses the third upload in a minute from one address with 429, whoever signs it', async () => {
    const body = photo(await solidImage(64, 48).jpeg().toBuffer());
    const answers: string[] = [];
    for (const id of [9201, 9202, 9203]) {
      const res = await t.app.inject({
        method: 'POST',
        url: URL,
        payload: body.payload,
        headers: { ...body.headers, ...tmaHeaders({ id }) },
      });
      answers.push(res.statusCode === 201 ? '201' : `${res.statusCode} ${res.json<ErrorBody>().error.code}`);
    }
    expect(answers).toEqual(['201', '201', '429 rate_limited']);
  });
});
