import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSENTS } from '../../../domain/consents.ts';
import type { MyApplication } from '../../../domain/contracts/applications.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { validationMessages as m } from '../../../domain/messages.ts';
import { useTestApp } from '../../test/app.ts';
import {
  requiredConsents,
  submissionBody,
  submit,
  submitTestApplication,
  TEST_SSN,
  uploadLicence,
  type Who,
} from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';

describe.each(DATABASE_KINDS)('submitting a credit application on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 2 }, env: { DEALER_ID: 'DEALER-42', DEALER_TOGGLES: 'autoDecision=false' } });
  let car: string;
  beforeAll(async () => {
    car = (await t.db.selectFrom('cars').select('uuid').orderBy('uuid').executeTakeFirstOrThrow()).uuid;
  });

  let nextTelegramId = 7_100_000;
  /** A Telegram user who has opened the mini app once (so the server knows them), and their user id. */
  async function applicant(): Promise<{ who: TestTelegramUser; userId: number }> {
    const who = { id: nextTelegramId++, first_name: 'Mary' };
    const me = await injectAs(t.app, who, { method: 'GET', url: '/api/me' });
    return { who, userId: me.json<{ user: { id: number } }>().user.id };
  }
  async function photosOf(who: Who) {
    return { front: (await uploadLicence(t.app, who, 'front')).id, back: (await uploadLicence(t.app, who, 'back')).id };
  }
  const applicationOf = (userId: number) => t.db.selectFrom('applications').selectAll().where('user_id', '=', userId).executeTakeFirst();
  const countApplications = async (userId: number) =>
    Number(
      (
        await t.db
          .selectFrom('applications')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const countOutboxEvents = async (userId: number) =>
    Number(
      (
        await t.db
          .selectFrom('outbox_events')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(sql`payload->>'userId'`, '=', String(userId))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("stores a Telegram user's application with everything that belongs to it, in one go", async () => {
    const { who, userId } = await applicant();
    const photos = await photosOf(who);
    await injectAs(t.app, who, { method: 'PUT', url: '/api/applications/draft', payload: { carId: car, personal: { firstName: 'Mary' } } });
    const consents = [...requiredConsents(), { kind: 'marketing_contact', version: '2026-11-01' }];
    const res = await submit(t.app, who, submissionBody(userId, photos, { carId: car, consents }));

    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<MyApplication>();
    expect(answer).toMatchObject({ status: 'in_review', car: { uuid: car }, history: [{ status: 'in_review' }] });
    const row = (await applicationOf(userId))!;
    expect(row).toMatchObject({
      id: answer.id,
      car_uuid: car,
      status: 'in_review',
      first_name: 'Mary',
      last_name: 'Major',
      ssn_last4: '6789',
      consent_given: true,
      income: 5200,
      other_income_amount: 400,
      months_at_current_address: 14,
    });
    expect(row.ssn_encrypted).not.toContain(TEST_SSN);
    expect(row.address).toEqual({ line1: '12 Elm St.', line2: 'Apt 4B', city: 'Springfield', state: 'IL', postalCode: '62701' });
    expect(row.current_employment).toMatchObject({ employerName: 'Acme Corp', totalMonthsEmployed: 40 });
    expect(row.previous_employment).toBeNull();

    const documents = await t.db
      .selectFrom('application_documents')
      .select(['id', 'side', 'application_id'])
      .where('owner_user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(documents).toEqual([
      { id: photos.front, side: 'front', application_id: row.id },
      { id: photos.back, side: 'back', application_id: row.id },
    ]);
    const storedConsents = await t.db
      .selectFrom('application_consents')
      .select(['kind', 'text_version'])
      .where('application_id', '=', row.id)
      .orderBy('kind')
      .execute();
    expect(storedConsents).toEqual(
      CONSENTS.map(({ kind, version }) => ({ kind, text_version: version })).sort((a, b) => a.kind.localeCompare(b.kind)),
    );
    const history = await t.db.selectFrom('application_status_history').selectAll().where('application_id', '=', row.id).execute();
    expect(history).toMatchObject([{ from_status: null, to_status: 'in_review', changed_by: null }]);
    const audit = await t.db
      .selectFrom('audit_events')
      .selectAll()
      .where('entity', '=', 'application')
      .where('entity_id', '=', String(row.id))
      .execute();
    expect(audit).toMatchObject([{ action: 'application.submitted', actor_user_id: userId }]);
    expect(await t.db.selectFrom('application_drafts').select('user_id').where('user_id', '=', userId).executeTakeFirst()).toBeUndefined();
    const outbox = await t.db
      .selectFrom('outbox_events')
      .select(['id', 'kind', 'payload'])
      .where(sql`payload->>'applicationId'`, '=', String(row.id))
      .execute();
    expect(outbox).toEqual([{ id: outbox[0]!.id, kind: 'application.submitted', payload: { applicationId: row.id, userId } }]);
    // The bot is off in these tests, so no consumer is subscribed and nothing is owed to one.
    expect(await t.db.selectFrom('outbox_deliveries').select('consumer').where('event_id', '=', outbox[0]!.id).execute()).toEqual([]);
  });

  it('fills the dealer block from the server configuration and ignores the one a client sends', async () => {
    const { who, userId } = await applicant();
    const forged = {
      creditProvider: 'evil',
      dealerId: 'FORGED',
      partnerDealerId: 'x',
      toggles: { autoDecision: true },
      experience: 'Standalone',
      sourcePartnerId: 'x',
      correlationId: 'x',
    };
    const res = await submit(t.app, who, submissionBody(userId, await photosOf(who), { dealer: forged }));
    expect(res.statusCode, res.body).toBe(201);
    const { dealer } = (await applicationOf(userId))!;
    expect(dealer).toMatchObject({
      creditProvider: 'demo-credit',
      dealerId: 'DEALER-42',
      partnerDealerId: 'DEMO-PARTNER-001',
      toggles: { autoDecision: false },
      experience: 'Standalone',
    });
    expect(dealer['correlationId']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lets a web guest upload both sides and submit', async () => {
    const guest = await createGuest(t.app, car);
    const who = { cookie: guest.cookie };
    const res = await submit(t.app, who, submissionBody(guest.userId, await photosOf(who)));
    expect(res.statusCode, res.body).toBe(201);
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', guest.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      kind: 'guest',
      first_name: 'Mary',
      last_name: 'Major',
      email: 'mary.major@example.com',
      phone: '+15551234567',
    });
    expect(user.registered_at).toBeInstanceOf(Date);
  });

  it('answers the first result when the same request is sent again with the same key, storing nothing new', async () => {
    const { who, userId } = await applicant();
    const body = submissionBody(userId, await photosOf(who));
    const key = randomUUID();
    const first = await submit(t.app, who, body, key);
    const again = await submit(t.app, who, body, key.toUpperCase());
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countApplications(userId)).toBe(1);
    expect(await countOutboxEvents(userId)).toBe(1);
  });

  it('refuses the same key with another body (409)', async () => {
    const { who, userId } = await applicant();
    const photos = await photosOf(who);
    const key = randomUUID();
    expect((await submit(t.app, who, submissionBody(userId, photos), key)).statusCode).toBe(201);
    const other = await submit(t.app, who, submissionBody(userId, photos, { carId: car }), key);
    expect(other.statusCode).toBe(409);
    expect(other.json<ErrorBody>().error.code).toBe('idempotency_key_reused');
  });

  it("refuses another user's key (409), never showing them the first user's application", async () => {
    const first = await applicant();
    const second = await applicant();
    const key = randomUUID();
    expect((await submit(t.app, first.who, submissionBody(first.userId, await photosOf(first.who)), key)).statusCode).toBe(201);
    const res = await submit(t.app, second.who, submissionBody(second.userId, await photosOf(second.who)), key);
    expect(res.statusCode).toBe(409);
    const { error } = res.json<ErrorBody>();
    expect(error.code).toBe('idempotency_key_reused');
    expect(Object.keys(error).sort()).toEqual(['code', 'message']);
  });

  it('keeps one application when two submissions with different keys arrive at the same moment', async () => {
    const { who, userId } = await applicant();
    const body = submissionBody(userId, await photosOf(who));
    const answers = await Promise.all([submit(t.app, who, body), submit(t.app, who, body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!.json<ErrorBody>();
    expect(refused.error.code).toBe('application_exists');
    expect(await countApplications(userId)).toBe(1);
  });

  it("refuses a second application with the existing one's id (409)", async () => {
    const { who, userId } = await applicant();
    const first = await submitTestApplication(t.app, who, userId);
    const res = await submit(t.app, who, submissionBody(userId, await photosOf(who)));
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error).toMatchObject({ code: 'application_exists', applicationId: first.id });
  });

  it.each(['credit_check', 'privacy_notice', 'electronic_records'] as const)(
    'refuses an application without the required %s consent, naming it (400)',
    async (missing) => {
      const { who, userId } = await applicant();
      const consents = requiredConsents().filter((consent) => consent.kind !== missing);
      const res = await submit(t.app, who, submissionBody(userId, await photosOf(who), { consents }));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual([`consents.${missing}`]);
      expect(await applicationOf(userId)).toBeUndefined();
    },
  );

  it('accepts an application without the optional marketing consent', async () => {
    const { who, userId } = await applicant();
    const res = await submit(t.app, who, submissionBody(userId, await photosOf(who), { consents: requiredConsents() }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('asks for a consent again when it was given for an older text (409)', async () => {
    const { who, userId } = await applicant();
    const consents = requiredConsents().map((consent) =>
      consent.kind === 'privacy_notice' ? { ...consent, version: '2025-01-01' } : consent,
    );
    const res = await submit(t.app, who, submissionBody(userId, await photosOf(who), { consents }));
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error).toMatchObject({
      code: 'consent_outdated',
      fields: { 'consents.privacy_notice': m.consentOutdated },
    });
  });

  it("refuses another user's photo in a submission (400) and leaves that photo alone", async () => {
    const owner = await applicant();
    const thief = await applicant();
    const stolen = await uploadLicence(t.app, owner.who, 'front');
    const own = await photosOf(thief.who);
    const res = await submit(t.app, thief.who, submissionBody(thief.userId, { front: stolen.id, back: own.back }));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({ 'images.front': m.licensePhotoNotUploaded });
    const photo = await t.db
      .selectFrom('application_documents')
      .select(['owner_user_id', 'application_id'])
      .where('id', '=', stolen.id)
      .executeTakeFirstOrThrow();
    expect(photo).toEqual({ owner_user_id: owner.userId, application_id: null });
  });

  it('refuses a back photo sent as the front (400)', async () => {
    const { who, userId } = await applicant();
    const photos = await photosOf(who);
    const res = await submit(t.app, who, submissionBody(userId, { front: photos.back, back: photos.front }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.fields ?? {}).sort()).toEqual(['images.back', 'images.front']);
  });

  it('refuses an application sent for someone else (403)', async () => {
    const { who, userId } = await applicant();
    const res = await submit(t.app, who, submissionBody(userId + 1000, await photosOf(who)));
    expect(res.statusCode).toBe(403);
  });

  it('refuses a visitor the server does not know (401)', async () => {
    const res = await submit(t.app, null, submissionBody(1, { front: 1, back: 2 }));
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['without an Idempotency-Key', {}],
    ['with an Idempotency-Key that is not a UUID', { 'idempotency-key': 'retry-1' }],
  ])('refuses a submission %s (400)', async (_name, headers) => {
    const { who, userId } = await applicant();
    const res = await injectAs(t.app, who, {
      method: 'POST',
      url: '/api/applications',
      payload: submissionBody(userId, { front: 1, back: 2 }),
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.message).toContain('Idempotency-Key');
  });

  it('names each invalid field of the applicant (400)', async () => {
    const { who, userId } = await applicant();
    const body = submissionBody(userId, await photosOf(who));
    body.application.applicant.ssn = '12345';
    body.application.applicant.previousAddress = null as never;
    const res = await submit(t.app, who, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toMatchObject({
      'application.applicant.ssn': m.ssnInvalid,
      'application.applicant.previousAddress': m.previousAddressRequired,
    });
  });

  it('stores a declaration of no previous employment, as such, for a first job under 2 years', async () => {
    const { who, userId } = await applicant();
    const body = submissionBody(userId, await photosOf(who));
    const applicant_ = body.application.applicant as Record<string, unknown>;
    applicant_.currentEmployment = { ...body.application.applicant.currentEmployment, totalMonthsEmployed: 8 };
    applicant_.noPreviousEmployment = true;
    const res = await submit(t.app, who, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(await applicationOf(userId)).toMatchObject({ previous_employment: null, no_previous_employment: true });
  });

  it('refuses a first job under 2 years with neither a previous job nor the declaration (400)', async () => {
    const { who, userId } = await applicant();
    const body = submissionBody(userId, await photosOf(who));
    body.application.applicant.currentEmployment = { ...body.application.applicant.currentEmployment, totalMonthsEmployed: 8 };
    const res = await submit(t.app, who, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({ 'application.applicant.previousEmployment': m.previousEmploymentRequired });
  });

  it('refuses an employed applicant without the employer’s address (400)', async () => {
    const { who, userId } = await applicant();
    const body = submissionBody(userId, await photosOf(who));
    body.application.applicant.currentEmployment = { ...body.application.applicant.currentEmployment, employerAddress: null as never };
    const res = await submit(t.app, who, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({
      'application.applicant.currentEmployment.employerAddress': m.employerAddressRequired,
    });
  });

  it('refuses an SSN the SSA never issues, saying what is wrong with it (400)', async () => {
    const { who, userId } = await applicant();
    const body = submissionBody(userId, await photosOf(who));
    body.application.applicant.ssn = '666123456';
    const res = await submit(t.app, who, body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({ 'application.applicant.ssn': m.ssnNeverIssued });
    expect(await countApplications(userId)).toBe(0);
  });

  it('refuses a car that is not in the catalogue (400)', async () => {
    const { who, userId } = await applicant();
    const res = await submit(t.app, who, submissionBody(userId, await photosOf(who), { carId: randomUUID() }));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual(['carId']);
  });

  it.each(['pending', 'sold'] as const)('refuses a car whose listing is %s: it is no longer available (409)', async (state) => {
    const { who, userId } = await applicant();
    const car = await t.db.selectFrom('cars').select('uuid').orderBy('uuid').executeTakeFirstOrThrow();
    await t.db.updateTable('cars').set({ listing_state: state }).where('uuid', '=', car.uuid).execute();
    const res = await submit(t.app, who, submissionBody(userId, await photosOf(who), { carId: car.uuid }));
    await t.db.updateTable('cars').set({ listing_state: 'available' }).where('uuid', '=', car.uuid).execute();
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error).toMatchObject({ code: 'car_unavailable', fields: { carId: m.carUnavailable } });
    expect(await countApplications(userId)).toBe(0);
  });

  it('leaves nothing behind when a step fails after the application row is written', async () => {
    const { who, userId } = await applicant();
    const photos = await photosOf(who);
    await injectAs(t.app, who, { method: 'PUT', url: '/api/applications/draft', payload: { personal: { firstName: 'Mary' } } });
    await sql`create function fail_status_history() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end; $$`.execute(
      t.db,
    );
    await sql`create trigger fail_status_history before insert on application_status_history for each row execute function fail_status_history()`.execute(
      t.db,
    );
    try {
      const res = await submit(t.app, who, submissionBody(userId, photos));
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`drop trigger fail_status_history on application_status_history`.execute(t.db);
      await sql`drop function fail_status_history()`.execute(t.db);
    }
    expect(await applicationOf(userId)).toBeUndefined();
    const documents = await t.db.selectFrom('application_documents').select('application_id').where('owner_user_id', '=', userId).execute();
    expect(documents).toEqual([{ application_id: null }, { application_id: null }]);
    expect(await t.db.selectFrom('application_drafts').select('user_id').where('user_id', '=', userId).executeTakeFirst()).toBeDefined();
    expect(await countOutboxEvents(userId)).toBe(0);
    // The same request, once the fault is gone, goes through.
    expect((await submit(t.app, who, submissionBody(userId, photos))).statusCode).toBe(201);
  });
});

describe.each(DATABASE_KINDS)("the applicant's own view on %s", (kind) => {
  const t = useTestApp(kind, { seed: { cars: 2 } });

  it('shows the status, the chosen car, the history and the Regulation B due date, and nothing personal', async () => {
    const who = { id: 7_200_001 };
    const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    const car = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
    const submitted = await submitTestApplication(t.app, who, userId, { carId: car });
    const res = await injectAs(t.app, who, { method: 'GET', url: '/api/applications/mine' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const mine = res.json<MyApplication>();
    expect(mine).toEqual(submitted);
    expect(Object.keys(mine).sort()).toEqual(['car', 'deal', 'history', 'id', 'notice', 'offers', 'regBDueAt', 'status', 'submittedAt']);
    expect(new Date(mine.regBDueAt).getTime() - new Date(mine.submittedAt).getTime()).toBe(30 * 86_400_000);
    expect(mine.car).toMatchObject({ uuid: car });
    expect(res.body).not.toContain(TEST_SSN);
    expect(res.body).not.toMatch(/1990|5200|Major/);
  });

  describe('moving the application to another car', () => {
    async function appliedFor(telegramId: number) {
      const who = { id: telegramId };
      const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
      const cars = await t.db.selectFrom('cars').select('uuid').orderBy('uuid').execute();
      const first = cars[0]!.uuid;
      const second = cars[1]!.uuid;
      const submitted = await submitTestApplication(t.app, who, userId, { carId: first });
      return { who, submitted, second };
    }
    const changeCar = (who: { id: number }, carId: string) =>
      injectAs(t.app, who, { method: 'PATCH', url: '/api/applications/mine/car', payload: { carId } });

    it('moves an application in review to the car chosen now, and the staff history records it', async () => {
      const { who, submitted, second } = await appliedFor(7_200_101);
      const res = await changeCar(who, second);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json<MyApplication>()).toMatchObject({ id: submitted.id, status: 'in_review', car: { uuid: second } });
      const trail = await t.db
        .selectFrom('audit_events')
        .select(['action', 'details'])
        .where('entity_id', '=', String(submitted.id))
        .where('action', '=', 'application.edited')
        .execute();
      expect(trail).toEqual([{ action: 'application.edited', details: { fields: ['carId'] } }]);
    });

    it('refuses once the application is decided (409): the decision was for the first car', async () => {
      const { who, submitted, second } = await appliedFor(7_200_102);
      await t.db.updateTable('applications').set({ status: 'approved' }).where('id', '=', submitted.id).execute();
      const res = await changeCar(who, second);
      expect(res.statusCode).toBe(409);
      expect(res.json<ErrorBody>().error.code).toBe('conflict');
      expect(
        (await t.db.selectFrom('applications').select('car_uuid').where('id', '=', submitted.id).executeTakeFirstOrThrow()).car_uuid,
      ).toBe(submitted.car?.uuid);
    });

    it('refuses a car that is no longer available (400)', async () => {
      const { who, second } = await appliedFor(7_200_103);
      await t.db.updateTable('cars').set({ listing_state: 'sold' }).where('uuid', '=', second).execute();
      const res = await changeCar(who, second);
      await t.db.updateTable('cars').set({ listing_state: 'available' }).where('uuid', '=', second).execute();
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toEqual({ carId: m.carUnavailable });
    });

    it('answers 404 to someone who has not applied', async () => {
      const res = await changeCar({ id: 7_200_104 }, randomUUID());
      expect(res.statusCode).toBe(404);
    });
  });

  it('answers no application, without an error status, to someone who has not applied and to an unknown visitor', async () => {
    for (const who of [{ id: 7_200_002 }, null]) {
      const res = await injectAs(t.app, who, { method: 'GET', url: '/api/applications/mine' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toBeNull();
    }
  });
});
