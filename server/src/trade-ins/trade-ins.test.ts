import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { MyTradeIn } from '../../../domain/contracts/trade-ins.ts';
import { TRADE_IN_CONDITION_QUESTIONS, tradeInMessages } from '../../../domain/trade-ins/trade-in.schema.ts';
import { useTestApp } from '../../test/app.ts';
import { submitTestApplication, type Who } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createGuest, injectAs, tmaHeaders, type TestTelegramUser } from '../../test/identity.ts';
import { mergeGuestIntoUser } from '../applications/guest-merge.service.ts';
import { deleteTradeInsDue, erasePersonalDataDue } from '../retention/retention.service.ts';
import { findAcceptedTradeIn } from './trade-ins.service.ts';

const VIN = '1HGCM82633A004352';
/** Every answer a submission needs: a financed 2003 Honda by its VIN. */
const COMPLETE = {
  vin: VIN,
  model: 'Accord',
  trim: 'EX',
  mileage: 142_000,
  condition: {
    accidents: 'none',
    warningLights: false,
    smokedIn: false,
    keys: 'two_or_more',
    tyres: 'good',
    bodyDamage: 'minor',
    mechanicalIssues: false,
    modifications: false,
  },
  ownership: 'financed',
  payoffLender: 'Ally Bank',
  payoffCents: 345_600,
  notes: 'New brakes last spring.',
} as const;

const ADMIN: TestTelegramUser = { id: 9_300_000, first_name: 'Ada' };

describe.each(DATABASE_KINDS)("the shopper's trade-in on %s", (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let nextTelegramId = 9_300_001;
  let car: string;
  const newShopper = (): TestTelegramUser => ({ id: nextTelegramId++, first_name: 'Sam' });

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    car = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
  });

  const call = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    injectAs(t.app, who, { method, url: `/api/trade-ins/mine${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const errorOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error;
  async function ok(res: Awaited<ReturnType<typeof call>>, status = 200): Promise<MyTradeIn> {
    expect(res.statusCode, res.body).toBe(status);
    return res.json<MyTradeIn>();
  }
  const start = async (who: Who, answers: object = {}) => ok(await call(who, 'POST', '', answers), 201);
  const submitted = async (who: Who) => {
    const tradeIn = await start(who, COMPLETE);
    await ok(await call(who, 'POST', '/submit'));
    return tradeIn;
  };
  const userIdOf = async (telegramId: number) =>
    (await t.db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirstOrThrow()).id;

  /** Staff's offer, as the appraisal screen sends one: open, the trade-in offered. */
  async function staffOffers(tradeInId: number, amountCents: number, validUntil: Date): Promise<number> {
    const { id } = await t.db
      .insertInto('trade_in_offers')
      .values({
        trade_in_id: tradeInId,
        amount_cents: amountCents,
        status: 'open',
        valid_until: validUntil,
        conditions: 'Subject to inspection.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('trade_ins').set({ status: 'offered', first_response_at: new Date() }).where('id', '=', tradeInId).execute();
    return id;
  }
  const staffAsks = (tradeInId: number, text: string) =>
    t.db.insertInto('trade_in_messages').values({ trade_in_id: tradeInId, author: 'staff', text }).execute();
  const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);

  describe('reading it', () => {
    it('is null for a shopper who has none, and for a visitor with no session', async () => {
      expect((await ok(await call(newShopper(), 'GET', ''))) as MyTradeIn | null).toBeNull();
      expect((await ok(await call(null, 'GET', ''))) as MyTradeIn | null).toBeNull();
    });

    it('never shows one shopper the trade-in of another', async () => {
      const first = newShopper();
      await start(first, { make: 'Honda' });
      const other = newShopper();
      expect((await ok(await call(other, 'GET', ''))) as MyTradeIn | null).toBeNull();
      expect((await call(other, 'PATCH', '', { make: 'Ford' })).statusCode).toBe(404);
      expect((await ok(await call(first, 'GET', ''))).draft.make).toBe('Honda');
    });

    it('answers 404 to a change without any session: there is no trade-in to change', async () => {
      for (const [method, url] of [
        ['PATCH', ''],
        ['POST', '/submit'],
        ['POST', '/withdraw'],
      ] as const) {
        const res = await call(null, method, url, method === 'PATCH' ? { make: 'Ford' } : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(res).code).toBe('not_found');
      }
    });
  });

  describe('describing the car', () => {
    it('starts a draft with the answers sent, the VIN decoded and what is still missing', async () => {
      const tradeIn = await start(newShopper(), { vin: VIN.toLowerCase(), mileage: 90_000 });
      expect(tradeIn).toMatchObject({ status: 'draft', decoded: { year: 2003, make: 'Honda' }, submittedAt: null, accepted: null });
      expect(tradeIn.draft).toMatchObject({ vin: VIN, mileage: 90_000, make: null });
      expect(tradeIn.missingAngles).toEqual(['front', 'rear', 'left', 'right', 'interior', 'odometer']);
      expect(tradeIn.problems.map((problem) => problem.field)).toEqual([
        ...TRADE_IN_CONDITION_QUESTIONS.map((question) => `condition.${question}`),
        'ownership',
      ]);
    });

    it('answers the current trade-in (200), not a second one, when the shopper starts again', async () => {
      const shopper = newShopper();
      const first = await start(shopper, { make: 'Honda' });
      const again = await ok(await call(shopper, 'POST', '', { make: 'Ford' }), 200);
      expect(again.id).toBe(first.id);
      expect(again.draft.make).toBe('Honda');
    });

    it('lets a web guest start and describe one, remembered by the guest cookie', async () => {
      const guest = await createGuest(t.app, car);
      await start(guest, { make: 'Toyota' });
      await ok(await call(guest, 'PATCH', '', { model: 'Camry' }));
      expect((await ok(await call(guest, 'GET', ''))).draft).toMatchObject({ make: 'Toyota', model: 'Camry' });
    });

    it('merges the answers saved over the earlier ones, the condition question by question', async () => {
      const shopper = newShopper();
      await start(shopper, { make: 'Honda', condition: { accidents: 'none' } });
      const saved = await ok(await call(shopper, 'PATCH', '', { model: 'Civic', condition: { tyres: 'worn' } }));
      expect(saved.draft).toMatchObject({ make: 'Honda', model: 'Civic' });
      expect(saved.draft.condition).toMatchObject({ accidents: 'none', tyres: 'worn', keys: null });
      const cleared = await ok(await call(shopper, 'PATCH', '', { make: null }));
      expect(cleared.draft).toMatchObject({ make: null, model: 'Civic' });
    });

    it('refuses an answer out of range, naming the field', async () => {
      const shopper = newShopper();
      await start(shopper);
      const res = await call(shopper, 'PATCH', '', { mileage: -5, condition: { keys: 'three' } });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toMatchObject({
        mileage: tradeInMessages.mileageInvalid,
        'condition.keys': tradeInMessages.answerInvalid,
      });
    });

    it('keeps the payoff sealed at rest: the stored row holds neither the lender nor the amount', async () => {
      const shopper = newShopper();
      const tradeIn = await start(shopper, COMPLETE);
      expect(tradeIn.draft).toMatchObject({ payoffLender: 'Ally Bank', payoffCents: 345_600 });
      const row = await t.db.selectFrom('trade_ins').selectAll().where('id', '=', tradeIn.id).executeTakeFirstOrThrow();
      const raw = JSON.stringify(row);
      expect(row.payoff_encrypted).toMatch(/^v1\./);
      expect(raw).not.toContain('Ally');
      expect(raw).not.toContain('345600');
    });
  });

  describe('submitting it', () => {
    it('refuses a draft with answers missing, naming each in fields', async () => {
      const shopper = newShopper();
      await start(shopper, { year: 2015, make: 'Honda', mileage: 80_000, ownership: 'leased' });
      const res = await call(shopper, 'POST', '/submit');
      expect(res.statusCode).toBe(400);
      const { code, fields } = errorOf(res);
      expect(code).toBe('bad_request');
      expect(fields).toMatchObject({
        model: tradeInMessages.vehicleRequired,
        'condition.accidents': tradeInMessages.answerRequired,
        payoffLender: tradeInMessages.lenderRequired,
        payoffCents: tradeInMessages.payoffRequired,
      });
      expect((await ok(await call(shopper, 'GET', ''))).status).toBe('draft');
    });

    it('sends a complete draft to staff as new, after which its answers no longer change', async () => {
      const shopper = newShopper();
      await start(shopper, COMPLETE);
      const sent = await ok(await call(shopper, 'POST', '/submit'));
      expect(sent.status).toBe('new');
      expect(sent.submittedAt).not.toBeNull();
      expect(sent.problems).toEqual([]);
      const change = await call(shopper, 'PATCH', '', { mileage: 1 });
      expect(change.statusCode).toBe(409);
      expect(errorOf(change).message).toMatch(/submitted already/);
      expect((await call(shopper, 'POST', '/submit')).statusCode).toBe(409);
    });
  });

  describe('withdrawing it', () => {
    it('ends the trade-in, and the shopper may start another', async () => {
      const shopper = newShopper();
      const first = await submitted(shopper);
      expect((await ok(await call(shopper, 'POST', '/withdraw'))).status).toBe('withdrawn');
      expect((await call(shopper, 'POST', '/withdraw')).statusCode).toBe(409);
      const second = await start(shopper);
      expect(second.id).not.toBe(first.id);
    });

    it('is refused once the car is in the dealer’s stock', async () => {
      const shopper = newShopper();
      const tradeIn = await submitted(shopper);
      await staffOffers(tradeIn.id, 900_000, inDays(7));
      const accepted = await ok(await call(shopper, 'POST', `/offers/${(await ok(await call(shopper, 'GET', ''))).offers[0]!.id}/accept`));
      await t.db.updateTable('trade_ins').set({ car_uuid: car }).where('id', '=', accepted.id).execute();
      const res = await call(shopper, 'POST', '/withdraw');
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toMatch(/stock/);
    });
  });

  describe("answering staff's offer", () => {
    it('accepts the open offer: the trade-in is accepted with the allowance and the payoff', async () => {
      const shopper = newShopper();
      const tradeIn = await submitted(shopper);
      const offerId = await staffOffers(tradeIn.id, 820_000, inDays(7));
      const offered = await ok(await call(shopper, 'GET', ''));
      expect(offered.status).toBe('offered');
      expect(offered.offers).toMatchObject([{ id: offerId, amountCents: 820_000, status: 'open' }]);
      const accepted = await ok(await call(shopper, 'POST', `/offers/${offerId}/accept`));
      expect(accepted.status).toBe('accepted');
      expect(accepted.accepted).toEqual({ offerId, allowanceCents: 820_000, payoffCents: 345_600 });
      expect(accepted.offers[0]).toMatchObject({ status: 'accepted' });
      expect(accepted.offers[0]!.respondedAt).not.toBeNull();
      expect((await call(shopper, 'POST', `/offers/${offerId}/decline`)).statusCode).toBe(409);
    });

    it('declines the offer: the trade-in is declined', async () => {
      const shopper = newShopper();
      const tradeIn = await submitted(shopper);
      const offerId = await staffOffers(tradeIn.id, 500_000, inDays(7));
      const declined = await ok(await call(shopper, 'POST', `/offers/${offerId}/decline`));
      expect(declined.status).toBe('declined');
      expect(declined.offers[0]).toMatchObject({ status: 'declined' });
      expect(declined.accepted).toBeNull();
    });

    it('refuses to accept an offer past its validity, saying it expired', async () => {
      const shopper = newShopper();
      const tradeIn = await submitted(shopper);
      const offerId = await staffOffers(tradeIn.id, 700_000, inDays(-1));
      expect((await ok(await call(shopper, 'GET', ''))).status).toBe('expired');
      const res = await call(shopper, 'POST', `/offers/${offerId}/accept`);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).code).toBe('offer_expired');
      expect(errorOf(res).message).toMatch(/has expired/);
    });

    it("answers 404 for an offer on another shopper's trade-in", async () => {
      const owner = newShopper();
      const offerId = await staffOffers((await submitted(owner)).id, 600_000, inDays(7));
      const other = newShopper();
      await submitted(other);
      const res = await call(other, 'POST', `/offers/${offerId}/accept`);
      expect(res.statusCode).toBe(404);
      expect((await ok(await call(owner, 'GET', ''))).status).toBe('offered');
    });

    it('sends a trade-in whose offer expired back to staff for a new appraisal, and no other', async () => {
      const shopper = newShopper();
      const tradeIn = await submitted(shopper);
      expect((await call(shopper, 'POST', '/reappraisal')).statusCode).toBe(409);
      await staffOffers(tradeIn.id, 700_000, inDays(-1));
      const again = await ok(await call(shopper, 'POST', '/reappraisal'));
      expect(again.status).toBe('new');
      expect(again.offers[0]).toMatchObject({ status: 'expired' });
      expect((await call(shopper, 'POST', '/reappraisal')).statusCode).toBe(409);
    });
  });

  describe("answering staff's question", () => {
    it('adds the answer to the thread, after which no question waits', async () => {
      const shopper = newShopper();
      const tradeIn = await submitted(shopper);
      await staffAsks(tradeIn.id, 'Does the sunroof open?');
      expect((await ok(await call(shopper, 'GET', ''))).questionOpen).toBe(true);
      const answered = await ok(await call(shopper, 'POST', '/messages', { text: '  Yes, it does.  ' }), 201);
      expect(answered.messages.map(({ from, text }) => ({ from, text }))).toEqual([
        { from: 'staff', text: 'Does the sunroof open?' },
        { from: 'shopper', text: 'Yes, it does.' },
      ]);
      expect(answered.questionOpen).toBe(false);
      const again = await call(shopper, 'POST', '/messages', { text: 'And the heater works.' });
      expect(again.statusCode).toBe(409);
    });

    it('refuses a message when staff asked nothing, and an empty one', async () => {
      const shopper = newShopper();
      await submitted(shopper);
      expect((await call(shopper, 'POST', '/messages', { text: 'Hello?' })).statusCode).toBe(409);
      const empty = await call(shopper, 'POST', '/messages', { text: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(errorOf(empty).fields).toMatchObject({ text: tradeInMessages.messageRequired });
    });
  });

  describe('the accepted trade-in for the deal', () => {
    it('gives the car, the accepted offer and the payoff; null before an offer is accepted', async () => {
      const shopper = newShopper();
      const tradeIn = await submitted(shopper);
      const userId = await userIdOf(shopper.id);
      expect(await findAcceptedTradeIn(t.db, t.app.pii, userId)).toBeNull();
      const offerId = await staffOffers(tradeIn.id, 810_000, inDays(3));
      await ok(await call(shopper, 'POST', `/offers/${offerId}/accept`));
      expect(await findAcceptedTradeIn(t.db, t.app.pii, userId)).toEqual({
        tradeInId: tradeIn.id,
        vin: VIN,
        year: null,
        make: null,
        model: 'Accord',
        trim: 'EX',
        mileage: 142_000,
        offerCents: 810_000,
        payoffCents: 345_600,
      });
    });
  });

  describe('retention', () => {
    const ageDays = (id: number, days: number) =>
      sql`update trade_ins set updated_at = now() - make_interval(days => ${days}::integer) where id = ${id}`.execute(t.db);
    const exists = async (id: number) =>
      (await t.db.selectFrom('trade_ins').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

    it('deletes a trade-in not completed 90 days after its last change, and keeps a younger one and an accepted one', async () => {
      const stale = await start(newShopper(), { make: 'Kia' });
      const young = await start(newShopper(), { make: 'Kia' });
      const acceptedBy = newShopper();
      const accepted = await submitted(acceptedBy);
      await ok(await call(acceptedBy, 'POST', `/offers/${await staffOffers(accepted.id, 400_000, inDays(2))}/accept`));
      await ageDays(stale.id, 91);
      await ageDays(young.id, 89);
      await ageDays(accepted.id, 400);
      expect((await deleteTradeInsDue(t.db)).deleted).toBeGreaterThanOrEqual(1);
      expect(await exists(stale.id)).toBe(false);
      expect(await exists(young.id)).toBe(true);
      expect(await exists(accepted.id)).toBe(true);
    });

    it("erases an accepted trade-in's payoff and notes when its owner's application is erased", async () => {
      const shopper = newShopper();
      const userId = (await injectAs(t.app, shopper, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
      const tradeIn = await submitted(shopper);
      await ok(await call(shopper, 'POST', `/offers/${await staffOffers(tradeIn.id, 400_000, inDays(2))}/accept`));
      const application = await submitTestApplication(t.app, shopper, userId, { carId: car });
      const decided = await injectAs(t.app, ADMIN, {
        method: 'PATCH',
        url: `/api/applications/${application.id}/status`,
        payload: { status: 'approved' },
      });
      expect(decided.statusCode, decided.body).toBe(200);
      await sql`update application_status_history set changed_at = now() - make_interval(months => 26)
        where application_id = ${application.id}`.execute(t.db);
      expect((await erasePersonalDataDue(t.db, 25)).erased).toContain(application.id);
      const row = await t.db.selectFrom('trade_ins').selectAll().where('id', '=', tradeIn.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'accepted', payoff_encrypted: null, notes: null, vin: VIN });
    });
  });

  describe('a web guest who signs in with Telegram', () => {
    const signIn = (guest: { cookie: string }, telegram: TestTelegramUser) =>
      t.app.inject({ method: 'GET', url: '/api/me', headers: { ...tmaHeaders(telegram), cookie: guest.cookie } });

    it('keeps the trade-in described as a guest', async () => {
      const guest = await createGuest(t.app, car);
      const tradeIn = await start(guest, { make: 'Mazda' });
      const shopper = newShopper();
      expect((await signIn(guest, shopper)).statusCode).toBe(200);
      expect(await ok(await call(shopper, 'GET', ''))).toMatchObject({ id: tradeIn.id, draft: { make: 'Mazda' } });
    });

    it("withdraws the guest's trade-in when the Telegram user has one of their own", async () => {
      const shopper = newShopper();
      const own = await start(shopper, { make: 'Subaru' });
      const guest = await createGuest(t.app, car);
      const guests = await start(guest, { make: 'Mazda' });
      const guestId = (await t.db.selectFrom('trade_ins').select('user_id').where('id', '=', guests.id).executeTakeFirstOrThrow()).user_id;
      expect(await mergeGuestIntoUser(t.db, guestId, await userIdOf(shopper.id))).toBe('merged');
      expect((await ok(await call(shopper, 'GET', ''))).id).toBe(own.id);
      const moved = await t.db.selectFrom('trade_ins').select(['user_id', 'status']).where('id', '=', guests.id).executeTakeFirstOrThrow();
      expect(moved).toEqual({ user_id: await userIdOf(shopper.id), status: 'withdrawn' });
    });
  });
});
