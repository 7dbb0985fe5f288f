import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  ApplicationTrailEvent,
  MyApplication,
  ReviewConfirmation,
  SsnReveal,
  StaffApplication,
} from '../../../domain/contracts/applications.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import { validationMessages as m } from '../../../domain/messages.ts';
import { useTestApp } from '../../test/app.ts';
import { submitTestApplication, TEST_BIRTH_DATE, TEST_SSN } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';

const ADMIN: TestTelegramUser = { id: 8_100_001, first_name: 'Ada', last_name: 'Staff' };

describe.each(DATABASE_KINDS)('staff review of an application on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let car: string;
  let nextTelegramId = 8_200_000;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    await t.db.updateTable('users').set({ first_name: 'Ada', last_name: 'Staff' }).where('telegram_id', '=', ADMIN.id).execute();
    car = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
  });

  /** A Telegram user who has submitted an application: their identity, user id and the application. */
  async function submitted(): Promise<{ who: TestTelegramUser; userId: number; application: MyApplication }> {
    const who = { id: nextTelegramId++ };
    const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    return { who, userId, application: await submitTestApplication(t.app, who, userId, { carId: car }) };
  }
  const asAdmin = (request: Parameters<typeof injectAs>[2]) => injectAs(t.app, ADMIN, request);
  const trailOf = async (applicationId: number) =>
    (await asAdmin({ method: 'GET', url: `/api/applications/${applicationId}/history` })).json<Paged<ApplicationTrailEvent>>().items;

  it('shows staff the application with its original field names, the SSN masked and what they need around it', async () => {
    const { userId, application } = await submitted();
    const res = await asAdmin({ method: 'GET', url: `/api/applications/user/${userId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const record = res.json<StaffApplication>();
    expect(record).toMatchObject({
      id: application.id,
      userId,
      status: 'in_review',
      carId: car,
      firstName: 'Mary',
      lastName: 'Major',
      ssnMasked: '***-**-6789',
      dateOfBirth: TEST_BIRTH_DATE,
      income: 5200,
      incomeFrequency: 'Monthly',
      otherIncomeAmount: 400,
      currentEmployment: { employerName: 'Acme Corp', status: 'Employed', totalMonthsEmployed: 40 },
      car: { uuid: car },
      regBDaysLeft: 30,
      history: [{ from: null, status: 'in_review', by: null }],
    });
    expect(record).not.toHaveProperty('ssn');
    expect(res.body).not.toContain(TEST_SSN);
    expect(record.documents.map((doc) => [doc.side, doc.mime])).toEqual([
      ['front', 'image/jpeg'],
      ['back', 'image/jpeg'],
    ]);
    expect(record.consents.map((consent) => consent.kind)).toEqual(['credit_check', 'privacy_notice', 'electronic_records']);
  });

  it('answers 404 for a user without an application', async () => {
    const res = await asAdmin({ method: 'GET', url: '/api/applications/user/999999' });
    expect(res.statusCode).toBe(404);
  });

  it('reveals the full SSN only on request, never cached, and records each reveal', async () => {
    const { application } = await submitted();
    const res = await asAdmin({ method: 'POST', url: `/api/applications/${application.id}/ssn/reveal` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json<SsnReveal>()).toEqual({ ssn: TEST_SSN });
    expect((await trailOf(application.id)).map((event) => event.action)).toContain('application.ssn_revealed');
  });

  it.each(['front', 'back'] as const)('shows the %s photo of the licence as an image, never cached, and records the view', async (side) => {
    const { application } = await submitted();
    const res = await asAdmin({ method: 'GET', url: `/api/applications/${application.id}/documents/${side}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const viewed = (await trailOf(application.id)).find((event) => event.action === 'application.document_viewed');
    expect(viewed?.details).toEqual({ side });
  });

  it("shows staff a phone's licence photo as stored, 2,400 pixels wide, not the smaller copy the PDF prints", async () => {
    const who = { id: nextTelegramId++ };
    const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    const application = await submitTestApplication(t.app, who, userId, { carId: car }, { width: 3000, height: 1875 });
    const res = await asAdmin({ method: 'GET', url: `/api/applications/${application.id}/documents/front` });
    expect(res.statusCode).toBe(200);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 2400, height: 1500 });
  });

  it('refuses a side that is neither front nor back (400)', async () => {
    const { application } = await submitted();
    expect((await asAdmin({ method: 'GET', url: `/api/applications/${application.id}/documents/left` })).statusCode).toBe(400);
  });

  it("saves staff's corrections and records which fields changed, never their values", async () => {
    const { userId, application } = await submitted();
    const before = (await asAdmin({ method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
    const {
      id: _id,
      userId: _user,
      status: _status,
      carId: _car,
      ssnMasked: _ssn,
      consentGiven: _consent,
      submittedAt: _s,
      updatedAt: _u,
      car: _c,
      documents: _d,
      consents: _cs,
      history: _h,
      regBDueAt: _r,
      regBDaysLeft: _l,
      ...fields
    } = before;
    const patch = { ...fields, applicationId: application.id, lastName: 'Minor', income: 6100, ssn: '234567890' };
    const res = await asAdmin({ method: 'PATCH', url: '/api/applications/applicant', payload: patch });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffApplication>()).toMatchObject({ lastName: 'Minor', income: 6100, ssnMasked: '***-**-7890', firstName: 'Mary' });
    const edited = (await trailOf(application.id)).find((event) => event.action === 'application.edited');
    expect(edited).toMatchObject({ actor: { name: 'Ada Staff' }, details: { fields: ['lastName', 'income', 'ssn'] } });
    expect(JSON.stringify(edited)).not.toMatch(/Minor|6100|234567890/);
  });

  it('keeps the stored SSN when an edit leaves it out', async () => {
    const { userId, application } = await submitted();
    const before = (await asAdmin({ method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
    const {
      lastName,
      suffix,
      phone,
      email,
      maritalStatus,
      monthsAtCurrentAddress,
      housingStatus,
      mortgageOrRentAmount,
      address,
      previousAddress,
      income,
      incomeFrequency,
      otherIncomeSource,
      otherIncomeAmount,
      currentEmployment,
      previousEmployment,
      dateOfBirth,
    } = before;
    const patch = {
      applicationId: application.id,
      firstName: 'Marianne',
      lastName,
      suffix,
      phone,
      email,
      maritalStatus,
      monthsAtCurrentAddress,
      housingStatus,
      mortgageOrRentAmount,
      address,
      previousAddress,
      income,
      incomeFrequency,
      otherIncomeSource,
      otherIncomeAmount,
      currentEmployment,
      previousEmployment,
      dateOfBirth,
    };
    expect((await asAdmin({ method: 'PATCH', url: '/api/applications/applicant', payload: patch })).statusCode).toBe(200);
    expect((await asAdmin({ method: 'POST', url: `/api/applications/${application.id}/ssn/reveal` })).json<SsnReveal>()).toEqual({
      ssn: TEST_SSN,
    });
  });

  it('refuses an edit that breaks a rule, naming the field (400)', async () => {
    const { application } = await submitted();
    const res = await asAdmin({
      method: 'PATCH',
      url: '/api/applications/applicant',
      payload: { applicationId: application.id, firstName: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toHaveProperty('firstName');
  });

  it('refuses an edit to an SSN the SSA never issues and keeps the stored one (400)', async () => {
    const { application } = await submitted();
    const res = await asAdmin({
      method: 'PATCH',
      url: '/api/applications/applicant',
      payload: { applicationId: application.id, ssn: '000-12-3456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toHaveProperty('ssn', m.ssnNeverIssued);
    expect((await asAdmin({ method: 'POST', url: `/api/applications/${application.id}/ssn/reveal` })).json<SsnReveal>()).toEqual({
      ssn: TEST_SSN,
    });
  });

  it('answers 404 to an edit of an application that does not exist', async () => {
    const { userId } = await submitted();
    const record = (await asAdmin({ method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
    const {
      firstName,
      lastName,
      suffix,
      phone,
      email,
      maritalStatus,
      monthsAtCurrentAddress,
      housingStatus,
      mortgageOrRentAmount,
      address,
      previousAddress,
      income,
      incomeFrequency,
      otherIncomeSource,
      otherIncomeAmount,
      currentEmployment,
      previousEmployment,
      dateOfBirth,
    } = record;
    const patch = {
      applicationId: 999_999,
      firstName,
      lastName,
      suffix,
      phone,
      email,
      maritalStatus,
      monthsAtCurrentAddress,
      housingStatus,
      mortgageOrRentAmount,
      address,
      previousAddress,
      income,
      incomeFrequency,
      otherIncomeSource,
      otherIncomeAmount,
      currentEmployment,
      previousEmployment,
      dateOfBirth,
    };
    expect((await asAdmin({ method: 'PATCH', url: '/api/applications/applicant', payload: patch })).statusCode).toBe(404);
  });

  it('changes the status to any other, with a history row, an audit event and a notification for the applicant', async () => {
    const { who, userId, application } = await submitted();
    for (const status of ['approved', 'rejected', 'in_review'] as const) {
      // A rejection gives its principal reasons (docs/product/notices.md#adverse-action-notices).
      const payload = status === 'rejected' ? { status, reasons: ['incomplete_application'] } : { status };
      const res = await asAdmin({ method: 'PATCH', url: `/api/applications/${application.id}/status`, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<StaffApplication>().status).toBe(status);
    }
    const record = (await asAdmin({ method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
    expect(record.history.map(({ from, status, by }) => [from, status, by?.name ?? null])).toEqual([
      [null, 'in_review', null],
      ['in_review', 'approved', 'Ada Staff'],
      ['approved', 'rejected', 'Ada Staff'],
      ['rejected', 'in_review', 'Ada Staff'],
    ]);
    const mine = (await injectAs(t.app, who, { method: 'GET', url: '/api/applications/mine' })).json<MyApplication>();
    expect(mine.history.map((change) => change.status)).toEqual(['in_review', 'approved', 'rejected', 'in_review']);
    const outbox = await t.db
      .selectFrom('outbox_events')
      .select(['kind', 'payload'])
      .where('kind', '=', 'application.status_changed')
      .execute();
    expect(outbox.filter((event) => event.payload['applicationId'] === application.id).map((event) => event.payload)).toEqual([
      { applicationId: application.id, userId, from: 'in_review', to: 'approved' },
      { applicationId: application.id, userId, from: 'approved', to: 'rejected' },
      { applicationId: application.id, userId, from: 'rejected', to: 'in_review' },
    ]);
  });

  it('refuses a status outside the three (400)', async () => {
    const { application } = await submitted();
    const res = await asAdmin({ method: 'PATCH', url: `/api/applications/${application.id}/status`, payload: { status: 'pending' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({ status: 'status must be in_review, approved or rejected' });
  });

  it('lists the whole trail newest first, with who did what', async () => {
    const { userId, application } = await submitted();
    await asAdmin({ method: 'GET', url: `/api/applications/user/${userId}` });
    await asAdmin({ method: 'PATCH', url: `/api/applications/${application.id}/status`, payload: { status: 'approved' } });
    await asAdmin({ method: 'POST', url: `/api/applications/${application.id}/ssn/reveal` });
    const res = await asAdmin({ method: 'GET', url: `/api/applications/${application.id}/history?limit=10` });
    expect(res.statusCode).toBe(200);
    const trail = res.json<Paged<ApplicationTrailEvent>>();
    expect(trail.items.map((event) => event.action)).toEqual([
      'application.history_viewed',
      'application.ssn_revealed',
      'application.status_changed',
      'application.viewed',
      'application.submitted',
    ]);
    expect(trail.items[2]).toMatchObject({ actor: { name: 'Ada Staff' }, details: { from: 'in_review', to: 'approved' } });
    expect(trail.items.at(-1)?.actor?.id).toBe(userId);
    expect(trail).toMatchObject({ total: 5, page: 1, limit: 10, totalPages: 1 });
  });

  it('records that a staff member reviewed the application, and the history shows who and when', async () => {
    const { application } = await submitted();
    const res = await asAdmin({ method: 'POST', url: `/api/applications/${application.id}/review` });
    expect(res.statusCode, res.body).toBe(200);
    const confirmation = res.json<ReviewConfirmation>();
    expect(confirmation).toMatchObject({ applicationId: application.id, by: { name: 'Ada Staff' } });
    const reviewed = (await trailOf(application.id)).find((event) => event.action === 'application.reviewed');
    expect(reviewed).toMatchObject({ actor: { name: 'Ada Staff' }, details: { status: 'in_review' } });
    expect(Math.abs(Date.parse(reviewed!.at) - Date.parse(confirmation.at))).toBeLessThan(60_000);
  });

  it('leaves the status as it was when a review is confirmed', async () => {
    const { userId, application } = await submitted();
    await asAdmin({ method: 'PATCH', url: `/api/applications/${application.id}/status`, payload: { status: 'approved' } });
    await asAdmin({ method: 'POST', url: `/api/applications/${application.id}/review` });
    const record = (await asAdmin({ method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
    expect(record.status).toBe('approved');
    expect(record.history).toHaveLength(2);
  });

  it.each([
    ['POST', '/api/applications/999999/review'],
    ['GET', '/api/applications/999999/history'],
    ['POST', '/api/applications/999999/ssn/reveal'],
    ['GET', '/api/applications/999999/documents/front'],
    ['PATCH', '/api/applications/999999/status'],
  ] as const)('answers 404 to %s %s for an application that does not exist', async (method, url) => {
    const res = await asAdmin({ method, url, ...(method === 'PATCH' ? { payload: { status: 'approved' } } : {}) });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/applications/user/0'],
    ['GET', '/api/applications/abc/history'],
    ['POST', '/api/applications/99999999999/ssn/reveal'],
  ] as const)('answers 400 to %s %s, a path that names no application', async (method, url) => {
    expect((await asAdmin({ method, url })).statusCode).toBe(400);
  });

  it('keeps every staff route from anyone but staff, with a real application behind it', async () => {
    const { userId, application } = await submitted();
    const guest = await createGuest(t.app, car);
    const routes = [
      ['GET', `/api/applications/user/${userId}`],
      ['POST', `/api/applications/${application.id}/ssn/reveal`],
      ['GET', `/api/applications/${application.id}/documents/front`],
      ['PATCH', '/api/applications/applicant'],
      ['PATCH', `/api/applications/${application.id}/status`],
      ['GET', `/api/applications/${application.id}/history`],
      ['POST', `/api/applications/${application.id}/review`],
    ] as const;
    const callers = [
      [null, 401],
      [{ cookie: guest.cookie }, 401],
      [{ id: nextTelegramId++ }, 403],
    ] as const;
    for (const [method, url] of routes) {
      for (const [who, expected] of callers) {
        const res = await injectAs(t.app, who, {
          method,
          url,
          ...(method === 'PATCH' ? { payload: { status: 'approved', applicationId: application.id } } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(expected);
        expect(res.body).not.toContain(TEST_SSN);
      }
    }
    const audited = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity', '=', 'application')
      .where('entity_id', '=', String(application.id))
      .execute();
    expect(audited.map((event) => event.action)).toEqual(['application.submitted']);
  });
});
