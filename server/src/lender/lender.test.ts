import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DealOffer, LenderDelivery, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { DealQuote, PricedDeal } from '../../../domain/deals/deal-quote.schema.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { testConfig } from '../../test/app.ts';
import { submitTestApplication, TEST_BIRTH_DATE, TEST_SSN } from '../../test/applications.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { createAdmin, createGuest, createTelegramUser, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { freePort } from '../../test/local-services.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { signBody, signedDocumentUrl } from './lender-signature.ts';

const SECRET = 'lender-test-secret-that-is-long-enough-0123';
const ADMIN: TestTelegramUser = { id: 8_700_001, first_name: 'Ada' };
const CUSTOMER: TestTelegramUser = { id: 8_700_002, first_name: 'Carl' };
/**
 * The hand-off's timeout in these tests: a lender slower than this counts as not answering. Short,
 * since one test waits it out, yet far above what the local lender takes to answer.
 */
const TIMEOUT_MS = 1000;

/** What a real receiver does with X-Signature (docs/operations/lender.md shows the same lines). */
function verifyLenderSignature(secret: string, header: string | undefined, rawBody: Buffer): boolean {
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '') ?? [];
  if (!t || !v1 || Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
  return timingSafeEqual(Buffer.from(v1), Buffer.from(expected));
}

interface Received {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  signed: boolean;
}

/** A lender on 127.0.0.1: checks each request's signature, records it, and answers as the test says. */
function localLender() {
  const received: Received[] = [];
  let answer: (response: ServerResponse) => void | Promise<void> = (response) => void response.writeHead(202).end();
  let server: Server | undefined;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const raw = Buffer.concat(chunks);
          const signed = verifyLenderSignature(SECRET, request.headers['x-signature'] as string | undefined, raw);
          received.push({ headers: request.headers, body: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, signed });
          // No connection outlives its request, so a stopped lender is one that refuses connections.
          response.setHeader('connection', 'close');
          void answer(response);
        });
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  return {
    received,
    get url() {
      return `http://127.0.0.1:${port}/applications`;
    },
    async start() {
      port = await freePort();
      await listen();
    },
    /** The lender is down: nothing listens on its port. */
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    restart: listen,
    answerWith(next: (response: ServerResponse) => void | Promise<void>) {
      answer = next;
    },
  };
}

describe.each(DATABASE_KINDS)('the lender hand-off on %s', (kind) => {
  const lender = localLender();
  let database: TestDatabase;
  let runtime: Runtime;
  let car: string;

  beforeAll(async () => {
    await lender.start();
    database = await createTestDatabase(kind);
    await database.db
      .insertInto('cars')
      .values({ brand: 'Ford', model: 'Escape', year: 2020, price: 20000, mileage: 100, condition: 'used' })
      .execute();
    const config = testConfig({
      PUBLIC_URL: 'http://127.0.0.1:3999',
      LENDER_WEBHOOK_URL: lender.url,
      LENDER_WEBHOOK_SECRET: SECRET,
    });
    runtime = await createRuntime(config, {
      db: database.db,
      logger: false,
      webDist: join(tmpdir(), 'no-web-build'),
      outbox: { tickMs: 3_600_000 },
      lenderTimeoutMs: TIMEOUT_MS,
    });
    await createAdmin(database.db, ADMIN.id);
    await createTelegramUser(database.db, CUSTOMER.id);
    car = (await database.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
  });
  afterEach(() => {
    lender.received.length = 0;
    lender.answerWith((response) => void response.writeHead(202).end());
  });
  afterAll(async () => {
    await runtime.close();
    await lender.stop();
    await database.drop();
  });

  const app = () => runtime.app;
  /** A web guest submits an application: answers its id. */
  async function submitted(): Promise<number> {
    const guest = await createGuest(app(), car);
    return (await submitTestApplication(app(), { cookie: guest.cookie }, guest.userId, { carId: car })).id;
  }
  const asAdmin = (request: Parameters<typeof injectAs>[2]) => injectAs(app(), ADMIN, request);
  async function staffView(applicationId: number): Promise<StaffApplication> {
    const { user_id } = await database.db
      .selectFrom('applications')
      .select('user_id')
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    return (await asAdmin({ method: 'GET', url: `/api/applications/user/${user_id}` })).json<StaffApplication>();
  }
  const deliveryOf = async (applicationId: number): Promise<LenderDelivery> => (await staffView(applicationId)).lenderDelivery;
  /** Time passes: the hand-off's next attempt is due now. */
  const makeDue = () =>
    database.db
      .updateTable('outbox_deliveries')
      .set({ next_attempt_at: sql<Date>`now()` })
      .where('consumer', '=', 'lender')
      .execute();
  const secondsUntilNextAttempt = async (applicationId: number) => {
    const delivery = await deliveryOf(applicationId);
    if (delivery.state !== 'retrying') throw new Error(`expected retrying, got ${delivery.state}`);
    return (Date.parse(delivery.nextAttemptAt) - Date.now()) / 1000;
  };

  it('hands a submission to the lender once, signed, with its event as Idempotency-Key and the creation payload', async () => {
    const applicationId = await submitted();
    await runtime.outbox.tick();
    await runtime.outbox.tick();

    expect(lender.received).toHaveLength(1);
    const [request] = lender.received;
    expect(request!.signed).toBe(true);
    expect(request!.headers['content-type']).toBe('application/json');
    const event = await database.db
      .selectFrom('outbox_events')
      .select('id')
      .where('kind', '=', 'application.submitted')
      .where(sql<number>`(payload->>'applicationId')::integer`, '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(request!.headers['idempotency-key']).toBe(String(event.id));
    expect(request!.body).toMatchObject({
      applicationId,
      carId: car,
      application: {
        applicant: {
          firstName: 'Mary',
          ssn: TEST_SSN,
          dateOfBirth: TEST_BIRTH_DATE,
          incomeFrequency: 'Monthly',
          currentEmployment: { totalMonthsEmployed: 40 },
        },
        communityPropertyDisclosureIndicator: false,
        regulationBIndicator: false,
        privacyNoticeIndicator: true,
      },
      dealer: { creditProvider: 'demo-credit', dealerId: 'DEMO-DEALER-001', experience: 'Standalone' },
    });
    const images = request!.body.images as Record<string, { url: string }>;
    expect(Object.keys(images)).toEqual(['front', 'back']);
    expect(images.front!.url).toMatch(
      /^http:\/\/127\.0\.0\.1:3999\/api\/lender\/documents\/\d+\/front\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(await deliveryOf(applicationId)).toMatchObject({ state: 'sent', attempts: 1 });
  });

  // The block's every field is domain/deals/deal-handoff.test.ts's; docs/operations/lender.md#the-deal-in-the-hand-off.
  it('says the application has no deal (deal: null) when it was made without one', async () => {
    const applicationId = await submitted();
    await runtime.outbox.tick();

    const handOff = lender.received.find((request) => request.body.applicationId === applicationId);
    expect(handOff!.body).toHaveProperty('deal', null);
  });

  const financeInput = { type: 'finance', zip: '75201', tierId: 'excellent', termMonths: 60, cashDownCents: 300_000 };

  it('hands the lender the deal the application was made with, in cents, named under its settings', async () => {
    const guest = await createGuest(app(), car);
    const priced = await app().inject({ method: 'POST', url: '/api/deals/quote', payload: { carId: car, deal: financeInput } });
    expect(priced.statusCode, priced.body).toBe(200);
    const deal = { input: financeInput, ...priced.json<PricedDeal>() };
    const { id: applicationId } = await submitTestApplication(app(), { cookie: guest.cookie }, guest.userId, { carId: car, deal });
    await runtime.outbox.tick();

    const handOff = lender.received.find((request) => request.body.applicationId === applicationId);
    const quote = deal.quote as Extract<DealQuote, { type: 'finance' }>;
    expect(handOff!.body.deal).toMatchObject({
      type: 'finance',
      settingsVersion: deal.settingsVersion,
      priceCents: 2_000_000,
      cashDownCents: 300_000,
      termMonths: 60,
      aprPercent: quote.aprPercent,
      amountFinancedCents: quote.amountFinancedCents,
      paymentCents: quote.paymentCents,
    });
  });

  it('hands the lender an offer the applicant accepted, signed, as the deal from then on', async () => {
    const guest = await createGuest(app(), car);
    const { id: applicationId } = await submitTestApplication(app(), { cookie: guest.cookie }, guest.userId, { carId: car });
    await runtime.outbox.tick();
    lender.received.length = 0;
    const sent = await asAdmin({
      method: 'POST',
      url: `/api/applications/${applicationId}/offers`,
      payload: { input: financeInput, terms: { priceCents: 1_900_000, aprPercent: 3.9 } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const offer = sent.json<DealOffer>();
    await runtime.outbox.tick();
    expect(lender.received).toHaveLength(0);

    const accepted = await injectAs(
      app(),
      { cookie: guest.cookie },
      { method: 'POST', url: `/api/applications/mine/offers/${offer.id}/accept` },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    await runtime.outbox.tick();

    expect(lender.received).toHaveLength(1);
    const [request] = lender.received;
    expect(request!.signed).toBe(true);
    expect(request!.headers['x-lender-event']).toBe('application.offer_accepted');
    expect(Number.isNaN(Date.parse(String(request!.body.acceptedAt)))).toBe(false);
    expect(request!.body).toMatchObject({
      applicationId,
      offerId: offer.id,
      deal: {
        type: 'finance',
        priceCents: 1_900_000,
        aprPercent: 3.9,
        paymentCents: offer.quote.type === 'finance' ? offer.quote.paymentCents : -1,
      },
    });
  });

  it('tells the lender, signed, when the applicant withdraws the application', async () => {
    const guest = await createGuest(app(), car);
    const { id: applicationId } = await submitTestApplication(app(), { cookie: guest.cookie }, guest.userId, { carId: car });
    await runtime.outbox.tick();
    lender.received.length = 0;

    const withdrawn = await injectAs(app(), { cookie: guest.cookie }, { method: 'POST', url: '/api/applications/mine/withdraw' });
    expect(withdrawn.statusCode).toBe(200);
    await runtime.outbox.tick();

    expect(lender.received).toHaveLength(1);
    expect(lender.received[0]!.signed).toBe(true);
    expect(lender.received[0]!.headers['x-lender-event']).toBe('application.withdrawn');
    expect(lender.received[0]!.body).toEqual({ applicationId, status: 'withdrawn' });
  });

  it('gives the lender photo links that answer the licence image, each fetch audited, until they expire', async () => {
    const applicationId = await submitted();
    await runtime.outbox.tick();
    const handOff = lender.received.find((request) => request.body.applicationId === applicationId);
    const images = handOff!.body.images as Record<'front' | 'back', { url: string }>;
    const path = (url: string) => url.replace('http://127.0.0.1:3999', '');

    const photo = await app().inject({ method: 'GET', url: path(images.front.url) });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const audit = await database.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'application.document_fetched_by_lender')
      .where('entity_id', '=', String(applicationId))
      .execute();
    expect(audit).toEqual([{ actor_user_id: null, details: { actor: 'lender', side: 'front' } }]);

    const tampered = path(images.back.url).replace(/signature=([0-9a-f])/, (_, c: string) => `signature=${c === '0' ? '1' : '0'}`);
    expect((await app().inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const otherSide = path(images.back.url).replace('/back?', '/front?');
    expect((await app().inject({ method: 'GET', url: otherSide })).statusCode).toBe(403);
    const expired = signedDocumentUrl('', SECRET, applicationId, 'front', new Date(Date.now() - 1000));
    const refused = await app().inject({ method: 'GET', url: expired });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().error.message).toContain('expired');
  });

  it('retries through a 500, a 429 with Retry-After, a lender that is down and one too slow, then delivers once', async () => {
    const applicationId = await submitted();
    lender.answerWith((response) => void response.writeHead(500).end());
    await runtime.outbox.tick();
    expect(await deliveryOf(applicationId)).toMatchObject({ state: 'retrying', attempts: 1, lastError: 'the lender answered 500' });
    expect(await secondsUntilNextAttempt(applicationId)).toBeLessThanOrEqual(1);

    lender.answerWith((response) => void response.writeHead(429, { 'retry-after': '120' }).end());
    await makeDue();
    await runtime.outbox.tick();
    expect(await deliveryOf(applicationId)).toMatchObject({ attempts: 2, lastError: 'the lender answered 429' });
    expect(await secondsUntilNextAttempt(applicationId)).toBeGreaterThan(100);

    await lender.stop();
    await makeDue();
    await runtime.outbox.tick();
    expect(await deliveryOf(applicationId)).toMatchObject({ attempts: 3, lastError: 'could not reach the lender (ECONNREFUSED)' });
    await lender.restart();

    // Never answers: only the hand-off's timeout ends the request.
    lender.answerWith(() => undefined);
    await makeDue();
    const slowTick = runtime.outbox.tick();
    const meanwhile = await app().inject({ method: 'GET', url: '/api/health' });
    expect(meanwhile.statusCode).toBeLessThan(500);
    await slowTick;
    expect(await deliveryOf(applicationId)).toMatchObject({ attempts: 4, lastError: 'the lender did not answer in time' });

    lender.answerWith((response) => void response.writeHead(200).end());
    await makeDue();
    await runtime.outbox.tick();
    await runtime.outbox.tick();
    expect(await deliveryOf(applicationId)).toMatchObject({ state: 'sent', attempts: 5 });
    expect(new Set(lender.received.map((request) => request.headers['idempotency-key'])).size).toBe(1);
    expect(lender.received.every((request) => request.signed)).toBe(true);
  });

  it('gives up at once when the lender refuses the application with a 400, and Resend delivers it', async () => {
    const applicationId = await submitted();
    lender.answerWith((response) => void response.writeHead(400).end());
    await runtime.outbox.tick();
    expect(await deliveryOf(applicationId)).toMatchObject({ state: 'failed', attempts: 1, lastError: 'the lender answered 400' });

    lender.answerWith((response) => void response.writeHead(201).end());
    const resent = await asAdmin({ method: 'POST', url: `/api/applications/${applicationId}/lender/resend` });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<StaffApplication>().lenderDelivery).toEqual({ state: 'queued' });
    await runtime.outbox.tick();
    expect(await deliveryOf(applicationId)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(lender.received).toHaveLength(2);
    const audit = await database.db
      .selectFrom('audit_events as e')
      .innerJoin('users as u', 'u.id', 'e.actor_user_id')
      .select('u.telegram_id')
      .where('e.action', '=', 'application.lender_resent')
      .where('e.entity_id', '=', String(applicationId))
      .execute();
    expect(audit).toEqual([{ telegram_id: ADMIN.id }]);
  });

  it('refuses Resend while the hand-off is being retried, so it is never sent twice at once', async () => {
    const applicationId = await submitted();
    lender.answerWith((response) => void response.writeHead(503).end());
    await runtime.outbox.tick();
    const refused = await asAdmin({ method: 'POST', url: `/api/applications/${applicationId}/lender/resend` });
    expect(refused.statusCode).toBe(409);
    expect(await deliveryOf(applicationId)).toMatchObject({ state: 'retrying', attempts: 1 });
  });

  it('lets only staff resend: nobody and a guest must sign in, a customer is refused', async () => {
    const applicationId = await submitted();
    const url = `/api/applications/${applicationId}/lender/resend`;
    const guest = await createGuest(app(), car);
    expect((await injectAs(app(), null, { method: 'POST', url })).statusCode).toBe(401);
    expect((await injectAs(app(), { cookie: guest.cookie }, { method: 'POST', url })).statusCode).toBe(401);
    expect((await injectAs(app(), CUSTOMER, { method: 'POST', url })).statusCode).toBe(403);
    expect((await asAdmin({ method: 'POST', url: '/api/applications/999999/lender/resend' })).statusCode).toBe(404);
  });

  describe('decisions from the lender', () => {
    const decide = (body: unknown, { at = new Date(), signature }: { at?: Date; signature?: string } = {}) => {
      const raw = JSON.stringify(body);
      return app().inject({
        method: 'POST',
        url: '/api/lender/decisions',
        headers: { 'content-type': 'application/json', 'x-signature': signature ?? signBody(SECRET, raw, at) },
        payload: raw,
      });
    };
    const statusOf = async (applicationId: number) =>
      (await database.db.selectFrom('applications').select('status').where('id', '=', applicationId).executeTakeFirstOrThrow()).status;
    const statusEventsOf = (applicationId: number) =>
      database.db
        .selectFrom('outbox_events')
        .select('payload')
        .where('kind', '=', 'application.status_changed')
        .where(sql<number>`(payload->>'applicationId')::integer`, '=', applicationId)
        .execute();

    it('changes the status as staff would: history, audit naming the lender, the applicant notified, the reference kept', async () => {
      const applicationId = await submitted();
      const res = await decide({
        applicationId,
        decision: 'rejected',
        reference: 'LND-4471',
        reasons: ['insufficient_income', 'limited_credit_experience'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ applicationId, status: 'rejected' });

      const view = await staffView(applicationId);
      expect(view.status).toBe('rejected');
      expect(view.lenderReference).toBe('LND-4471');
      expect(view.history.at(-1)).toMatchObject({ from: 'in_review', status: 'rejected', by: null });
      const audit = await database.db
        .selectFrom('audit_events')
        .select(['actor_user_id', 'details'])
        .where('action', '=', 'application.status_changed')
        .where('entity_id', '=', String(applicationId))
        .execute();
      expect(audit).toEqual([
        {
          actor_user_id: null,
          details: {
            from: 'in_review',
            to: 'rejected',
            actor: 'lender',
            reference: 'LND-4471',
          },
        },
      ]);
      expect(await statusEventsOf(applicationId)).toMatchObject([{ payload: { from: 'in_review', to: 'rejected' } }]);
    });

    it('records the adverse-action notice of a rejection that names its reasons, for the applicant to receive', async () => {
      const applicationId = await submitted();
      const reasons = ['insufficient_income', 'limited_credit_experience'];
      expect((await decide({ applicationId, decision: 'rejected', reference: 'LND-4472', reasons })).statusCode).toBe(200);

      expect((await staffView(applicationId)).adverseActionNotice).toMatchObject({ reasons, otherReason: null, creditReport: null });
      const notices = await database.db
        .selectFrom('outbox_events')
        .select('payload')
        .where('kind', '=', 'application.adverse_action')
        .where(sql<number>`(payload->>'applicationId')::integer`, '=', applicationId)
        .execute();
      expect(notices).toHaveLength(1);
    });

    it('refuses a forged signature, a stale or future timestamp, a missing one and a replay, changing nothing', async () => {
      const applicationId = await submitted();
      const body = { applicationId, decision: 'approved', reference: 'LND-1' };
      const forged = signBody('another-secret-that-is-long-enough-000000', JSON.stringify(body));
      const sixMinutes = 6 * 60 * 1000;
      const answers = [
        await decide(body, { signature: forged }),
        await decide(body, { at: new Date(Date.now() - sixMinutes) }),
        await decide(body, { at: new Date(Date.now() + sixMinutes) }),
        await decide(body, { signature: '' }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
      expect(await statusOf(applicationId)).toBe('in_review');
      expect(await statusEventsOf(applicationId)).toEqual([]);

      const raw = JSON.stringify(body);
      const signature = signBody(SECRET, raw);
      expect((await decide(body, { signature })).statusCode).toBe(200);
      const replay = await decide(body, { signature });
      expect(replay.statusCode).toBe(401);
      expect(replay.json<ErrorBody>().error.message).toContain('replay');
      expect(await statusEventsOf(applicationId)).toHaveLength(1);
    });

    it('refuses a body that was changed after signing', async () => {
      const applicationId = await submitted();
      const signature = signBody(SECRET, JSON.stringify({ applicationId, decision: 'approved', reference: 'LND-2' }));
      const res = await decide({ applicationId, decision: 'rejected', reference: 'LND-2' }, { signature });
      expect(res.statusCode).toBe(401);
      expect(await statusOf(applicationId)).toBe('in_review');
    });

    it('answers 404 for an unknown application and 409 for one no longer in review', async () => {
      expect((await decide({ applicationId: 999_999, decision: 'approved', reference: 'LND-3' })).statusCode).toBe(404);
      const applicationId = await submitted();
      expect((await decide({ applicationId, decision: 'approved', reference: 'LND-4' })).statusCode).toBe(200);
      const again = await decide({ applicationId, decision: 'rejected', reference: 'LND-5', reasons: ['other'] });
      expect(again.statusCode).toBe(409);
      expect(await statusOf(applicationId)).toBe('approved');
    });

    it('names the field of a decision that is not one, after checking its signature', async () => {
      const applicationId = await submitted();
      const tooMany = await decide({
        applicationId,
        decision: 'rejected',
        reference: 'LND-6',
        reasons: ['insufficient_income', 'excessive_obligations', 'length_of_employment', 'incomplete_application', 'other'],
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json<ErrorBody>().error.fields).toHaveProperty('reasons');
      const unknownReason = await decide({ applicationId, decision: 'rejected', reference: 'LND-7', reasons: ['bad_luck'] });
      expect(unknownReason.statusCode).toBe(400);
      const maybe = await decide({ applicationId, decision: 'maybe', reference: 'LND-8' });
      expect(maybe.json<ErrorBody>().error.fields).toHaveProperty('decision');
      expect(await statusOf(applicationId)).toBe('in_review');
    });
  });
});
