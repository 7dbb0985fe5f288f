import { sql } from 'kysely';
import type { User } from 'grammy/types';
import { beforeAll, describe, expect, it } from 'vitest';
import { DAILY_ALERT_CAP } from '../../../domain/alerts.ts';
import type { InventoryCar } from '../../../domain/contracts/inventory.ts';
import { formatMoney } from '../../../domain/format.ts';
import { buildVin } from '../../../domain/vin.ts';
import { multipart, solidImage } from '../../../server/test/applications.ts';
import { DATABASE_KINDS } from '../../../server/test/database.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../../server/test/identity.ts';
import { buttonPress, command, privateMessage, PUBLIC_URL, useBotRuntime, type BotRuntimeHarness } from '../../test/bot-harness.ts';
import { keyboardOf, type ApiCall } from '../../test/fake-bot-api.ts';
import { unsubscribeData } from './alerts.ts';

const ADMIN: TestTelegramUser = { id: 9_400_001, first_name: 'Ada' };
let nextTelegramId = 9_400_100;
let serial = 0;

const RATE_LIMITED = { error_code: 429, description: 'Too Many Requests: retry after 120', parameters: { retry_after: 120 } };
/** The shopper as Telegram names them in an update. */
const asSender = (who: TestTelegramUser): User => ({
  id: who.id,
  is_bot: false,
  first_name: who.first_name ?? 'Sam',
  language_code: who.language_code,
});

const BLOCKED = { error_code: 403, description: 'Forbidden: bot was blocked by the user' };

describe.each(DATABASE_KINDS)('Telegram alerts on %s', (kind) => {
  const h: BotRuntimeHarness = useBotRuntime(kind);
  const api = (who: TestTelegramUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    injectAs(h.runtime.app, who, { method, url, ...(payload === undefined ? {} : { payload }) });
  const t = (lang: 'en' | 'uk' | 'es' | 'ru', id: string, values?: Record<string, unknown>) =>
    h.runtime.catalogues.translate(lang, id, values);

  beforeAll(async () => {
    await createAdmin(h.runtime.db, ADMIN.id);
  });

  /** A shopper who opened the mini app once, so the app knows them. */
  async function shopper(language_code = 'en'): Promise<TestTelegramUser> {
    const who = { id: nextTelegramId++, first_name: 'Sam', language_code };
    const res = await api(who, 'POST', '/api/users/register', {});
    expect(res.statusCode, res.body).toBe(200);
    return who;
  }

  async function car(overrides: Record<string, unknown> = {}): Promise<InventoryCar> {
    serial += 1;
    const res = await api(ADMIN, 'POST', '/api/inventory', {
      vin: buildVin('1HG', 'CV1F3', 2021, 'A', 700_000 + serial),
      stockNumber: `AL${serial}`,
      year: 2021,
      brand: 'Honda',
      model: 'Accord',
      trim: 'EX',
      bodyStyle: 'sedan',
      condition: 'used',
      price: 24_000,
      mileage: 30_000,
      listingState: 'available',
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<InventoryCar>();
  }

  async function change(current: InventoryCar, fields: Record<string, unknown>): Promise<InventoryCar> {
    const res = await api(ADMIN, 'PATCH', `/api/inventory/${current.uuid}`, { version: current.version, ...fields });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InventoryCar>();
  }

  /** A shopper with alerts on for their favourites, who keeps these cars among them. */
  async function fan(cars: InventoryCar[], language_code = 'en'): Promise<TestTelegramUser> {
    const who = await shopper(language_code);
    for (const { uuid } of cars)
      expect((await api(who, 'POST', '/api/viewed-cars/toggle-favorite', { car_uuid: uuid })).statusCode).toBe(200);
    expect((await api(who, 'PUT', '/api/alerts/favorites', { enabled: true })).json()).toEqual({ enabled: true });
    return who;
  }

  /** What the bot sent this shopper, photos and texts alike, in order. */
  const sentTo = (who: TestTelegramUser): ApiCall[] =>
    h.fake.calls.filter((call) => (call.method === 'sendMessage' || call.method === 'sendPhoto') && call.payload.chat_id === who.id);
  const textOf = (call: ApiCall) => String(call.payload.text ?? call.payload.caption);

  const deliver = () => h.runtime.outbox.tick();

  it("tells a fan of a car of its price drop in their language, with the old and new price, a button into the car's page and one to stop", async () => {
    const accord = await car({ price: 24_000 });
    const olena = await fan([accord], 'uk');
    await change(accord, { price: 21_500 });
    await deliver();
    const [message, ...more] = sentTo(olena);
    expect(more).toEqual([]);
    expect(message!.method).toBe('sendMessage');
    expect(textOf(message!)).toBe(
      t('uk', 'Price drop: {car} is now {price} (was {oldPrice}).', {
        car: '2021 Honda Accord EX',
        price: formatMoney(21_500, 'uk'),
        oldPrice: formatMoney(24_000, 'uk'),
      }),
    );
    expect(keyboardOf(message!)).toEqual([
      [{ text: t('uk', 'Open the car'), web_app: { url: `${PUBLIC_URL}/cars/${accord.uuid}` } }],
      [{ text: t('uk', 'Stop alerts for favourites'), callback_data: unsubscribeData(h.runtime.config, olena.id, { kind: 'favorites' }) }],
    ]);
    expect(Buffer.byteLength(keyboardOf(message!)[1]![0]!.callback_data!)).toBeLessThanOrEqual(64);
  });

  it("sends the car's photo with the news as its caption when the car has one", async () => {
    const accord = await car();
    const photo = await solidImage(1600, 1000, '#446688').jpeg().toBuffer();
    const upload = await injectAs(h.runtime.app, ADMIN, {
      method: 'POST',
      url: `/api/inventory/${accord.uuid}/photos`,
      ...multipart([{ name: 'file', value: photo, filename: 'front.jpg', contentType: 'image/jpeg' }]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const sam = await fan([accord]);
    await change(await current(accord), { price: 23_000 });
    await deliver();
    const [message] = sentTo(sam);
    expect(message!.method).toBe('sendPhoto');
    expect(String(message!.payload.photo)).toMatch(new RegExp(`^${PUBLIC_URL}/media/photos/[0-9a-f]+\\.jpg$`));
    expect(message!.payload.caption).toContain(formatMoney(23_000));
  });

  async function current(of: InventoryCar): Promise<InventoryCar> {
    return (await api(ADMIN, 'GET', `/api/inventory/${of.uuid}`)).json<InventoryCar>();
  }

  it('tells fans when a car from their favourites is sold', async () => {
    const accord = await car();
    const sam = await fan([accord], 'es');
    await change(accord, { listingState: 'sold' });
    await deliver();
    expect(sentTo(sam).map(textOf)).toEqual([
      t('es', '{car} from your favourites has been sold. It was listed at {price}.', {
        car: '2021 Honda Accord EX',
        price: formatMoney(24_000, 'es'),
      }),
    ]);
  });

  it('tells fans when a pending sale falls through and the car is available again', async () => {
    const pending = await car({ listingState: 'pending' });
    const sam = await fan([pending]);
    await change(pending, { listingState: 'available' });
    await deliver();
    expect(sentTo(sam).map(textOf)).toEqual([
      t('en', '{car} from your favourites is available again, at {price}.', { car: '2021 Honda Accord EX', price: formatMoney(24_000) }),
    ]);
  });

  it('says nothing to a shopper who keeps the car but has not switched alerts on', async () => {
    const accord = await car();
    const quiet = await shopper();
    await api(quiet, 'POST', '/api/viewed-cars/toggle-favorite', { car_uuid: accord.uuid });
    await change(accord, { price: 20_000 });
    await deliver();
    expect(sentTo(quiet)).toEqual([]);
  });

  it('tells a shopper of a newly published car their saved search matches, and of no other', async () => {
    const ana = await shopper();
    const saved = await api(ana, 'POST', '/api/saved-searches', { filters: { brand: 'Mazda', priceMax: 30_000 } });
    expect(saved.statusCode, saved.body).toBe(201);
    const searchId = saved.json<{ id: number }>().id;
    await car({ brand: 'Mazda', model: 'CX-5', price: 35_000 });
    await car({ brand: 'Toyota', model: 'Camry', price: 20_000 });
    const draft = await car({ brand: 'Mazda', model: 'CX-5', price: 28_000, listingState: 'draft' });
    await deliver();
    expect(sentTo(ana)).toEqual([]);
    await change(draft, { listingState: 'available' });
    await deliver();
    const [message, ...more] = sentTo(ana);
    expect(more).toEqual([]);
    expect(textOf(message!)).toBe(
      t('en', 'New in stock for your saved search: {car}, {price}.', { car: '2021 Mazda CX-5 EX', price: formatMoney(28_000) }),
    );
    expect(keyboardOf(message!)[1]).toEqual([
      {
        text: t('en', 'Stop alerts for this search'),
        callback_data: unsubscribeData(h.runtime.config, ana.id, { kind: 'saved_search', id: searchId }),
      },
    ]);
  });

  it('sends at most one message a day about one car, however often it changes', async () => {
    let accord = await car({ price: 30_000 });
    const sam = await fan([accord]);
    accord = await change(accord, { price: 29_000 });
    accord = await change(accord, { price: 28_000 });
    await change(accord, { listingState: 'sold' });
    await deliver();
    expect(sentTo(sam).map(textOf)).toEqual([
      t('en', 'Price drop: {car} is now {price} (was {oldPrice}).', {
        car: '2021 Honda Accord EX',
        price: formatMoney(29_000),
        oldPrice: formatMoney(30_000),
      }),
    ]);
  });

  it(`sends a shopper at most ${DAILY_ALERT_CAP} alerts a day`, async () => {
    const cars = [];
    for (let i = 0; i < DAILY_ALERT_CAP + 2; i++) cars.push(await car());
    const sam = await fan(cars);
    for (const each of cars) await change(each, { price: 20_000 });
    await deliver();
    expect(sentTo(sam)).toHaveLength(DAILY_ALERT_CAP);
  });

  it("stops alerts on favourites from the message's button, and answers the press", async () => {
    const [first, second] = [await car(), await car()];
    const sam = await fan([first, second]);
    await change(first, { price: 20_000 });
    await deliver();
    const keyboard = keyboardOf(sentTo(sam)[0]!);
    await h.bot.parts.bot.handleUpdate(buttonPress(asSender(sam), keyboard[1]![0]!.callback_data!, keyboard));
    const [answer] = h.fake.callsOf('answerCallbackQuery');
    expect(answer!.payload.text).toBe(
      t('en', 'Done: no more alerts for your favourites. You can switch them on again on the Favourites screen.'),
    );
    expect(h.fake.callsOf('editMessageReplyMarkup')[0]!.payload.reply_markup).toEqual({ inline_keyboard: [keyboard[0]] });
    expect((await api(sam, 'GET', '/api/alerts/favorites')).json()).toEqual({ enabled: false });
    await change(second, { price: 20_000 });
    await deliver();
    expect(sentTo(sam)).toHaveLength(1);
  });

  it('stops one saved search from its button', async () => {
    const ana = await shopper();
    const search = (await api(ana, 'POST', '/api/saved-searches', { filters: { brand: 'Kia' } })).json<{ id: number }>();
    await api(ana, 'POST', '/api/saved-searches', { filters: { brand: 'Hyundai' } });
    await h.bot.parts.bot.handleUpdate(
      buttonPress(asSender(ana), unsubscribeData(h.runtime.config, ana.id, { kind: 'saved_search', id: search.id })),
    );
    expect(h.fake.callsOf('answerCallbackQuery')[0]!.payload.text).toBe(t('en', 'Done: no more alerts for this saved search.'));
    const left = (await api(ana, 'GET', '/api/saved-searches')).json<{ items: Array<{ filters: object }> }>();
    expect(left.items.map((item) => item.filters)).toEqual([{ brand: 'Hyundai' }]);
  });

  it("answers a forged or someone else's stop button politely and changes nothing", async () => {
    const sam = await fan([await car()]);
    const other = await shopper();
    const forgedSignature = unsubscribeData(h.runtime.config, sam.id, { kind: 'favorites' }).replace(/.{4}$/, 'AAAA');
    for (const data of [forgedSignature, unsubscribeData(h.runtime.config, other.id, { kind: 'favorites' }), 'unsub:f:short']) {
      await h.bot.parts.bot.handleUpdate(buttonPress(asSender(sam), data));
    }
    const answers = h.fake.callsOf('answerCallbackQuery');
    expect(answers).toHaveLength(3);
    for (const answer of answers)
      expect(answer.payload).toMatchObject({
        text: t('en', 'Sorry, this button does not work here. You can manage alerts on the Favourites screen of the app.'),
        show_alert: true,
      });
    expect((await api(sam, 'GET', '/api/alerts/favorites')).json()).toEqual({ enabled: true });
  });

  it('stops writing to a shopper who blocked the bot, until they start it again', async () => {
    const [first, second, third] = [await car(), await car(), await car()];
    const sam = await fan([first, second, third]);
    h.fake.failNext('sendMessage', BLOCKED);
    await change(first, { price: 20_000 });
    await deliver();
    h.fake.calls.splice(0);
    await change(second, { price: 20_000 });
    await deliver();
    expect(sentTo(sam)).toEqual([]);
    await h.bot.parts.bot.handleUpdate(privateMessage(asSender(sam), command('/start')));
    h.fake.calls.splice(0);
    await change(third, { price: 20_000 });
    await deliver();
    expect(sentTo(sam)).toHaveLength(1);
  });

  it('after an outage mid-delivery, sends each shopper their alert exactly once', async () => {
    const accord = await car();
    const [first, second] = [await fan([accord]), await fan([accord])];
    // Telegram takes the first message, then asks the bot to wait: the second is left for later.
    h.fake.failNext('sendMessage', RATE_LIMITED);
    h.fake.calls.splice(0);
    await change(accord, { price: 19_000 });
    await deliver();
    const before = [sentTo(first).length, sentTo(second).length];
    expect(before.sort()).toEqual([0, 1]);
    // Another worker (a restarted process) takes the delivery once it is due again, and then again.
    await sql`update outbox_deliveries set next_attempt_at = now() where consumer = 'alerts' and delivered_at is null`.execute(
      h.runtime.db,
    );
    await deliver();
    await sql`update outbox_deliveries set delivered_at = null, next_attempt_at = now() where consumer = 'alerts'`.execute(h.runtime.db);
    await deliver();
    expect(sentTo(first).filter((call) => call.result)).toHaveLength(1);
    expect(sentTo(second).filter((call) => call.result)).toHaveLength(1);
  });
});
