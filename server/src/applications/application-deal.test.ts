import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyApplication, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { DealSettingsAnswer } from '../../../domain/contracts/deals.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { MyTradeIn, TradeInOffer } from '../../../domain/contracts/trade-ins.ts';
import type { ApplicationDeal } from '../../../domain/deals/application-deal.schema.ts';
import type { DealInput } from '../../../domain/deals/deal-input.schema.ts';
import type { PricedDeal } from '../../../domain/deals/deal-quote.schema.ts';
import { useTestApp } from '../../test/app.ts';
import { submissionBody, submit, uploadLicence } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { erasePersonalDataDue } from '../retention/retention.service.ts';

const ADMIN: TestTelegramUser = { id: 9_700_001, first_name: 'Ada' };
/** A ZIP in the dealer's state (the test configuration's DEALER_ADDRESS_REGION, TX), which the seeded settings tax. */
const DEALER_ZIP = '75201';

/** A lease with every choice spelled out, so the stored input is exactly what was sent. */
const LEASE: DealInput = {
  type: 'lease',
  zip: DEALER_ZIP,
  tierId: 'good',
  cashDownCents: 200_000,
  termMonths: 36,
  milesPerYear: 12_000,
  productIds: ['gap'],
  trade: null,
};

describe.each(DATABASE_KINDS)('the deal in an application on %s', (kind) => {
  const t = useTestApp(kind);
  let nextTelegramId = 9_700_100;

  const insertCar = async (price: number) =>
    (
      await t.db
        .insertInto('cars')
        .values({ brand: 'Ford', model: 'Escape', year: 2026, mileage: 10, condition: 'new', price, msrp: price + 2_000, photos: [] })
        .returning('uuid')
        .executeTakeFirstOrThrow()
    ).uuid;

  let car: string;
  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    car = await insertCar(32_000);
  });

  /** A Telegram user who has opened the mini app and uploaded both sides of their licence. */
  async function applicant() {
    const who: TestTelegramUser = { id: nextTelegramId++, first_name: 'Mary' };
    const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    const photos = { front: (await uploadLicence(t.app, who, 'front')).id, back: (await uploadLicence(t.app, who, 'back')).id };
    return { who, userId, photos };
  }

  /** The deal as the car page sends it: the input and what POST /api/deals/quote answered for it. */
  async function quoted(input: DealInput, carId = car): Promise<ApplicationDeal> {
    const res = await t.app.inject({ method: 'POST', url: '/api/deals/quote', payload: { carId, deal: input } });
    expect(res.statusCode, res.body).toBe(200);
    return { input, ...res.json<PricedDeal>() };
  }

  async function submitWith(fields: Record<string, unknown>, key = randomUUID()) {
    const { who, userId, photos } = await applicant();
    const res = await submit(t.app, who, submissionBody(userId, photos, fields), key);
    return { who, userId, res };
  }

  const mine = async (who: TestTelegramUser) =>
    (await injectAs(t.app, who, { method: 'GET', url: '/api/applications/mine' })).json<MyApplication | null>();
  const staffView = async (userId: number) =>
    (await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
  const storedDeals = (userId: number) =>
    t.db
      .selectFrom('application_deals')
      .innerJoin('applications', 'applications.id', 'application_deals.application_id')
      .select(['application_deals.deal_type', 'application_deals.settings_version'])
      .where('applications.user_id', '=', userId)
      .execute();

  async function saveSettings(change: (settings: DealSettingsAnswer['settings']) => DealSettingsAnswer['settings']) {
    const current = (await t.app.inject({ method: 'GET', url: '/api/deal-settings' })).json<DealSettingsAnswer>();
    const res = await injectAs(t.app, ADMIN, {
      method: 'PUT',
      url: '/api/deal-settings',
      payload: { version: current.version, settings: change(current.settings) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<DealSettingsAnswer>();
  }

  it('stores a lease with the application, and the applicant and staff see the same numbers', async () => {
    const deal = await quoted(LEASE);
    const { who, userId, res } = await submitWith({ carId: car, deal });

    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<MyApplication>().deal).toEqual(deal);
    expect((await mine(who))?.deal).toEqual(deal);
    const staff = await staffView(userId);
    expect(staff.deal).toEqual(deal);
    expect(staff.deal?.quote).toMatchObject({ type: 'lease', carId: car, termMonths: 36, products: [{ id: 'gap' }] });
    expect(await storedDeals(userId)).toEqual([{ deal_type: 'lease', settings_version: deal.settingsVersion }]);
  });

  it('stores no deal for an application sent without one', async () => {
    const { who, userId, res } = await submitWith({ carId: car });
    expect(res.statusCode, res.body).toBe(201);
    expect((await mine(who))?.deal).toBeNull();
    expect((await staffView(userId)).deal).toBeNull();
  });

  it('answers a retried submission with its deal once, storing it once', async () => {
    const { who, userId, photos } = await applicant();
    const body = submissionBody(userId, photos, { carId: car, deal: await quoted(LEASE) });
    const key = randomUUID();
    expect((await submit(t.app, who, body, key)).statusCode).toBe(201);
    const again = await submit(t.app, who, body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await storedDeals(userId)).toHaveLength(1);
  });

  it('refuses a payment the server did not price, storing nothing', async () => {
    const deal = await quoted(LEASE);
    if (deal.quote.type !== 'lease') throw new Error('a lease was quoted as another kind of deal');
    const forged = { ...deal, quote: { ...deal.quote, paymentCents: deal.quote.paymentCents - 5_000 } };
    const { who, userId, res } = await submitWith({ carId: car, deal: forged });

    expect(res.statusCode).toBe(409);
    const { error } = res.json<ErrorBody>();
    expect(error.code).toBe('deal_changed');
    expect(error.message).toContain('review the deal again');
    expect(await mine(who)).toBeNull();
    expect(await storedDeals(userId)).toEqual([]);
  });

  /** The applicant's trade-in, submitted, offered $12,000 by staff and accepted, with $4,000 still owed on it. */
  async function acceptedTradeIn(who: TestTelegramUser) {
    const draft = {
      year: 2018,
      make: 'Honda',
      model: 'Civic',
      mileage: 50_000,
      condition: {
        accidents: 'none',
        warningLights: false,
        smokedIn: false,
        keys: 'two_or_more',
        tyres: 'good',
        bodyDamage: 'none',
        mechanicalIssues: false,
        modifications: false,
      },
      ownership: 'financed',
      payoffLender: 'First Credit Union',
      payoffCents: 400_000,
    };
    const started = await injectAs(t.app, who, { method: 'POST', url: '/api/trade-ins/mine', payload: draft });
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json<MyTradeIn>();
    expect((await injectAs(t.app, who, { method: 'POST', url: '/api/trade-ins/mine/submit' })).statusCode).toBe(200);
    const offer = await injectAs(t.app, ADMIN, { method: 'POST', url: `/api/trade-ins/${id}/offers`, payload: { amountCents: 1_200_000 } });
    expect(offer.statusCode, offer.body).toBe(201);
    const accepted = await injectAs(t.app, who, {
      method: 'POST',
      url: `/api/trade-ins/mine/offers/${offer.json<TradeInOffer>().id}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }

  it('takes the trade-in offer the applicant accepted as the deal’s trade', async () => {
    const { who, userId, photos } = await applicant();
    await acceptedTradeIn(who);
    const deal = await quoted({ ...LEASE, trade: { allowanceCents: 1_200_000, payoffCents: 400_000 } });
    const res = await submit(t.app, who, submissionBody(userId, photos, { carId: car, deal }), randomUUID());
    expect(res.statusCode, res.body).toBe(201);
    expect((await mine(who))?.deal?.input.trade).toEqual({ allowanceCents: 1_200_000, payoffCents: 400_000 });
  });

  it('refuses a deal that leaves out or changes the trade-in offer the applicant accepted, storing nothing', async () => {
    const { who, userId, photos } = await applicant();
    await acceptedTradeIn(who);
    for (const trade of [null, { allowanceCents: 1_500_000, payoffCents: 400_000 }, { allowanceCents: 1_200_000, payoffCents: 0 }]) {
      const res = await submit(
        t.app,
        who,
        submissionBody(userId, photos, { carId: car, deal: await quoted({ ...LEASE, trade }) }),
        randomUUID(),
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<ErrorBody>().error.code).toBe('deal_changed');
    }
    expect(await mine(who)).toBeNull();
  });

  it('refuses a deal whose car costs more now than when it was priced', async () => {
    const repriced = await insertCar(25_000);
    const deal = await quoted({ ...LEASE, type: 'finance', termMonths: 60, milesPerYear: null }, repriced);
    await t.db.updateTable('cars').set({ price: 26_000 }).where('uuid', '=', repriced).execute();
    const { res } = await submitWith({ carId: repriced, deal });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.code).toBe('deal_changed');
  });

  it('refuses a deal without a car, naming the deal', async () => {
    const { res } = await submitWith({ carId: null, deal: await quoted(LEASE) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual(['deal']);
  });

  it.each([
    ['a term the lease program does not offer', { termMonths: 30 }, 'deal.input.termMonths'],
    ['a credit tier that does not exist', { tierId: 'platinum' }, 'deal.input.tierId'],
    ['a ZIP outside the 50 states and DC', { zip: '00901' }, 'deal.input.zip'],
    ['a ZIP that is not five digits', { zip: '7520' }, 'deal.input.zip'],
  ])('refuses %s, naming the field', async (_, change, field) => {
    const deal = await quoted(LEASE);
    const { res } = await submitWith({ carId: car, deal: { ...deal, input: { ...LEASE, ...change } } });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual([field]);
  });

  it('refuses a settings version that does not exist, naming it', async () => {
    const deal = await quoted(LEASE);
    const { res } = await submitWith({ carId: car, deal: { ...deal, settingsVersion: deal.settingsVersion + 1_000 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual(['deal.settingsVersion']);
  });

  it('keeps a submitted deal’s numbers when the dealer changes the settings', async () => {
    const deal = await quoted(LEASE);
    const { who, userId, res } = await submitWith({ carId: car, deal });
    expect(res.statusCode, res.body).toBe(201);

    await saveSettings((settings) => ({ ...settings, docFeeCents: settings.docFeeCents + 10_000 }));

    expect((await quoted(LEASE)).quote.docFeeCents).toBe(deal.quote.docFeeCents + 10_000);
    expect((await mine(who))?.deal).toEqual(deal);
    expect((await staffView(userId)).deal).toEqual(deal);
  });

  it('accepts a deal priced under the previous settings after they change: those are the numbers the applicant saw', async () => {
    const deal = await quoted(LEASE);
    const saved = await saveSettings((settings) => ({ ...settings, acquisitionFeeCents: settings.acquisitionFeeCents + 5_000 }));
    expect(saved.version).toBeGreaterThan(deal.settingsVersion);

    const { who, res } = await submitWith({ carId: car, deal });
    expect(res.statusCode, res.body).toBe(201);
    expect((await mine(who))?.deal).toEqual(deal);
  });

  it('drops the deal when the applicant moves the application to another car: it was priced for the first', async () => {
    const other = await insertCar(28_000);
    const { who, userId, res } = await submitWith({ carId: car, deal: await quoted(LEASE) });
    expect(res.statusCode, res.body).toBe(201);

    const moved = await injectAs(t.app, who, { method: 'PATCH', url: '/api/applications/mine/car', payload: { carId: other } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<MyApplication>()).toMatchObject({ car: { uuid: other }, deal: null });
    expect(await storedDeals(userId)).toEqual([]);
  });

  it('erases the deal with the personal data under the retention policy', async () => {
    const { userId, res } = await submitWith({ carId: car, deal: await quoted(LEASE) });
    const id = res.json<MyApplication>().id;
    const decided = await injectAs(t.app, ADMIN, {
      method: 'PATCH',
      url: `/api/applications/${id}/status`,
      payload: { status: 'rejected', reasons: ['insufficient_income'] },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await sql`update application_status_history set changed_at = now() - make_interval(months => 26)
      where application_id = ${id} and to_status = 'rejected'`.execute(t.db);

    expect((await erasePersonalDataDue(t.db, 25)).erased).toEqual([id]);
    expect((await staffView(userId)).deal).toBeNull();
    expect(await storedDeals(userId)).toEqual([]);
  });
});
