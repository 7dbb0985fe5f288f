import { beforeAll, describe, expect, it } from 'vitest';
import type { DealSettingsAnswer } from '../../../domain/contracts/deals.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { PricedDeal } from '../../../domain/deals/deal-quote.schema.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createTelegramUser, injectAs, type TestTelegramUser } from '../../test/identity.ts';

const ADMIN: TestTelegramUser = { id: 9601, first_name: 'Ada' };
const OTHER_ADMIN: TestTelegramUser = { id: 9602, first_name: 'Otto' };
const CUSTOMER: TestTelegramUser = { id: 9603, first_name: 'Carl' };

/** A ZIP in the dealer's state (the test configuration's default DEALER_ADDRESS_REGION, TX) and one in a state without a rule. */
const DEALER_ZIP = '75201';
const UNTAXED_ZIP = '98101';

describe.each(DATABASE_KINDS)('deals on %s', (kind) => {
  const t = useTestApp(kind);
  const cars: Record<'leasable' | 'noMsrp' | 'sold', string> = { leasable: '', noMsrp: '', sold: '' };

  const insertCar = async (fields: { price: number; msrp: number | null; listing_state?: 'available' | 'sold' }) =>
    (
      await t.db
        .insertInto('cars')
        .values({
          brand: 'Ford',
          model: 'Escape',
          year: 2026,
          mileage: 10,
          condition: 'new',
          date_added: new Date(),
          photos: [],
          ...fields,
        })
        .returning('uuid')
        .executeTakeFirstOrThrow()
    ).uuid;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    await createAdmin(t.db, OTHER_ADMIN.id);
    await createTelegramUser(t.db, CUSTOMER.id);
    cars.leasable = await insertCar({ price: 32_000, msrp: 34_000 });
    cars.noMsrp = await insertCar({ price: 18_000, msrp: null });
    cars.sold = await insertCar({ price: 20_000, msrp: 22_000, listing_state: 'sold' });
  });

  const quote = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/deals/quote', payload: body as object });
  const settings = async () => (await t.app.inject({ method: 'GET', url: '/api/deal-settings' })).json<DealSettingsAnswer>();
  const save = (who: TestTelegramUser | { cookie: string } | null, body: unknown) =>
    injectAs(t.app, who, { method: 'PUT', url: '/api/deal-settings', payload: body as object });

  describe('the settings', () => {
    it('are seeded with a complete example for the dealer’s state', async () => {
      const answer = await settings();
      expect(answer.version).toBeGreaterThanOrEqual(1);
      expect(answer.taxedStates).toEqual(['TX']);
      expect(answer.settings.tiers.map((tier) => tier.id)).toEqual(['excellent', 'good', 'fair', 'rebuilding']);
      expect(answer.financeTerms).toEqual([24, 36, 48, 60, 72, 84]);
    });

    it('are saved by an admin as the next version, and audited', async () => {
      const before = await settings();
      const res = await save(ADMIN, { version: before.version, settings: { ...before.settings, docFeeCents: 39_900 } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<DealSettingsAnswer>()).toMatchObject({ version: before.version + 1, settings: { docFeeCents: 39_900 } });
      const audit = await t.db.selectFrom('audit_events').select(['action', 'entity_id']).where('entity', '=', 'deal_settings').execute();
      expect(audit).toContainEqual({ action: 'deal_settings.saved', entity_id: String(before.version + 1) });
    });

    it('refuse a save based on an older version, so two editors never overwrite each other', async () => {
      const before = await settings();
      expect((await save(ADMIN, { version: before.version, settings: before.settings })).statusCode).toBe(200);
      const late = await save(OTHER_ADMIN, { version: before.version, settings: { ...before.settings, docFeeCents: 1 } });
      expect(late.statusCode).toBe(409);
      expect(late.json<ErrorBody>().error.code).toBe('stale_version');
      expect((await settings()).settings.docFeeCents).toBe(before.settings.docFeeCents);
    });

    it('refuse a residual over 100 % and a negative rate, naming the field', async () => {
      const { version, settings: current } = await settings();
      const [rule] = current.states;
      const negative = await save(ADMIN, { version, settings: { ...current, states: [{ ...rule, taxRatePercent: -2 }] } });
      expect(negative.statusCode).toBe(400);
      expect(Object.keys(negative.json<ErrorBody>().error.fields ?? {})).toEqual(['settings.states.0.taxRatePercent']);
      const residuals = [{ termMonths: 36, milesPerYear: 12_000, residualPercent: 120 }];
      const tooHigh = await save(ADMIN, { version, settings: { ...current, leasePrograms: { default: { residuals }, byMake: [] } } });
      expect(Object.keys(tooHigh.json<ErrorBody>().error.fields ?? {})).toEqual([
        'settings.leasePrograms.default.residuals.0.residualPercent',
      ]);
    });

    it('are changed by admins only (the passkey factor on the web is server/src/auth/access.test.ts’s)', async () => {
      const { version, settings: current } = await settings();
      const body = { version, settings: current };
      expect((await save(null, body)).statusCode).toBe(401);
      expect((await save(CUSTOMER, body)).statusCode).toBe(403);
    });
  });

  describe('a rebate naming cars', () => {
    it('is taken on the car it names by stock number, and on no other', async () => {
      const { stock_number } = await t.db
        .selectFrom('cars')
        .select('stock_number')
        .where('uuid', '=', cars.leasable)
        .executeTakeFirstOrThrow();
      const before = await settings();
      const demo = {
        id: 'demo',
        name: { en: 'Demonstrator', uk: 'Демо', es: 'Demo', ru: 'Демо' },
        amountCents: 40_000,
        makes: [],
        stockNumbers: [stock_number.toLowerCase()],
        dealTypes: ['cash'],
      };
      const saved = await save(ADMIN, { version: before.version, settings: { ...before.settings, rebates: [demo] } });
      expect(saved.statusCode, saved.body).toBe(200);
      const rebatesOf = async (carId: string) =>
        (await quote({ carId, deal: { type: 'cash', zip: DEALER_ZIP } })).json<PricedDeal>().quote.rebates.map((rebate) => rebate.id);
      expect(await rebatesOf(cars.leasable)).toEqual(['demo']);
      expect(await rebatesOf(cars.noMsrp)).toEqual([]);
      // The settings as they were, for the quotes below.
      const { version } = await settings();
      expect((await save(ADMIN, { version, settings: before.settings })).statusCode).toBe(200);
    });
  });

  describe('a quote', () => {
    const deal = (fields: Record<string, unknown>) => ({
      carId: cars.leasable,
      deal: { type: 'finance', zip: DEALER_ZIP, tierId: 'good', termMonths: 60, ...fields },
    });

    it('prices a finance deal with the dealer’s state tax and names the settings version', async () => {
      const res = await quote(deal({ cashDownCents: 300_000 }));
      expect(res.statusCode, res.body).toBe(200);
      const { settingsVersion, quote: priced } = res.json<PricedDeal>();
      expect(settingsVersion).toBe((await settings()).version);
      expect(priced).toMatchObject({ type: 'finance', state: 'TX', priceCents: 3_200_000, cashDownCents: 300_000, numberOfPayments: 60 });
      expect(priced.tax).toMatchObject({ included: true, ratePercent: 6.25 });
    });

    it('prices a lease with a product', async () => {
      const res = await quote(deal({ type: 'lease', termMonths: 36, milesPerYear: 12_000, productIds: ['gap'] }));
      expect(res.statusCode, res.body).toBe(200);
      const priced = res.json<PricedDeal>().quote;
      expect(priced).toMatchObject({ type: 'lease', msrpCents: 3_400_000, products: [{ id: 'gap', capitalised: true }] });
    });

    it('prices cash, with tax left out for a state the dealer has no rule for', async () => {
      const res = await quote({ carId: cars.leasable, deal: { type: 'cash', zip: UNTAXED_ZIP } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<PricedDeal>().quote).toMatchObject({ type: 'cash', tax: { included: false, state: 'WA' }, governmentFeesCents: 0 });
    });

    it('says a car without an MSRP cannot be leased', async () => {
      const res = await quote({
        carId: cars.noMsrp,
        deal: { type: 'lease', zip: DEALER_ZIP, tierId: 'good', termMonths: 36, milesPerYear: 12_000 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toEqual({ 'deal.type': 'This car has no MSRP, so it cannot be leased here.' });
    });

    it.each([
      ['a negative cash down', { cashDownCents: -1 }, 'deal.cashDownCents'],
      ['an absurd cash down', { cashDownCents: 1e15 }, 'deal.cashDownCents'],
      ['a fractional cent', { cashDownCents: 10.5 }, 'deal.cashDownCents'],
      ['a term outside the program', { termMonths: 120 }, 'deal.termMonths'],
      ['a ZIP that is not five digits', { zip: '7520' }, 'deal.zip'],
      ['a ZIP outside the states', { zip: '00901' }, 'deal.zip'],
      ['an unknown product', { productIds: ['rustproofing'] }, 'deal.productIds'],
      ['an unknown tier', { tierId: 'platinum' }, 'deal.tierId'],
      ['a payoff larger than any car', { trade: { allowanceCents: 0, payoffCents: 2_000_000_000 } }, 'deal.trade.payoffCents'],
      ['a lease mileage outside the program', { type: 'lease', termMonths: 36, milesPerYear: 30_000 }, 'deal.milesPerYear'],
      ['an unknown deal type', { type: 'barter' }, 'deal.type'],
    ])('answers %s with a 400 naming the field', async (_case, fields, field) => {
      const res = await quote(deal(fields));
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual([field]);
    });

    it('is refused for a sold car, and for a car that does not exist', async () => {
      expect((await quote({ ...deal({}), carId: cars.sold })).statusCode).toBe(409);
      expect((await quote({ ...deal({}), carId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    });

    it('uses the newest settings', async () => {
      const { version, settings: current } = await settings();
      await save(ADMIN, { version, settings: { ...current, docFeeCents: 12_300 } });
      const priced = (await quote(deal({}))).json<PricedDeal>();
      expect(priced).toMatchObject({ settingsVersion: version + 1, quote: { docFeeCents: 12_300 } });
    });
  });
});
