import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealOffer } from '../../../domain/contracts/applications.ts';
import type { TradeInHandoff } from '../../../domain/contracts/trade-ins.ts';
import type { PricedDeal } from '../../../domain/deals/deal-quote.schema.ts';
import { testConfig } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { createAdmin, createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { lenderAcceptedOffer, lenderSubmission, type AcceptedTradeIn } from './lender.service.ts';

const ADMIN: TestTelegramUser = { id: 8_710_001, first_name: 'Ada' };
const config = testConfig({
  PUBLIC_URL: 'http://127.0.0.1:3999',
  LENDER_WEBHOOK_URL: 'https://lender.example/hooks',
  LENDER_WEBHOOK_SECRET: 'lender-test-secret-that-is-long-enough-0123',
});

/** The applicant's accepted trade-in, as the trade-ins service hands it over. */
const TRADE_IN: TradeInHandoff = {
  tradeInId: 41,
  vin: '2HGFB2F50FH512345',
  year: 2015,
  make: 'Honda',
  model: 'Civic',
  trim: 'EX',
  mileage: 98_000,
  offerCents: 800_000,
  payoffCents: 500_000,
};

describe.each(DATABASE_KINDS)("the lender's payloads with an accepted trade-in on %s", (kind) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let car: string;
  /** Whose trade-in each payload asked for; the applicant with this user id has TRADE_IN. */
  const askedFor: number[] = [];
  let traderUserId = -1;
  const acceptedTradeIn: AcceptedTradeIn = async (userId) => {
    askedFor.push(userId);
    return userId === traderUserId ? TRADE_IN : null;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db
      .insertInto('cars')
      .values({ brand: 'Ford', model: 'Escape', year: 2020, price: 20000, mileage: 100, condition: 'used' })
      .execute();
    runtime = await createRuntime(testConfig({ PUBLIC_URL: 'http://127.0.0.1:3999' }), {
      db: database.db,
      logger: false,
      webDist: join(tmpdir(), 'no-web-build'),
      outbox: { tickMs: 3_600_000 },
    });
    await createAdmin(database.db, ADMIN.id);
    car = (await database.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
  });
  afterAll(async () => {
    await runtime.close();
    await database.drop();
  });

  const financeInput = { type: 'finance', zip: '75201', tierId: 'excellent', termMonths: 60, cashDownCents: 300_000 };

  /** A web guest submits an application with a financed deal: answers the guest and the application's id. */
  async function submittedWithDeal() {
    const guest = await createGuest(runtime.app, car);
    const priced = await runtime.app.inject({ method: 'POST', url: '/api/deals/quote', payload: { carId: car, deal: financeInput } });
    expect(priced.statusCode, priced.body).toBe(200);
    const deal = { input: financeInput, ...priced.json<PricedDeal>() };
    const { id } = await submitTestApplication(runtime.app, { cookie: guest.cookie }, guest.userId, { carId: car, deal });
    return { guest, applicationId: id };
  }

  it("hands the lender the applicant's accepted trade-in as the deal's trade: the car, its appraisal, the payoff and equity", async () => {
    const { guest, applicationId } = await submittedWithDeal();
    traderUserId = guest.userId;

    const payload = await lenderSubmission({ db: database.db, pii: runtime.pii, acceptedTradeIn }, config.lender!, applicationId);

    expect(askedFor.at(-1)).toBe(guest.userId);
    expect(payload.deal?.trade).toEqual({
      allowanceCents: 800_000,
      payoffCents: 500_000,
      equityCents: 300_000,
      tradeIn: {
        tradeInId: 41,
        year: 2015,
        make: 'Honda',
        model: 'Civic',
        trim: 'EX',
        vin: '2HGFB2F50FH512345',
        mileage: 98_000,
        appraisalCents: 800_000,
      },
    });
  });

  it('hands the deal over unchanged without an accepted trade-in', async () => {
    const { applicationId } = await submittedWithDeal();
    traderUserId = -1;

    const payload = await lenderSubmission({ db: database.db, pii: runtime.pii, acceptedTradeIn }, config.lender!, applicationId);

    expect(payload.deal).toHaveProperty('trade', null);
  });

  it('carries the accepted trade-in in the deal of an offer the applicant accepted', async () => {
    const { guest, applicationId } = await submittedWithDeal();
    traderUserId = guest.userId;
    const sent = await injectAs(runtime.app, ADMIN, {
      method: 'POST',
      url: `/api/applications/${applicationId}/offers`,
      payload: { input: financeInput, terms: { priceCents: 1_900_000, aprPercent: 3.9 } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const offer = sent.json<DealOffer>();
    const accepted = await injectAs(
      runtime.app,
      { cookie: guest.cookie },
      { method: 'POST', url: `/api/applications/mine/offers/${offer.id}/accept` },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    const payload = await lenderAcceptedOffer({ db: database.db, acceptedTradeIn }, applicationId, offer.id);

    expect(payload.deal.trade).toMatchObject({ tradeIn: { tradeInId: 41, appraisalCents: 800_000 } });
    expect(askedFor.at(-1)).toBe(guest.userId);
  });
});
