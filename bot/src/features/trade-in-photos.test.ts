import sharp from 'sharp';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { tradeInDraftSchema, type TradeInAngle } from '../../../domain/trade-ins/trade-in.schema.ts';
import { storeCarPhoto, type StoredCarPhoto } from '../../../server/src/inventory/photos.service.ts';
import { addMyTradeInPhoto } from '../../../server/src/trade-ins/trade-in-photos.service.ts';
import { startTradeIn } from '../../../server/src/trade-ins/trade-ins.service.ts';
import { findMyTradeIn, listTradeInPhotos } from '../../../server/src/trade-ins/trade-ins.repository.ts';
import { rememberTelegramUser } from '../../../server/src/users/telegram-users.service.ts';
import { DATABASE_KINDS } from '../../../server/test/database.ts';
import { keyboardOf } from '../../test/fake-bot-api.ts';
import { applicant, command, privateMessage, PUBLIC_URL, STAFF_CHAT_ID, useBot, type BotHarness } from '../../test/bot-harness.ts';

/** A solid JPEG; its width tells the photos of one test apart once stored. */
const jpeg = (width: number) =>
  sharp({ create: { width, height: 300, channels: 3, background: '#664422' } })
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

let nextShopper = 7_400_000;
/** A shopper of their own for one test, in English unless told. */
const shopper = (language_code = 'en') => ({ ...applicant, id: nextShopper++, language_code });

/** The width the photos uploaded in the app before a test have (the chat's photos are wider). */
const UPLOADED_WIDTH = 320;

describe.each(DATABASE_KINDS)("a shopper's trade-in photos sent to the bot on %s", (kind) => {
  const h = useBot(kind);
  let uploaded: StoredCarPhoto;

  beforeAll(async () => {
    uploaded = await storeCarPhoto(h.images, h.media, await jpeg(UPLOADED_WIDTH), 'uploaded in the app');
  });

  /**
   * The shopper, known to the bot, has described their car in the app (a draft trade-in) and
   * uploaded a photo there for each of `angles`; answers the trade-in's id.
   */
  async function tradeInOf(who: ReturnType<typeof shopper>, car: string, angles: readonly TradeInAngle[] = []): Promise<number> {
    const [year, make, model, trim] = car.split(' ');
    const deps = { db: h.db, pii: h.pii };
    const user = await rememberTelegramUser(h.db, who);
    const draft = v.parse(tradeInDraftSchema, { year: Number(year), make, model, trim });
    const { tradeIn } = await startTradeIn(deps, user.id, draft);
    for (const angle of angles) await addMyTradeInPhoto(deps, user.id, { ...uploaded, angle });
    return tradeIn.id;
  }

  /** The trade-in's photos as stored, in their order: angle and width. */
  const storedPhotos = async (tradeInId: number) =>
    (await listTradeInPhotos(h.db, tradeInId)).map((photo) => [photo.angle, photo.width] as const);

  it('"Send photos in the chat" asks for the photos of their car and names the angles still needed', async () => {
    const who = shopper();
    await tradeInOf(who, '2015 Honda Civic EX', ['front', 'rear', 'left', 'right']);

    await h.send(privateMessage(who, command('/start tradein')));

    const [answer] = h.fake.callsOf('sendMessage');
    expect(answer!.payload).toMatchObject({
      chat_id: who.id,
      text: 'Send photos of your 2015 Honda Civic EX here, one at a time or as an album.\nPhotos still needed: interior and odometer.',
    });
    const user = await rememberTelegramUser(h.db, who);
    expect((await findMyTradeIn(h.db, user.id))!.chat_photos_until!.getTime()).toBeGreaterThan(Date.now());
  });

  it('"Send photos in the chat" without a trade-in says how to start one, with a button into the trade-in screen', async () => {
    const who = shopper('es');
    await h.send(privateMessage(who, command('/start tradein')));

    const [answer] = h.fake.callsOf('sendMessage');
    const t = (id: string) => h.catalogues.translate('es', id);
    expect(answer!.payload.text).toBe(
      t('You have no trade-in to add photos to yet. Describe your car in the app first, then send its photos here.'),
    );
    expect(keyboardOf(answer!)).toEqual([[{ text: t('Describe your car'), web_app: { url: `${PUBLIC_URL}/trade-in` } }]]);
  });

  it('adds a photo to their trade-in and answers, in their language, with the count and the angles still missing', async () => {
    const who = shopper('uk');
    const tradeInId = await tradeInOf(who, '2018 Toyota Camry');
    await h.send(privateMessage(who, command('/start tradein')));
    h.fake.calls.splice(0);

    await h.send(privateMessage(who, { photo: photoSizes(h, await jpeg(640), 640) }));

    expect(await storedPhotos(tradeInId)).toEqual([['front', 640]]);
    const t = (id: string, values?: Record<string, unknown>) => h.catalogues.translate('uk', id, values);
    const missing = new Intl.ListFormat('uk', { type: 'conjunction' }).format(
      ['rear', 'left side', 'right side', 'interior', 'odometer'].map((angle) => t(angle)),
    );
    const [answer] = h.fake.callsOf('sendMessage');
    expect(answer!.payload.text).toBe(
      `${t('Added {count, plural, one {# photo} other {# photos}} to your {car}: {total, plural, one {# photo} other {# photos}} now.', { count: 1, car: '2018 Toyota Camry', total: 1 })}\n${t('Photos still needed: {angles}.', { angles: missing })}`,
    );
    expect(h.fake.callsOf('copyMessage')).toEqual([]);
  });

  it('adds an album in the order it was sent and answers once, naming what is complete', async () => {
    const who = shopper();
    const tradeInId = await tradeInOf(who, '2016 Ford Focus', ['front', 'rear', 'left']);
    await h.send(privateMessage(who, command('/start tradein')));
    h.fake.calls.splice(0);

    const updates = [];
    for (const [i, width] of [400, 500, 600].entries())
      updates.push(privateMessage(who, { media_group_id: `trade-${who.id}`, photo: photoSizes(h, await jpeg(width), width) }, 95_001 + i));
    // Telegram may hand the parts over in any order; the message ids give the order sent.
    for (const index of [2, 0, 1]) await h.send(updates[index]!);

    const [answer] = await h.fake.waitFor('sendMessage');
    await h.bot.albumsSettled();
    expect(answer!.payload.text).toBe(
      'Added 3 photos to your 2016 Ford Focus: 6 photos now.\nEvery angle we ask for has a photo; send close-ups of any damage too.',
    );
    expect(answer!.payload.reply_parameters?.message_id).toBe(95_001);
    expect(await storedPhotos(tradeInId)).toEqual([
      ['front', UPLOADED_WIDTH],
      ['rear', UPLOADED_WIDTH],
      ['left', UPLOADED_WIDTH],
      ['right', 400],
      ['interior', 500],
      ['odometer', 600],
    ]);
    expect(h.fake.callsOf('sendMessage')).toHaveLength(1);
  });

  it('passes a photo on to staff as before when their trade-in is not collecting photos', async () => {
    const who = shopper();
    const tradeInId = await tradeInOf(who, '2016 Ford Focus');

    await h.send(privateMessage(who, { photo: photoSizes(h, await jpeg(640), 640), caption: 'Does this scratch matter?' }));

    expect(h.fake.callsOf('copyMessage')[0]!.payload).toMatchObject({ chat_id: STAFF_CHAT_ID, from_chat_id: who.id });
    expect(h.fake.callsOf('file')).toEqual([]);
    expect(await storedPhotos(tradeInId)).toEqual([]);
  });

  it('passes an album on to staff as one group when no trade-in collects it', async () => {
    const who = shopper();
    const bytes = await jpeg(640);
    const parts = [0, 1].map((i) =>
      privateMessage(who, { media_group_id: `relay-${who.id}`, photo: photoSizes(h, bytes, 640) }, 96_001 + i),
    );
    for (const part of parts) await h.send(part);

    const [copies] = await h.fake.waitFor('copyMessages');
    expect(copies!.payload).toMatchObject({ chat_id: STAFF_CHAT_ID, from_chat_id: who.id, message_ids: [96_001, 96_002] });
    await h.bot.albumsSettled();
    expect(h.fake.callsOf('file')).toEqual([]);
  });

  it('passes a PDF on to staff even while the trade-in collects photos', async () => {
    const who = shopper();
    const tradeInId = await tradeInOf(who, '2016 Ford Focus');
    await h.send(privateMessage(who, command('/start tradein')));
    h.fake.calls.splice(0);

    const document = { ...h.fake.addFile(Buffer.from('%PDF-1.7')), file_name: 'title.pdf', mime_type: 'application/pdf' };
    await h.send(privateMessage(who, { document }));

    expect(h.fake.callsOf('copyMessage')[0]!.payload).toMatchObject({ chat_id: STAFF_CHAT_ID, from_chat_id: who.id });
    expect(await storedPhotos(tradeInId)).toEqual([]);
  });

  it('refuses an iPhone’s HEIC original before downloading it, naming the types it takes', async () => {
    const who = shopper();
    const tradeInId = await tradeInOf(who, '2016 Ford Focus');
    await h.send(privateMessage(who, command('/start tradein')));
    h.fake.calls.splice(0);

    const document = { ...h.fake.addFile(Buffer.from('not a photo we take')), file_name: 'IMG_0413.HEIC', mime_type: 'image/heic' };
    await h.send(privateMessage(who, { document }));

    expect(h.fake.callsOf('sendMessage')[0]!.payload.text).toBe(
      'Nothing was added: photo 1 is not a JPEG, PNG or WebP photo. Send it as a photo rather than a file, or set an iPhone to take JPEG (Settings › Camera › Formats › Most Compatible).',
    );
    expect(h.fake.callsOf('getFile')).toEqual([]);
    expect(await storedPhotos(tradeInId)).toEqual([]);
  });

  it('refuses an album that would take the trade-in over 40 photos before downloading any, and adds none of it', async () => {
    const who = shopper();
    const tradeInId = await tradeInOf(
      who,
      '2016 Ford Focus',
      Array.from({ length: 39 }, () => 'damage' as const),
    );
    await h.send(privateMessage(who, command('/start tradein')));
    h.fake.calls.splice(0);

    const bytes = await jpeg(640);
    const parts = [0, 1].map((i) =>
      privateMessage(who, { media_group_id: `full-${who.id}`, photo: photoSizes(h, bytes, 640) }, 97_001 + i),
    );
    for (const part of parts) await h.send(part);

    const [answer] = await h.fake.waitFor('sendMessage');
    await h.bot.albumsSettled();
    expect(answer!.payload.text).toBe(
      'Nothing was added: a trade-in holds at most 40 photos, and yours has 39, so 2 more would be too many. Remove some in the app first.',
    );
    expect(h.fake.callsOf('file')).toEqual([]);
    expect(await storedPhotos(tradeInId)).toEqual(Array.from({ length: 39 }, () => ['damage', UPLOADED_WIDTH]));
  });
});
