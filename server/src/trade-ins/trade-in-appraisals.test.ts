import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type {
  StaffTradeIn,
  StaffTradeInItem,
  TradeInMessage,
  TradeInOffer,
  TradeInToInventory,
} from '../../../domain/contracts/trade-ins.ts';
import type { TradeInAngle, TradeInStatus } from '../../../domain/trade-ins/trade-in.schema.ts';
import { buildVin } from '../../../domain/vin.ts';
import { useTestApp } from '../../test/app.ts';
import { solidImage } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createTelegramUser, injectAs, sessionCookie, type TestTelegramUser } from '../../test/identity.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { expireIdleGuestsAndDrafts } from '../expiry/expiry.service.ts';
import { storeCarPhoto } from '../inventory/photos.service.ts';
import type { NewCarPhoto } from '../inventory/photos.repository.ts';
import { tradeInNotice } from './trade-in-appraisals.service.ts';

const ADA: TestTelegramUser = { id: 8_710_001, first_name: 'Ada' };
const SHOPPER: TestTelegramUser = { id: 8_710_002, first_name: 'Sam' };
const DAY_MS = 86_400_000;
/** The suite's dealer default, unlike the built-in 7 days, so the test sees the setting reach the route. */
const VALID_DAYS = 5;
/** A 2016 Honda's VIN (1HG…, year code G), a new serial each time: one car each. */
let nextSerial = 100;
const civicVin = () => buildVin('1HG', 'FC2F5', 2016, 'H', nextSerial++);

interface TradeInSeed {
  status?: TradeInStatus;
  vin?: string | null;
  year?: number | null;
  make?: string | null;
  model?: string | null;
  submittedAt?: Date | null;
  payoff?: { lender: string; cents: number } | null;
  angles?: TradeInAngle[];
}

describe.each(DATABASE_KINDS)('staff appraising trade-ins on %s', (kind) => {
  const t = useTestApp(kind, { env: { STAFF_MFA: 'required', TRADE_IN_OFFER_VALID_DAYS: String(VALID_DAYS) } });
  let nextTelegramId = 8_720_000;
  let photo: NewCarPhoto;
  let adminId = 0;

  beforeAll(async () => {
    adminId = (await createAdmin(t.db, ADA.id)).id;
    await createTelegramUser(t.db, SHOPPER.id);
    photo = await storeCarPhoto(t.app.images, t.app.media, await solidImage(800, 600, '#885533').jpeg().toBuffer(), 'trade photo');
  });

  /**
   * A trade-in as the shopper's submission leaves it (the shopper's routes are another feature's):
   * its row, its payoff sealed as the shopper's side seals it, and photos stored through the media store.
   */
  async function tradeIn(seed: TradeInSeed = {}): Promise<{ id: number; userId: number; telegramId: number; vin: string | null }> {
    const telegramId = nextTelegramId++;
    const owner = await createTelegramUser(t.db, telegramId, {
      first_name: 'Olga',
      last_name: 'Trader',
      username: `olga${telegramId}`,
      email: `olga${telegramId}@example.com`,
      language: 'uk',
    });
    const payoff = seed.payoff === undefined ? { lender: 'Chase Auto', cents: 412_500 } : seed.payoff;
    const status = seed.status ?? 'new';
    const vin = seed.vin === undefined ? civicVin() : seed.vin;
    const { id } = await t.db
      .insertInto('trade_ins')
      .values({
        user_id: owner.id,
        status,
        vin,
        year: seed.year === undefined ? 2016 : seed.year,
        make: seed.make === undefined ? 'Honda' : seed.make,
        model: seed.model === undefined ? 'Civic' : seed.model,
        trim: 'EX',
        mileage: 84_000,
        condition: JSON.stringify({
          accidents: 'none',
          warningLights: false,
          smokedIn: false,
          keys: 'two_or_more',
          tyres: 'good',
          bodyDamage: 'minor',
          mechanicalIssues: false,
          modifications: false,
        }),
        ownership: payoff === null ? 'owned' : 'financed',
        payoff_encrypted: payoff === null ? null : t.app.pii.encrypt(JSON.stringify(payoff), { context: 'trade_ins.payoff_encrypted' }),
        submitted_at: status === 'draft' ? null : seed.submittedAt === undefined ? new Date() : seed.submittedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const angles = seed.angles ?? ['front', 'rear', 'left', 'right', 'interior', 'odometer'];
    if (angles.length > 0)
      await t.db
        .insertInto('trade_in_photos')
        .values(
          angles.map((angle, position) => ({
            trade_in_id: id,
            angle,
            position,
            width: photo.width,
            height: photo.height,
            variants: JSON.stringify(photo.variants),
            hashes: Object.values(photo.variants).flatMap((variant) => [variant.webp, variant.jpeg]),
          })),
        )
        .execute();
    return { id, userId: owner.id, telegramId, vin };
  }

  /** The shopper's answer to the open offer, as their side records it. */
  async function answerOpenOffer(tradeInId: number, answer: 'accepted' | 'declined') {
    await t.db
      .updateTable('trade_in_offers')
      .set({ status: answer, responded_at: new Date() })
      .where('trade_in_id', '=', tradeInId)
      .where('status', '=', 'open')
      .execute();
    await t.db.updateTable('trade_ins').set({ status: answer }).where('id', '=', tradeInId).execute();
  }
  /** The open offer's validity ran out an hour ago. */
  const lapse = (tradeInId: number) =>
    t.db
      .updateTable('trade_in_offers')
      .set({ valid_until: new Date(Date.now() - 3_600_000) })
      .where('trade_in_id', '=', tradeInId)
      .where('status', '=', 'open')
      .execute();

  const offer = (id: number, body: unknown, who: TestTelegramUser | { cookie: string } | null = ADA) =>
    injectAs(t.app, who, { method: 'POST', url: `/api/trade-ins/${id}/offers`, payload: body as object });
  const offered = async (id: number, body: unknown = { amountCents: 900_000 }) => {
    const response = await offer(id, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TradeInOffer>();
  };
  const ask = (id: number, text: unknown, who: TestTelegramUser | { cookie: string } | null = ADA) =>
    injectAs(t.app, who, { method: 'POST', url: `/api/trade-ins/${id}/questions`, payload: { text } });
  const toInventory = (id: number, who: TestTelegramUser | { cookie: string } | null = ADA) =>
    injectAs(t.app, who, { method: 'POST', url: `/api/trade-ins/${id}/to-inventory` });
  const detail = async (id: number) => {
    const response = await injectAs(t.app, ADA, { method: 'GET', url: `/api/trade-ins/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StaffTradeIn>();
  };
  const queue = async (query = '') => {
    const response = await injectAs(t.app, ADA, { method: 'GET', url: `/api/trade-ins?limit=100${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Paged<StaffTradeInItem>>();
  };
  const tradeInRow = (id: number) => t.db.selectFrom('trade_ins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const eventsOf = async (tradeInId: number) =>
    (
      await t.db
        .selectFrom('outbox_events')
        .select(['kind', 'payload'])
        .where('kind', 'in', ['trade_in.offer_sent', 'trade_in.question_asked'])
        .orderBy('id')
        .execute()
    ).filter((row) => (row.payload as { tradeInId?: number }).tradeInId === tradeInId);
  const auditActions = async (tradeInId: number) =>
    (
      await t.db
        .selectFrom('audit_events')
        .select('action')
        .where('entity', '=', 'trade_in')
        .where('entity_id', '=', String(tradeInId))
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  describe('who may call', () => {
    it('answers nobody 401 and a shopper 403 on every staff route', async () => {
      const { id } = await tradeIn();
      const calls = [
        { method: 'GET', url: '/api/trade-ins' },
        { method: 'GET', url: `/api/trade-ins/${id}` },
        { method: 'POST', url: `/api/trade-ins/${id}/offers`, payload: { amountCents: 100_000 } },
        { method: 'POST', url: `/api/trade-ins/${id}/questions`, payload: { text: 'Any rust?' } },
        { method: 'POST', url: `/api/trade-ins/${id}/to-inventory` },
      ] as const;
      for (const call of calls) {
        expect((await injectAs(t.app, null, call)).statusCode, `${call.method} ${call.url}`).toBe(401);
        expect((await injectAs(t.app, SHOPPER, call)).statusCode, `${call.method} ${call.url}`).toBe(403);
      }
      expect(await eventsOf(id)).toEqual([]);
    });

    it('shows staff on the web the queue and lets them act, but the owner and payoff only after a passkey check', async () => {
      const { id } = await tradeIn();
      const unchecked = { cookie: await sessionCookie(t.app, adminId) };
      expect((await injectAs(t.app, unchecked, { method: 'GET', url: '/api/trade-ins' })).statusCode).toBe(200);
      const refused = await injectAs(t.app, unchecked, { method: 'GET', url: `/api/trade-ins/${id}` });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().error.code).toBe('mfa_required');
      expect((await ask(id, 'Is the spare tyre there?', unchecked)).statusCode).toBe(201);
      expect((await offer(id, { amountCents: 800_000 }, unchecked)).statusCode).toBe(201);
      const checked = { cookie: await sessionCookie(t.app, adminId, { passkeyVerified: true }) };
      expect((await injectAs(t.app, checked, { method: 'GET', url: `/api/trade-ins/${id}` })).statusCode).toBe(200);
    });
  });

  describe('the queue', () => {
    it('never lists a draft, and lists what waits on staff first, then the longest waiting', async () => {
      const draft = await tradeIn({ status: 'draft' });
      const older = await tradeIn({ submittedAt: new Date(Date.now() - 3 * DAY_MS) });
      const newer = await tradeIn({ submittedAt: new Date(Date.now() - DAY_MS) });
      const asked = await tradeIn({ submittedAt: new Date(Date.now() - 5 * DAY_MS) });
      expect((await ask(asked.id, 'How many keys?')).statusCode).toBe(201);
      const items = (await queue()).items;
      const mine = items.filter((item) => [draft.id, older.id, newer.id, asked.id].includes(item.id));
      expect(mine.map((item) => [item.id, item.waitingOn])).toEqual([
        [older.id, 'staff'],
        [newer.id, 'staff'],
        [asked.id, 'shopper'],
      ]);
      const lastWaitingOnStaff = items.findLastIndex((item) => item.waitingOn === 'staff');
      const firstNotOnStaff = items.findIndex((item) => item.waitingOn !== 'staff');
      expect(firstNotOnStaff === -1 || lastWaitingOnStaff < firstNotOnStaff).toBe(true);
    });

    it('shows each car by its title, cover photo, photo count and latest offer, nothing of its owner', async () => {
      const { id } = await tradeIn({ year: null, make: null });
      await offered(id, { amountCents: 950_000 });
      const item = (await queue()).items.find((row) => row.id === id);
      expect(item).toMatchObject({ title: '2016 Honda Civic EX', mileage: 84_000, photoCount: 6, latestOfferCents: 950_000 });
      const cover = (
        await t.db
          .selectFrom('trade_in_photos')
          .select('id')
          .where('trade_in_id', '=', id)
          .where('position', '=', 0)
          .executeTakeFirstOrThrow()
      ).id;
      expect(item?.coverUrl).toBe(`/api/trade-ins/${id}/photos/${cover}`);
      expect(JSON.stringify(item)).not.toMatch(/Olga|Chase/);
    });

    it('files an offered trade-in whose offer lapsed under expired, before the hourly job writes it', async () => {
      const open = await tradeIn();
      const lapsed = await tradeIn();
      await offered(open.id);
      await offered(lapsed.id);
      await lapse(lapsed.id);
      const ids = (page: Paged<StaffTradeInItem>) => page.items.map((item) => item.id);
      const offeredTab = await queue('&status=offered');
      const expiredTab = await queue('&status=expired');
      expect(ids(offeredTab)).toContain(open.id);
      expect(ids(offeredTab)).not.toContain(lapsed.id);
      expect(ids(expiredTab)).toContain(lapsed.id);
      expect(ids(expiredTab)).not.toContain(open.id);
      expect(expiredTab.items.every((item) => item.status === 'expired')).toBe(true);
      expect(offeredTab.items.every((item) => item.status === 'offered')).toBe(true);
      expect((await tradeInRow(lapsed.id)).status).toBe('offered');
    });

    it('pages, and refuses a status that is not a tab of the queue', async () => {
      await tradeIn();
      await tradeIn();
      const page = (await injectAs(t.app, ADA, { method: 'GET', url: '/api/trade-ins?limit=1&page=2' })).json<Paged<StaffTradeInItem>>();
      expect(page).toMatchObject({ page: 2, limit: 1 });
      expect(page.items).toHaveLength(1);
      expect(page.total).toBeGreaterThanOrEqual(2);
      for (const status of ['draft', 'withdrawn', 'sold']) {
        const response = await injectAs(t.app, ADA, { method: 'GET', url: `/api/trade-ins?status=${status}` });
        expect(response.statusCode, status).toBe(400);
        expect(response.json<ErrorBody>().error.message).toMatch(/status must be one of new, offered, accepted, declined, expired/);
      }
    });
  });

  describe('the appraisal', () => {
    it('shows the whole trade-in with its payoff opened and its owner named, and audits the look', async () => {
      const { id, userId, telegramId, vin } = await tradeIn({ angles: ['front', 'rear', 'damage'] });
      const trade = await detail(id);
      expect(trade).toMatchObject({
        id,
        status: 'new',
        title: '2016 Honda Civic EX',
        owner: { userId, name: 'Olga Trader', telegramUsername: `olga${telegramId}`, email: `olga${telegramId}@example.com` },
        draft: { vin, mileage: 84_000, ownership: 'financed', payoffLender: 'Chase Auto', payoffCents: 412_500 },
        decoded: { year: 2016, make: 'Honda' },
        missingAngles: ['left', 'right', 'interior', 'odometer'],
        waitingOn: 'staff',
        carUuid: null,
        firstResponseAt: null,
      });
      expect(trade.photos.map((p) => [p.angle, p.url])).toEqual(trade.photos.map((p) => [p.angle, `/api/trade-ins/${id}/photos/${p.id}`]));
      expect(await auditActions(id)).toEqual(['trade_in.viewed']);
    });

    it("lists the dealer's cars of the same make and model within two model years, nearest year first, with how long each took", async () => {
      const car = (year: number, brand: string, model: string, listingState: 'available' | 'sold' | 'archived', daysAgo: number) =>
        t.db
          .insertInto('cars')
          .values({
            brand,
            model,
            year,
            mileage: 40_000,
            condition: 'used',
            price: 15_000 + year,
            listing_state: listingState,
            date_added: new Date(Date.now() - daysAgo * DAY_MS),
            updated_at: new Date(Date.now() - (listingState === 'sold' ? daysAgo - 12 : 0) * DAY_MS),
          })
          .returning('uuid')
          .executeTakeFirstOrThrow();
      const sameYearSold = await car(2019, 'HONDA', 'accord', 'sold', 40);
      const yearBefore = await car(2018, 'Honda', 'Accord', 'available', 3);
      const twoAfter = await car(2021, 'Honda', 'Accord', 'available', 1);
      await car(2022, 'Honda', 'Accord', 'available', 1);
      await car(2019, 'Honda', 'Civic', 'available', 1);
      await car(2019, 'Honda', 'Accord', 'archived', 1);
      const { id } = await tradeIn({ vin: null, year: 2019, make: 'honda', model: 'ACCORD' });
      const { comparables } = await detail(id);
      expect(comparables.map((c) => c.uuid)).toEqual([sameYearSold.uuid, yearBefore.uuid, twoAfter.uuid]);
      expect(comparables[0]).toMatchObject({
        title: '2019 HONDA accord',
        sold: true,
        listingState: 'sold',
        daysInStock: 12,
        price: 17_019,
      });
      expect(comparables[1]).toMatchObject({ sold: false, listingState: 'available', daysInStock: 3 });
    });

    it('takes the model year from the VIN when the shopper typed none', async () => {
      const sameYear = await t.db
        .insertInto('cars')
        .values({ brand: 'Honda', model: 'Pilot', year: 2016, mileage: 1, condition: 'used', price: 9_000, listing_state: 'available' })
        .returning('uuid')
        .executeTakeFirstOrThrow();
      const { id } = await tradeIn({ year: null, make: null, model: 'Pilot' });
      expect((await detail(id)).comparables.map((c) => c.uuid)).toEqual([sameYear.uuid]);
    });

    it('is not found for a draft or an unknown id', async () => {
      const draft = await tradeIn({ status: 'draft' });
      for (const id of [draft.id, 2_000_000_000]) {
        expect((await injectAs(t.app, ADA, { method: 'GET', url: `/api/trade-ins/${id}` })).statusCode).toBe(404);
      }
    });
  });

  describe('sending an offer', () => {
    it("holds for the dealer's default days, marks the trade-in offered and answered, is audited and tells the shopper with ids only", async () => {
      const { id, userId } = await tradeIn();
      const sent = await offered(id, { amountCents: 1_000_000 });
      expect(sent).toMatchObject({ amountCents: 1_000_000, status: 'open', conditions: 'Subject to inspection.', respondedAt: null });
      expect(Date.parse(sent.validUntil) - Date.parse(sent.sentAt)).toBe(VALID_DAYS * DAY_MS);
      const row = await tradeInRow(id);
      expect(row.status).toBe('offered');
      expect(row.first_response_at?.toISOString()).toBe(sent.sentAt);
      expect(await eventsOf(id)).toEqual([{ kind: 'trade_in.offer_sent', payload: { tradeInId: id, userId, offerId: sent.id } }]);
      expect(await auditActions(id)).toEqual(['trade_in.offer_sent']);
      expect((await detail(id)).waitingOn).toBe('shopper');
    });

    it('holds as many days as staff say, with their conditions', async () => {
      const { id } = await tradeIn();
      const sent = await offered(id, { amountCents: 500_000, validDays: 2, conditions: '  Needs new tyres.\r\nKeys both.  ' });
      expect(Date.parse(sent.validUntil) - Date.parse(sent.sentAt)).toBe(2 * DAY_MS);
      expect(sent.conditions).toBe('Needs new tyres.\nKeys both.');
    });

    it('supersedes the open offer with a newer one, keeping both, and leaves the first response where it was', async () => {
      const { id } = await tradeIn();
      const first = await offered(id, { amountCents: 700_000 });
      const second = await offered(id, { amountCents: 750_000 });
      const trade = await detail(id);
      expect(trade.offers.map(({ id: offerId, status }) => [offerId, status])).toEqual([
        [first.id, 'superseded'],
        [second.id, 'open'],
      ]);
      expect(trade.firstResponseAt).toBe(first.sentAt);
    });

    it('renews an offer that ran out unanswered', async () => {
      const { id } = await tradeIn();
      const first = await offered(id);
      await lapse(id);
      expect((await detail(id)).status).toBe('expired');
      const renewed = await offered(id, { amountCents: 880_000 });
      const trade = await detail(id);
      expect(trade.status).toBe('offered');
      expect(trade.offers.map(({ id: offerId, status }) => [offerId, status])).toEqual([
        [first.id, 'superseded'],
        [renewed.id, 'open'],
      ]);
    });

    it('is refused for a trade-in that was withdrawn, declined or accepted, or is still a draft, and not found for none', async () => {
      const withdrawn = await tradeIn({ status: 'withdrawn' });
      const response = await offer(withdrawn.id, { amountCents: 600_000 });
      expect(response.statusCode).toBe(409);
      expect(response.json<ErrorBody>().error.message).toBe(
        'This trade-in is withdrawn: offers are sent while it is new, offered or expired.',
      );
      const declined = await tradeIn();
      await offered(declined.id);
      await answerOpenOffer(declined.id, 'declined');
      const accepted = await tradeIn();
      await offered(accepted.id);
      await answerOpenOffer(accepted.id, 'accepted');
      const draft = await tradeIn({ status: 'draft' });
      for (const id of [declined.id, accepted.id, draft.id]) expect((await offer(id, { amountCents: 600_000 })).statusCode).toBe(409);
      expect((await offer(2_000_000_000, { amountCents: 600_000 })).statusCode).toBe(404);
      expect(await eventsOf(withdrawn.id)).toEqual([]);
    });

    it('names the field of an amount or a validity that is not one', async () => {
      const { id } = await tradeIn();
      const cases: [unknown, string][] = [
        [{ amountCents: 0 }, 'amountCents'],
        [{ amountCents: 12.5 }, 'amountCents'],
        [{ amountCents: 100_000, validDays: 31 }, 'validDays'],
        [{ amountCents: 100_000, conditions: 'x'.repeat(501) }, 'conditions'],
        [{}, 'amountCents'],
      ];
      for (const [body, field] of cases) {
        const response = await offer(id, body);
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        expect(Object.keys(response.json<ErrorBody>().error.fields ?? {}), response.body).toContain(field);
      }
      expect((await tradeInRow(id)).status).toBe('new');
    });
  });

  describe('asking a question', () => {
    it('adds it to the thread, waits for the shopper, counts as the first response, is audited and tells the shopper', async () => {
      const { id, userId } = await tradeIn();
      const response = await ask(id, '  Does the AC blow cold?  ');
      expect(response.statusCode, response.body).toBe(201);
      const message = response.json<TradeInMessage>();
      expect(message).toMatchObject({ from: 'staff', text: 'Does the AC blow cold?' });
      const trade = await detail(id);
      expect(trade).toMatchObject({ status: 'new', waitingOn: 'shopper', messages: [message], firstResponseAt: message.at });
      expect(await eventsOf(id)).toEqual([{ kind: 'trade_in.question_asked', payload: { tradeInId: id, userId, messageId: message.id } }]);
      expect(await auditActions(id)).toContain('trade_in.question_asked');
    });

    it('may be asked while an offer is open or after it ran out, not once the shopper has answered it', async () => {
      const { id } = await tradeIn();
      await offered(id);
      expect((await ask(id, 'Any service records?')).statusCode).toBe(201);
      await lapse(id);
      expect((await ask(id, 'Still interested?')).statusCode).toBe(201);
      await offered(id);
      await answerOpenOffer(id, 'accepted');
      expect((await ask(id, 'One more thing?')).statusCode).toBe(409);
    });

    it('refuses an empty question, naming the field', async () => {
      const { id } = await tradeIn();
      const response = await ask(id, '   ');
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.fields).toHaveProperty('text');
    });
  });

  describe('putting an accepted trade into stock', () => {
    it('makes a used draft car of it whose photos re-use the stored files, and says so in the trade-in', async () => {
      const { id, vin } = await tradeIn();
      await offered(id, { amountCents: 912_345 });
      await answerOpenOffer(id, 'accepted');
      const blobsBefore = await t.db
        .selectFrom('media_blobs')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      const response = await toInventory(id);
      expect(response.statusCode, response.body).toBe(201);
      const made = response.json<TradeInToInventory>();
      expect(made.photoCount).toBe(6);
      const car = await t.db.selectFrom('cars').selectAll().where('uuid', '=', made.carUuid).executeTakeFirstOrThrow();
      expect(car).toMatchObject({
        vin,
        year: 2016,
        brand: 'Honda',
        model: 'Civic',
        trim: 'EX',
        mileage: 84_000,
        price: 9_124,
        condition: 'used',
        listing_state: 'draft',
        status: null,
      });
      expect(car.stock_number).toMatch(/^S\d+$/);
      const carPhotos = await t.db
        .selectFrom('car_photos')
        .select(['hashes', 'position'])
        .where('car_uuid', '=', made.carUuid)
        .orderBy('position')
        .execute();
      const tradePhotos = await t.db
        .selectFrom('trade_in_photos')
        .select('hashes')
        .where('trade_in_id', '=', id)
        .orderBy('position')
        .execute();
      expect(carPhotos.map((p) => p.hashes)).toEqual(tradePhotos.map((p) => p.hashes));
      const blobsAfter = await t.db
        .selectFrom('media_blobs')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(blobsAfter.n)).toBe(Number(blobsBefore.n));
      expect((await detail(id)).carUuid).toBe(made.carUuid);
      expect(await auditActions(id)).toContain('trade_in.put_into_stock');
      const carAudit = await t.db
        .selectFrom('audit_events')
        .select('details')
        .where('entity', '=', 'car')
        .where('entity_id', '=', made.carUuid)
        .execute();
      expect(carAudit.map((row) => row.details)).toEqual([expect.objectContaining({ listingState: 'draft', tradeInId: id })]);
      const listed = await injectAs(t.app, ADA, { method: 'GET', url: `/api/inventory/${made.carUuid}` });
      expect(listed.statusCode, listed.body).toBe(200);
    });

    it('does it once only, and only for an accepted trade', async () => {
      const { id } = await tradeIn();
      await offered(id);
      expect((await toInventory(id)).statusCode).toBe(409);
      await answerOpenOffer(id, 'accepted');
      expect((await toInventory(id)).statusCode).toBe(201);
      const again = await toInventory(id);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorBody>().error.message).toBe('This trade-in is in stock already.');
      expect((await toInventory(2_000_000_000)).statusCode).toBe(404);
    });
  });

  describe('the hourly expiry', () => {
    it('writes expired the trade-ins whose open offer lapsed, and leaves the others offered', async () => {
      const lapsed = await tradeIn();
      const open = await tradeIn();
      await offered(lapsed.id);
      await offered(open.id);
      await lapse(lapsed.id);
      const run = await expireIdleGuestsAndDrafts(t.db, { guestDays: 30, draftDays: 30 });
      expect(run.tradeIns).toBeGreaterThanOrEqual(1);
      expect((await tradeInRow(lapsed.id)).status).toBe('expired');
      expect((await tradeInRow(open.id)).status).toBe('offered');
      expect((await detail(lapsed.id)).status).toBe('expired');
    });
  });

  describe("the shopper's notice", () => {
    it('tells the owner of an offer and of a question in their language, in Telegram or by email', async () => {
      const { id, userId, telegramId } = await tradeIn();
      const sent = await offered(id, { amountCents: 640_000, conditions: 'Both keys.' });
      const question = (await ask(id, 'Winter tyres included?')).json<TradeInMessage>();
      const owner = { tradeInId: id, title: '2016 Honda Civic EX', language: 'uk', telegramId, email: `olga${telegramId}@example.com` };
      expect(
        await tradeInNotice(t.db, {
          id: 1,
          attempts: 1,
          kind: 'trade_in.offer_sent',
          payload: { tradeInId: id, userId, offerId: sent.id },
        }),
      ).toEqual({
        ...owner,
        kind: 'offer',
        amountCents: 640_000,
        validUntil: sent.validUntil,
        conditions: 'Both keys.',
      });
      expect(
        await tradeInNotice(t.db, {
          id: 2,
          attempts: 1,
          kind: 'trade_in.question_asked',
          payload: { tradeInId: id, userId, messageId: question.id },
        }),
      ).toEqual({ ...owner, kind: 'question', text: 'Winter tyres included?' });
      expect(
        await tradeInNotice(t.db, {
          id: 3,
          attempts: 1,
          kind: 'trade_in.offer_sent',
          payload: { tradeInId: 2_000_000_000, userId, offerId: sent.id },
        }),
      ).toBeNull();
    });
  });
});

describe('TRADE_IN_OFFER_VALID_DAYS', () => {
  it('is 7 days unless set', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).tradeIns.offerValidDays).toBe(7);
    expect(loadConfig({ NODE_ENV: 'test', TRADE_IN_OFFER_VALID_DAYS: '30' }).tradeIns.offerValidDays).toBe(30);
  });

  it('refuses what is not a whole number of days from 1 to 30, saying how to fix it', () => {
    for (const value of ['0', '31', '7.5', 'a week', '-1']) {
      const refusal = (() => {
        try {
          loadConfig({ NODE_ENV: 'test', TRADE_IN_OFFER_VALID_DAYS: value });
        } catch (error) {
          return error;
        }
        return null;
      })();
      expect(refusal, value).toBeInstanceOf(ConfigError);
      expect((refusal as ConfigError).variable).toBe('TRADE_IN_OFFER_VALID_DAYS');
      expect((refusal as ConfigError).message).toMatch(/from 1 to 30/);
    }
  });
});
