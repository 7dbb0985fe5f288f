import { beforeAll, describe, expect, it } from 'vitest';
import type { DealOffer, MyApplication, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { DealInput } from '../../../domain/deals/deal-input.schema.ts';
import { useTestApp } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createTelegramUser, injectAs, type TestTelegramUser } from '../../test/identity.ts';

const ADA: TestTelegramUser = { id: 8_610_001, first_name: 'Ada', last_name: 'Desk' };
const SHOPPER: TestTelegramUser = { id: 8_610_002, first_name: 'Sam' };

/** The test configuration's dealer is in TX; this ZIP is in Dallas. */
const leaseInput: DealInput = {
  type: 'lease',
  zip: '75201',
  tierId: 'excellent',
  cashDownCents: 200_000,
  termMonths: 36,
  milesPerYear: 12_000,
  productIds: [],
  trade: null,
};
const financeInput: DealInput = { ...leaseInput, type: 'finance', termMonths: 60, milesPerYear: null };

describe.each(DATABASE_KINDS)('the desk’s offers on %s', (kind) => {
  const t = useTestApp(kind);
  let carUuid = '';
  let nextTelegramId = 8_620_000;

  beforeAll(async () => {
    await createAdmin(t.db, ADA.id);
    await createTelegramUser(t.db, SHOPPER.id);
    carUuid = (
      await t.db
        .insertInto('cars')
        .values({
          brand: 'Toyota',
          model: 'RAV4',
          year: 2026,
          mileage: 12,
          condition: 'new',
          date_added: new Date(),
          photos: [],
          price: 31_000,
          msrp: 33_000,
        })
        .returning('uuid')
        .executeTakeFirstOrThrow()
    ).uuid;
  });

  /** A Telegram applicant who applied for the test car (or for none). */
  async function applicant(withCar = true): Promise<{ who: TestTelegramUser; userId: number; applicationId: number }> {
    const who = { id: nextTelegramId++ };
    const userId = (await createTelegramUser(t.db, who.id)).id;
    const application = await submitTestApplication(t.app, who, userId, { carId: withCar ? carUuid : null });
    return { who, userId, applicationId: application.id };
  }
  const send = (applicationId: number, body: unknown, who: TestTelegramUser | null = ADA) =>
    injectAs(t.app, who, { method: 'POST', url: `/api/applications/${applicationId}/offers`, payload: body as object });
  const answer = (who: TestTelegramUser | null, offerId: number, verb: 'accept' | 'decline') =>
    injectAs(t.app, who, { method: 'POST', url: `/api/applications/mine/offers/${offerId}/${verb}` });
  const sent = async (applicationId: number, body: unknown) => {
    const response = await send(applicationId, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<DealOffer>();
  };
  const mine = async (who: TestTelegramUser) =>
    (await injectAs(t.app, who, { method: 'GET', url: '/api/applications/mine' })).json<MyApplication>();
  const staffView = async (userId: number) =>
    (await injectAs(t.app, ADA, { method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
  /** The offer events written for an application, oldest first. */
  const eventsOf = async (applicationId: number) =>
    (
      await t.db
        .selectFrom('outbox_events')
        .select(['kind', 'payload'])
        .where('kind', 'in', ['application.offer_sent', 'application.offer_accepted'])
        .orderBy('id')
        .execute()
    )
      .filter((row) => (row.payload as { applicationId?: number }).applicationId === applicationId)
      .map((row) => row.kind);
  const auditActions = async (applicationId: number) =>
    (
      await t.db
        .selectFrom('audit_events')
        .select('action')
        .where('entity', '=', 'application')
        .where('entity_id', '=', String(applicationId))
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  describe('sending an offer', () => {
    it('prices the staff’s lower price and money factor, and both sides see it beside the deal asked for', async () => {
      const { who, userId, applicationId } = await applicant();
      const offer = await sent(applicationId, { input: leaseInput, terms: { priceCents: 2_950_000, moneyFactor: 0.0012 } });
      expect(offer).toMatchObject({ status: 'sent', respondedAt: null, terms: { priceCents: 2_950_000, moneyFactor: 0.0012 } });
      expect(offer.quote).toMatchObject({ type: 'lease', priceCents: 2_950_000, moneyFactor: 0.0012, termMonths: 36 });
      expect((await mine(who)).offers).toEqual([offer]);
      expect((await staffView(userId)).offers).toEqual([offer]);
    });

    it('counts as the first response, is audited and tells the applicant', async () => {
      const { applicationId } = await applicant();
      await sent(applicationId, { input: financeInput, terms: { aprPercent: 4.49 } });
      const application = await t.db
        .selectFrom('applications')
        .select('first_response_at')
        .where('id', '=', applicationId)
        .executeTakeFirstOrThrow();
      expect(application.first_response_at).not.toBeNull();
      expect(await auditActions(applicationId)).toContain('application.offer_sent');
      expect(await eventsOf(applicationId)).toEqual(['application.offer_sent']);
    });

    it('supersedes the open offer with a newer one, keeping both', async () => {
      const { who, applicationId } = await applicant();
      const first = await sent(applicationId, { input: financeInput, terms: { aprPercent: 5.99 } });
      const second = await sent(applicationId, { input: financeInput, terms: { aprPercent: 4.99 } });
      expect((await mine(who)).offers.map(({ id, status }) => ({ id, status }))).toEqual([
        { id: first.id, status: 'superseded' },
        { id: second.id, status: 'sent' },
      ]);
    });

    it('is superseded when the applicant moves the application to another car, for which it was not priced', async () => {
      const { who, applicationId } = await applicant();
      const offer = await sent(applicationId, { input: financeInput, terms: {} });
      const other = (
        await t.db
          .insertInto('cars')
          .values({
            brand: 'Honda',
            model: 'CR-V',
            year: 2025,
            mileage: 9,
            condition: 'new',
            date_added: new Date(),
            photos: [],
            price: 29_000,
          })
          .returning('uuid')
          .executeTakeFirstOrThrow()
      ).uuid;
      const moved = await injectAs(t.app, who, { method: 'PATCH', url: '/api/applications/mine/car', payload: { carId: other } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await mine(who)).offers.map(({ id, status }) => ({ id, status }))).toEqual([{ id: offer.id, status: 'superseded' }]);
      expect((await answer(who, offer.id, 'accept')).statusCode).toBe(409);
    });

    it('names the field of a term that does not fit the deal, or of a choice the settings do not have', async () => {
      const { applicationId } = await applicant();
      const cases: [unknown, string][] = [
        [{ input: leaseInput, terms: { aprPercent: 3.9 } }, 'terms.aprPercent'],
        [{ input: financeInput, terms: { moneyFactor: 0.001 } }, 'terms.moneyFactor'],
        [{ input: { ...financeInput, tierId: 'platinum' }, terms: {} }, 'input.tierId'],
        [{ input: { ...financeInput, termMonths: 61 }, terms: {} }, 'input.termMonths'],
        [{ input: financeInput, terms: { priceCents: -5 } }, 'terms.priceCents'],
        [{ input: financeInput, terms: { aprPercent: 99 } }, 'terms.aprPercent'],
        [{ input: { ...financeInput, zip: '7520' }, terms: {} }, 'input.zip'],
      ];
      for (const [body, field] of cases) {
        const response = await send(applicationId, body);
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        expect(Object.keys(response.json<ErrorBody>().error.fields ?? {}), response.body).toContain(field);
      }
      expect((await t.db.selectFrom('deal_offers').select('id').where('application_id', '=', applicationId).execute()).length).toBe(0);
    });

    it('is refused for an application without a car, once it is decided, and for one that does not exist', async () => {
      const carless = await applicant(false);
      expect((await send(carless.applicationId, { input: financeInput, terms: {} })).statusCode).toBe(409);
      const decided = await applicant();
      const decision = await injectAs(t.app, ADA, {
        method: 'PATCH',
        url: `/api/applications/${decided.applicationId}/status`,
        payload: { status: 'approved' },
      });
      expect(decision.statusCode, decision.body).toBe(200);
      expect((await send(decided.applicationId, { input: financeInput, terms: {} })).statusCode).toBe(409);
      expect((await send(2_000_000_000, { input: financeInput, terms: {} })).statusCode).toBe(404);
    });

    it('is for staff only', async () => {
      const { applicationId } = await applicant();
      expect((await send(applicationId, { input: financeInput, terms: {} }, null)).statusCode).toBe(401);
      expect((await send(applicationId, { input: financeInput, terms: {} }, SHOPPER)).statusCode).toBe(403);
    });
  });

  describe('answering an offer', () => {
    it('accepting makes it the accepted deal, audited, and the lender is handed it', async () => {
      const { who, applicationId } = await applicant();
      const offer = await sent(applicationId, { input: leaseInput, terms: { priceCents: 3_000_000 } });
      const response = await answer(who, offer.id, 'accept');
      expect(response.statusCode, response.body).toBe(200);
      const [accepted] = response.json<MyApplication>().offers;
      expect(accepted).toEqual({ ...offer, status: 'accepted', respondedAt: accepted?.respondedAt });
      expect(Date.parse(accepted?.respondedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(offer.sentAt));
      expect(await auditActions(applicationId)).toContain('application.offer_accepted');
      expect(await eventsOf(applicationId)).toEqual(['application.offer_sent', 'application.offer_accepted']);
    });

    it('declining closes it without handing anything to the lender', async () => {
      const { who, applicationId } = await applicant();
      const offer = await sent(applicationId, { input: financeInput, terms: { aprPercent: 6.5 } });
      expect((await answer(who, offer.id, 'decline')).json<MyApplication>().offers[0]?.status).toBe('declined');
      expect(await auditActions(applicationId)).toContain('application.offer_declined');
      expect(await eventsOf(applicationId)).toEqual(['application.offer_sent']);
    });

    it('cannot answer an offer twice, nor one a newer offer superseded', async () => {
      const { who, applicationId } = await applicant();
      const first = await sent(applicationId, { input: financeInput, terms: {} });
      const second = await sent(applicationId, { input: financeInput, terms: { aprPercent: 3.99 } });
      expect((await answer(who, first.id, 'accept')).statusCode).toBe(409);
      expect((await answer(who, second.id, 'decline')).statusCode).toBe(200);
      expect((await answer(who, second.id, 'accept')).statusCode).toBe(409);
    });

    it('answers someone else’s offer, or none, as not found, and asks who is calling first', async () => {
      const { applicationId } = await applicant();
      const offer = await sent(applicationId, { input: financeInput, terms: {} });
      const stranger = await applicant();
      expect((await answer(stranger.who, offer.id, 'accept')).statusCode).toBe(404);
      expect((await answer(stranger.who, 2_000_000_000, 'accept')).statusCode).toBe(404);
      expect((await answer(null, offer.id, 'accept')).statusCode).toBe(401);
    });

    it('cannot answer once the application was withdrawn', async () => {
      const { who, applicationId } = await applicant();
      const offer = await sent(applicationId, { input: financeInput, terms: {} });
      expect((await injectAs(t.app, who, { method: 'POST', url: '/api/applications/mine/withdraw' })).statusCode).toBe(200);
      expect((await answer(who, offer.id, 'accept')).statusCode).toBe(409);
    });
  });
});
