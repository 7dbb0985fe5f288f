import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { findThreadOfUser } from '../../../server/src/chat/chat.repository.ts';
import { generateCars } from '../../../server/src/seed/cars.seed.ts';
import { findUserByTelegramId } from '../../../server/src/users/users.repository.ts';
import { TEST_NOW } from '../../../server/test/app.ts';
import { DATABASE_KINDS } from '../../../server/test/database.ts';
import { createAdmin, createTelegramUser } from '../../../server/test/identity.ts';
import {
  applicant,
  generalChatMessage,
  privateMessage,
  STAFF_CHAT_ID,
  staffMember,
  topicMessage,
  useBot,
  type BotHarness,
} from '../../test/bot-harness.ts';

const ADMIN = { ...staffMember, id: 7_300_001, first_name: 'Ada' };
const NOT_ADMIN = { ...staffMember, id: 7_300_002, first_name: 'Nick', language_code: 'uk' };

/** A solid JPEG; its width tells the photos of one test apart once stored. */
const jpeg = (width: number) =>
  sharp({ create: { width, height: 300, channels: 3, background: '#446688' } })
    .jpeg()
    .toBuffer();

/** A photo message's photo sizes, the largest last as Telegram sends them; only the largest has the real bytes. */
function photoSizes(h: BotHarness, bytes: Buffer, width: number) {
  const thumbnail = h.fake.addFile(Buffer.from('not the photo'));
  return [
    { ...thumbnail, width: 90, height: 90 },
    { ...h.fake.addFile(bytes), width, height: 300 },
  ];
}

let nextCar = 0;
/** A car of its own for one test, with this stock number. */
async function carWithStock(h: BotHarness, stockNumber: string) {
  const [row] = generateCars({ count: 1, now: TEST_NOW, seed: 4_000 + nextCar++ });
  return h.db
    .insertInto('cars')
    .values({ ...row!, stock_number: stockNumber })
    .returning(['uuid', 'vin', 'year', 'brand', 'model', 'trim'])
    .executeTakeFirstOrThrow();
}

const storedWidths = async (h: BotHarness, carUuid: string) =>
  (await h.db.selectFrom('car_photos').select('width').where('car_uuid', '=', carUuid).orderBy('position').execute()).map(
    (row) => row.width,
  );

const title = (car: { year: number; brand: string; model: string; trim: string | null }) =>
  [car.year, car.brand, car.model, car.trim].filter(Boolean).join(' ');

describe.each(DATABASE_KINDS)('car photos sent to the bot on %s', (kind) => {
  const h = useBot(kind);
  let adminUserId: number;

  beforeAll(async () => {
    adminUserId = (await createAdmin(h.db, ADMIN.id)).id;
    await createTelegramUser(h.db, NOT_ADMIN.id);
  });

  it("adds an admin's photo to the car its caption names, answers with the car and its photo count, and audits it", async () => {
    const car = await carWithStock(h, 'B10001');
    await h.send(privateMessage(ADMIN, { photo: photoSizes(h, await jpeg(640), 640), caption: 'stock B10001' }));

    expect(await storedWidths(h, car.uuid)).toEqual([640]);
    const [answer] = h.fake.callsOf('sendMessage');
    expect(answer!.payload).toMatchObject({ chat_id: ADMIN.id, text: `Added 1 photo to ${title(car)} (stock B10001): 1 photo now.` });
    const audit = await h.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'action'])
      .where('entity_id', '=', car.uuid)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor_user_id: adminUserId, action: 'car.photos_added' });
  });

  it('adds an album in the order it was sent, after the photos the car has, and answers once', async () => {
    const car = await carWithStock(h, 'B10002');
    await h.send(privateMessage(ADMIN, { photo: photoSizes(h, await jpeg(300), 300), caption: '#B10002' }));
    h.fake.calls.splice(0);

    const album = [
      { width: 400, caption: 'b10002' },
      { width: 500, caption: undefined },
      { width: 600, caption: undefined },
    ];
    const updates = [];
    for (const [i, { width, caption }] of album.entries())
      updates.push(privateMessage(ADMIN, { media_group_id: 'lot-1', photo: photoSizes(h, await jpeg(width), width), caption }, 90_001 + i));
    // Telegram may hand the parts over in any order; the message ids give the order sent.
    for (const index of [1, 0, 2]) await h.send(updates[index]!);

    const [answer] = await h.fake.waitFor('sendMessage');
    expect(answer!.payload.text).toBe(`Added 3 photos to ${title(car)} (stock B10002): 4 photos now.`);
    expect(answer!.payload.reply_parameters?.message_id).toBe(90_001);
    expect(await storedWidths(h, car.uuid)).toEqual([300, 400, 500, 600]);
    expect(h.fake.callsOf('sendMessage')).toHaveLength(1);
  });

  it('names the stock number it could not find, in the admin’s language, and stores nothing', async () => {
    const before = await h.db.selectFrom('car_photos').select('id').execute();
    await h.send(
      privateMessage({ ...ADMIN, language_code: 'es' }, { photo: photoSizes(h, await jpeg(640), 640), caption: 'stock Z99999' }),
    );

    expect(h.fake.callsOf('sendMessage')[0]!.payload.text).toBe(
      h.catalogues.translate('es', 'I could not find a car with stock number or VIN “{reference}”.', { reference: 'Z99999' }),
    );
    expect(h.fake.callsOf('file')).toEqual([]);
    expect(await h.db.selectFrom('car_photos').select('id').execute()).toHaveLength(before.length);
  });

  it('finds the car by its VIN too', async () => {
    const car = await carWithStock(h, 'B10003');
    await h.send(privateMessage(ADMIN, { photo: photoSizes(h, await jpeg(640), 640), caption: car.vin!.toLowerCase() }));
    expect(await storedWidths(h, car.uuid)).toEqual([640]);
  });

  it('asks for the stock number or VIN when the caption names no car', async () => {
    await h.send(privateMessage(ADMIN, { photo: photoSizes(h, await jpeg(640), 640) }));
    await h.send(privateMessage(ADMIN, { photo: photoSizes(h, await jpeg(640), 640), caption: 'Front left' }));

    const answers = h.fake.callsOf('sendMessage').map((call) => call.payload.text);
    const help = "Add the car's stock number or VIN as the caption (for example: stock 12345) and send the photos again.";
    expect(answers).toEqual([help, help]);
    expect(h.fake.callsOf('file')).toEqual([]);
  });

  it('takes a phone’s untouched original sent as a file', async () => {
    const car = await carWithStock(h, 'B10004');
    const document = { ...h.fake.addFile(await jpeg(800)), file_name: 'IMG_0412.JPG', mime_type: 'image/jpeg' };
    await h.send(privateMessage(ADMIN, { document, caption: 'stock B10004' }));
    expect(await storedWidths(h, car.uuid)).toEqual([800]);
  });

  it.each([
    ['an iPhone’s HEIC original', 'IMG_0413.HEIC', 'image/heic'],
    ['a PDF', 'window-sticker.pdf', 'application/pdf'],
  ])('politely refuses %s, naming the types it takes, and downloads nothing', async (_what, fileName, mimeType) => {
    const car = await carWithStock(h, `B2${fileName.length}`);
    const document = { ...h.fake.addFile(Buffer.from('not a photo we take')), file_name: fileName, mime_type: mimeType };
    await h.send(privateMessage(ADMIN, { document, caption: `stock B2${fileName.length}` }));

    expect(h.fake.callsOf('sendMessage')[0]!.payload.text).toBe(
      'Nothing was added: photo 1 is not a JPEG, PNG or WebP photo. Send it as a photo rather than a file, or set an iPhone to take JPEG (Settings › Camera › Formats › Most Compatible).',
    );
    expect(h.fake.callsOf('getFile')).toEqual([]);
    expect(await storedWidths(h, car.uuid)).toEqual([]);
  });

  it('refuses a file over 20 MB before downloading it', async () => {
    const car = await carWithStock(h, 'B10005');
    const document = { ...h.fake.addFile(await jpeg(640), 21 * 1024 * 1024), file_name: 'huge.jpg', mime_type: 'image/jpeg' };
    await h.send(privateMessage(ADMIN, { document, caption: 'stock B10005' }));

    expect(h.fake.callsOf('sendMessage')[0]!.payload.text).toBe(
      'Nothing was added: photo 1 is larger than 20 MB. Send it as a photo rather than a file.',
    );
    expect(h.fake.callsOf('file')).toEqual([]);
    expect(await storedWidths(h, car.uuid)).toEqual([]);
  });

  it('refuses an album that would take a car over 40 photos before downloading any, and adds none of it', async () => {
    const car = await carWithStock(h, 'B10009');
    const variant = { webp: 'a'.repeat(64), jpeg: 'b'.repeat(64), width: 320, height: 240 };
    await h.db
      .insertInto('car_photos')
      .values(
        Array.from({ length: 39 }, (_, position) => ({
          car_uuid: car.uuid,
          position,
          width: 320,
          height: 240,
          variants: JSON.stringify({ 320: variant }),
          hashes: [variant.webp, variant.jpeg],
        })),
      )
      .execute();

    for (const i of [0, 1])
      await h.send(
        privateMessage(
          ADMIN,
          { media_group_id: 'full-car', photo: photoSizes(h, await jpeg(640), 640), caption: i === 0 ? 'stock B10009' : undefined },
          91_001 + i,
        ),
      );

    const [answer] = await h.fake.waitFor('sendMessage');
    expect(answer!.payload.text).toBe(
      `Nothing was added: a car has at most 40 photos, and ${title(car)} has 39, so 2 more would be too many. Delete some in the dashboard first.`,
    );
    expect(h.fake.callsOf('file')).toEqual([]);
    expect(await storedWidths(h, car.uuid)).toHaveLength(39);
  });

  it('refuses, in their language, someone who is not an admin, and adds nothing', async () => {
    const car = await carWithStock(h, 'B10006');
    await h.send(privateMessage(NOT_ADMIN, { photo: photoSizes(h, await jpeg(640), 640), caption: 'stock B10006' }));

    expect(h.fake.callsOf('sendMessage')[0]!.payload).toMatchObject({
      chat_id: NOT_ADMIN.id,
      text: h.catalogues.translate(
        'uk',
        'Sorry, adding photos to cars is for staff only. If you work here, ask an administrator to give you access.',
      ),
    });
    expect(h.fake.callsOf('file')).toEqual([]);
    expect(await storedWidths(h, car.uuid)).toEqual([]);
  });

  it('still passes an applicant’s captioned photo on to staff', async () => {
    const user = { ...applicant, id: 7_300_010 };
    await h.send(privateMessage(user, { photo: photoSizes(h, await jpeg(640), 640), caption: 'Is this one still for sale?' }));
    expect(h.fake.callsOf('copyMessage')[0]!.payload).toMatchObject({ chat_id: STAFF_CHAT_ID, from_chat_id: user.id });
    expect(h.fake.callsOf('file')).toEqual([]);
  });

  it("takes an admin's photos in the staff group's General topic and answers there", async () => {
    const car = await carWithStock(h, 'B10007');
    await h.send(generalChatMessage({ photo: photoSizes(h, await jpeg(640), 640), caption: 'stock B10007' }, ADMIN));

    expect(await storedWidths(h, car.uuid)).toEqual([640]);
    const [answer] = h.fake.callsOf('sendMessage');
    expect(answer!.payload.chat_id).toBe(STAFF_CHAT_ID);
    expect(answer!.payload.message_thread_id).toBeUndefined();
    expect(answer!.payload.text).toBe(`Added 1 photo to ${title(car)} (stock B10007): 1 photo now.`);
  });

  it('leaves photos staff share in the General topic without naming a car alone', async () => {
    await h.send(generalChatMessage({ photo: photoSizes(h, await jpeg(640), 640), caption: 'Look at this scratch' }, ADMIN));
    expect(h.fake.callsOf('sendMessage')).toEqual([]);
    expect(h.fake.callsOf('file')).toEqual([]);
  });

  it("does not take a photo in an applicant's topic as a car photo: it goes to the applicant", async () => {
    const car = await carWithStock(h, 'B10008');
    const user = { ...applicant, id: 7_300_011 };
    await h.send(privateMessage(user, { text: 'Hello' }));
    const thread = await findThreadOfUser(h.db, (await findUserByTelegramId(h.db, user.id))!.id, STAFF_CHAT_ID);
    h.fake.calls.splice(0);

    await h.send(topicMessage(thread!.messageThreadId, { photo: photoSizes(h, await jpeg(640), 640), caption: 'stock B10008' }, ADMIN));

    expect(h.fake.callsOf('copyMessage')[0]!.payload).toMatchObject({ chat_id: user.id, from_chat_id: STAFF_CHAT_ID });
    expect(h.fake.callsOf('file')).toEqual([]);
    expect(await storedWidths(h, car.uuid)).toEqual([]);
  });
});
