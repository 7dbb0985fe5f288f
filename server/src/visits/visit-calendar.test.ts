import type { InjectOptions } from 'fastify';
import * as v from 'valibot';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { StaffVisit, StaffVisitsAnswer } from '../../../domain/contracts/visits.ts';
import { visitBookingSchema, type VisitType } from '../../../domain/visits/visit.schema.ts';
import { useTestApp } from '../../test/app.ts';
import { insertApplication } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createTelegramUser, injectAs, sessionCookie, type TestTelegramUser } from '../../test/identity.ts';
import type { Db } from '../db/database.ts';
import { insertVisitInFreePlace, markVisitCancelled } from './visits.repository.ts';
import { recordStaffVisitTo } from '../applications/lead-work.service.ts';
import { bookVisit, shopperOfVisit } from './visits.service.ts';

const ADMIN: TestTelegramUser = { id: 8_930_001, first_name: 'Ada', last_name: 'Staff' };
const SHOPPER: TestTelegramUser = { id: 8_930_002, first_name: 'Sam' };
const MINUTE = 60_000;

async function addCar(db: Db, brand: string, model: string): Promise<string> {
  const car = await db
    .insertInto('cars')
    .values({ brand, model, year: 2024, price: 25_000, mileage: 1_000, condition: 'used' })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  return car.uuid;
}

/** A submitted application of a user, with the phone and email it gives and no response yet. */
const addApplication = (db: Db, userId: number, contact: { phone: string; email: string }) =>
  insertApplication(db, { user_id: userId, status: 'in_review', ...contact, submitted_at: new Date('2027-03-01T15:00:00Z') });

afterEach(() => {
  vi.useRealTimers();
});

describe.each(DATABASE_KINDS)('the staff calendar of visits on %s', (kind) => {
  const t = useTestApp(kind, { env: { STAFF_MFA: 'required' } });
  let adminId = 0;
  let shopperId = 0;
  let camry = '';
  let civic = '';

  beforeAll(async () => {
    adminId = (await createAdmin(t.db, ADMIN.id)).id;
    shopperId = (await createTelegramUser(t.db, SHOPPER.id)).id;
    camry = await addCar(t.db, 'Toyota', 'Camry');
    civic = await addCar(t.db, 'Honda', 'Civic');
  });

  /** A visit written straight into the calendar, at any instant, as the repository books one. */
  async function visitAt(
    start: string,
    { car = camry, type = 'test_drive', userId = shopperId }: { car?: string; type?: VisitType; userId?: number | null } = {},
  ): Promise<number> {
    const startsAt = new Date(start);
    const visit = await insertVisitInFreePlace(
      t.db,
      {
        user_id: userId,
        car_uuid: car,
        type,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 30 * MINUTE),
        name: 'Sam Shopper',
        phone: '+12145550111',
        email: 'sam@example.com',
        note: null,
        language: 'en',
        channel: userId === null ? 'none' : 'telegram',
        deal: null,
        booked_by: userId === null ? 'staff' : 'shopper',
        booked_by_user_id: userId ?? adminId,
      },
      50,
    );
    return visit!.id;
  }

  const calendar = async (query: string, who: TestTelegramUser | { cookie: string } = ADMIN): Promise<StaffVisitsAnswer> => {
    const response = await injectAs(t.app, who, { method: 'GET', url: `/api/visits?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StaffVisitsAnswer>();
  };
  const starts = (answer: StaffVisitsAnswer) => answer.items.map((visit) => visit.start);
  const outcome = (id: number, body: unknown, who: TestTelegramUser | { cookie: string } | null = ADMIN) =>
    injectAs(t.app, who, { method: 'PATCH', url: `/api/visits/${id}/outcome`, payload: body as InjectOptions['payload'] });

  describe('who may see the calendar and record outcomes', () => {
    let visit = 0;
    beforeAll(async () => {
      visit = await visitAt('2027-01-04T15:00:00Z', { car: civic });
    });
    const calls = (): Array<InjectOptions & { url: string }> => [
      { method: 'GET', url: '/api/visits?date=2027-01-04' },
      { method: 'PATCH', url: `/api/visits/${visit}/outcome`, payload: { outcome: 'arrived' } },
    ];

    it('asks anonymous callers to sign in', async () => {
      for (const call of calls()) expect((await injectAs(t.app, null, call)).statusCode, call.url).toBe(401);
    });

    it('refuses shoppers', async () => {
      for (const call of calls()) expect((await injectAs(t.app, SHOPPER, call)).statusCode, call.url).toBe(403);
    });

    it('asks staff on the web to confirm their passkey first, since visits carry contact details', async () => {
      const unchecked = { cookie: await sessionCookie(t.app, adminId) };
      for (const call of calls()) {
        const refused = await injectAs(t.app, unchecked, call);
        expect(refused.statusCode, call.url).toBe(403);
        expect(refused.json<ErrorBody>().error.code).toBe('mfa_required');
      }
    });

    it('lets staff in Telegram and staff on the web with a confirmed passkey in', async () => {
      const checked = { cookie: await sessionCookie(t.app, adminId, { passkeyVerified: true }) };
      for (const who of [ADMIN, checked]) {
        for (const call of calls()) expect((await injectAs(t.app, who, call)).statusCode, call.url).toBe(200);
      }
    });
  });

  describe("the dealer's days across the daylight-saving changes in Chicago", () => {
    beforeAll(async () => {
      // Around Sunday 14 March 2027, when the clock springs from 2:00 to 3:00 (CST to CDT).
      for (const start of ['2027-03-14T05:30:00Z', '2027-03-14T06:30:00Z', '2027-03-15T04:30:00Z', '2027-03-15T05:30:00Z']) {
        await visitAt(start);
      }
      // Around Sunday 7 November 2027, when it falls back from 2:00 to 1:00 (CDT to CST).
      for (const start of ['2027-11-07T04:30:00Z', '2027-11-07T05:30:00Z', '2027-11-08T05:30:00Z', '2027-11-08T06:30:00Z']) {
        await visitAt(start);
      }
    });

    it('shows the 23-hour day of the spring change from midnight to midnight', async () => {
      const day = await calendar('date=2027-03-14');
      expect([day.timeZone, day.from, day.to]).toEqual(['America/Chicago', '2027-03-14T06:00:00.000Z', '2027-03-15T05:00:00.000Z']);
      // 00:30 CST and 23:30 CDT; Saturday 23:30 and Monday 00:30 are other days.
      expect(starts(day)).toEqual(['2027-03-14T06:30:00.000Z', '2027-03-15T04:30:00.000Z']);
    });

    it('shows the 25-hour day of the autumn change from midnight to midnight', async () => {
      const day = await calendar('date=2027-11-07&range=day');
      expect([day.from, day.to]).toEqual(['2027-11-07T05:00:00.000Z', '2027-11-08T06:00:00.000Z']);
      // 00:30 CDT and 23:30 CST.
      expect(starts(day)).toEqual(['2027-11-07T05:30:00.000Z', '2027-11-08T05:30:00.000Z']);
    });

    it('shows a week across the spring change as seven whole days', async () => {
      const week = await calendar('date=2027-03-08&range=week');
      expect([week.from, week.to]).toEqual(['2027-03-08T06:00:00.000Z', '2027-03-15T05:00:00.000Z']);
      expect(starts(week)).toEqual(['2027-03-14T05:30:00.000Z', '2027-03-14T06:30:00.000Z', '2027-03-15T04:30:00.000Z']);
    });

    it('shows a week across the autumn change as seven whole days', async () => {
      const week = await calendar('date=2027-11-01&range=week');
      expect([week.from, week.to]).toEqual(['2027-11-01T05:00:00.000Z', '2027-11-08T06:00:00.000Z']);
      expect(starts(week)).toEqual(['2027-11-07T04:30:00.000Z', '2027-11-07T05:30:00.000Z', '2027-11-08T05:30:00.000Z']);
    });

    it("shows the dealer's today when no date is given, though UTC is already tomorrow", async () => {
      vi.setSystemTime(new Date('2027-03-15T04:45:00Z'));
      const today = await calendar('');
      expect([today.from, today.to]).toEqual(['2027-03-14T06:00:00.000Z', '2027-03-15T05:00:00.000Z']);
    });

    it('says what each visit is, for whom, and that one begun may no longer change', async () => {
      vi.setSystemTime(new Date('2027-03-14T12:00:00Z'));
      const [begun, ahead] = (await calendar('date=2027-03-14')).items as [StaffVisit, StaffVisit];
      expect(begun).toMatchObject({
        type: 'test_drive',
        status: 'booked',
        end: '2027-03-14T07:00:00.000Z',
        timeZone: 'America/Chicago',
        car: { uuid: camry, title: '2024 Toyota Camry' },
        name: 'Sam Shopper',
        phone: '+12145550111',
        email: 'sam@example.com',
        userId: shopperId,
        channel: 'telegram',
        bookedBy: 'shopper',
        cancelledBy: null,
        mayChange: false,
      });
      expect(ahead.mayChange).toBe(true);
    });

    it('refuses a range other than a day or a week, naming it', async () => {
      const response = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/visits?date=2027-03-14&range=month' });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json<ErrorBody>().error.fields ?? {})).toEqual(['range']);
    });

    it('refuses a date not written YYYY-MM-DD, or a day no calendar has, naming it', async () => {
      for (const date of ['14.03.2027', '2027-02-30', '0000-01-01']) {
        const response = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/visits?date=${date}` });
        expect(response.statusCode, date).toBe(400);
        expect(Object.keys(response.json<ErrorBody>().error.fields ?? {})).toEqual(['date']);
      }
    });
  });

  describe('narrowing the calendar', () => {
    let other = 0;
    beforeAll(async () => {
      other = (await createTelegramUser(t.db, 8_930_003)).id;
      await visitAt('2027-05-03T15:00:00Z', { car: camry, type: 'test_drive' });
      await visitAt('2027-05-03T16:00:00Z', { car: civic, type: 'hold' });
      await visitAt('2027-05-03T17:00:00Z', { car: civic, type: 'test_drive', userId: other });
      await visitAt('2027-05-05T15:00:00Z', { car: camry, type: 'test_drive', userId: other });
      await visitAt('2027-05-20T15:00:00Z', { car: camry, type: 'hold', userId: other });
    });

    it('shows only holds, or only test drives', async () => {
      expect(starts(await calendar('date=2027-05-03&type=hold'))).toEqual(['2027-05-03T16:00:00.000Z']);
      expect(starts(await calendar('date=2027-05-03&type=test_drive'))).toEqual(['2027-05-03T15:00:00.000Z', '2027-05-03T17:00:00.000Z']);
    });

    it("shows only one car's visits", async () => {
      expect(starts(await calendar(`date=2027-05-03&range=week&carUuid=${camry}`))).toEqual([
        '2027-05-03T15:00:00.000Z',
        '2027-05-05T15:00:00.000Z',
      ]);
    });

    it("shows only one shopper's visits of the week", async () => {
      expect(starts(await calendar(`date=2027-05-03&range=week&userId=${other}`))).toEqual([
        '2027-05-03T17:00:00.000Z',
        '2027-05-05T15:00:00.000Z',
      ]);
    });

    it("lists every visit of a shopper when no date is given, for their application's page", async () => {
      const all = await calendar(`userId=${other}`);
      expect(starts(all)).toEqual(['2027-05-03T17:00:00.000Z', '2027-05-05T15:00:00.000Z', '2027-05-20T15:00:00.000Z']);
      expect([all.from, all.to]).toEqual(['2027-05-03T17:00:00.000Z', '2027-05-20T15:30:00.000Z']);
      expect(starts(await calendar(`userId=${other}&type=hold`))).toEqual(['2027-05-20T15:00:00.000Z']);
    });

    it('lists nothing for a shopper with no visits', async () => {
      expect((await calendar(`userId=${adminId}`)).items).toEqual([]);
    });
  });

  describe('recording how a visit went', () => {
    it('records that the shopper arrived, then completed the visit', async () => {
      const id = await visitAt('2027-06-07T15:00:00Z');
      const arrived = await outcome(id, { outcome: 'arrived' });
      expect(arrived.statusCode, arrived.body).toBe(200);
      expect(arrived.json<StaffVisit>()).toMatchObject({ id, status: 'arrived' });
      expect((await outcome(id, { outcome: 'completed' })).json<StaffVisit>().status).toBe('completed');
    });

    it('records a no-show', async () => {
      const id = await visitAt('2027-06-07T16:00:00Z');
      expect((await outcome(id, { outcome: 'no_show' })).json<StaffVisit>().status).toBe('no_show');
    });

    it('writes who recorded it in the audit log', async () => {
      const id = await visitAt('2027-06-07T17:00:00Z');
      await outcome(id, { outcome: 'no_show' });
      const audit = await t.db
        .selectFrom('audit_events')
        .select(['actor_user_id', 'details'])
        .where('action', '=', 'visit.outcome')
        .where('entity', '=', 'visit')
        .where('entity_id', '=', String(id))
        .execute();
      expect(audit).toEqual([{ actor_user_id: adminId, details: { outcome: 'no_show' } }]);
    });

    it('refuses an outcome for a cancelled visit', async () => {
      const id = await visitAt('2027-06-07T18:00:00Z');
      await markVisitCancelled(t.db, id, 'shopper');
      const refused = await outcome(id, { outcome: 'arrived' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorBody>().error.code).toBe('visit_closed');
    });

    it('answers 404 for a visit that does not exist', async () => {
      expect((await outcome(999_999, { outcome: 'arrived' })).statusCode).toBe(404);
    });

    it('refuses an outcome it does not know, naming the field', async () => {
      const id = await visitAt('2027-06-07T19:00:00Z');
      const refused = await outcome(id, { outcome: 'late' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ErrorBody>().error.fields).toEqual({ outcome: 'Choose arrived, completed or no-show.' });
    });
  });

  describe("a visit staff confirm answers the shopper's application", () => {
    const firstResponse = async (applicationId: number) =>
      (await t.db.selectFrom('applications').select('first_response_at').where('id', '=', applicationId).executeTakeFirstOrThrow())
        .first_response_at;

    it("stamps the first response of the shopper's application when staff record the outcome", async () => {
      const applicant = (await createTelegramUser(t.db, 8_930_010)).id;
      const application = await addApplication(t.db, applicant, { phone: '+12145550120', email: 'ann@example.com' });
      const id = await visitAt('2027-07-05T15:00:00Z', { userId: applicant });
      const before = Date.now();
      expect((await outcome(id, { outcome: 'arrived' })).statusCode).toBe(200);
      const stamped = await firstResponse(application);
      expect(stamped?.getTime()).toBeGreaterThanOrEqual(before - 1000);
      await outcome(id, { outcome: 'completed' });
      expect(await firstResponse(application)).toEqual(stamped);
    });

    it('keeps a first response stamped before', async () => {
      const applicant = (await createTelegramUser(t.db, 8_930_011)).id;
      const application = await addApplication(t.db, applicant, { phone: '+12145550121', email: 'bo@example.com' });
      const earlier = new Date('2027-03-02T15:00:00Z');
      await t.db.updateTable('applications').set({ first_response_at: earlier }).where('id', '=', application).execute();
      await outcome(await visitAt('2027-07-05T16:00:00Z', { userId: applicant }), { outcome: 'arrived' });
      expect(await firstResponse(application)).toEqual(earlier);
    });

    it('stamps the application giving the phone of a caller staff booked a visit for', async () => {
      const caller = (await createTelegramUser(t.db, 8_930_012)).id;
      const bystander = (await createTelegramUser(t.db, 8_930_013)).id;
      const application = await addApplication(t.db, caller, { phone: '+12145550122', email: 'cy@example.com' });
      const untouched = await addApplication(t.db, bystander, { phone: '+12145550123', email: 'di@example.com' });
      const now = new Date('2027-03-10T15:00:00Z');
      const booking = v.parse(visitBookingSchema, {
        carUuid: await addCar(t.db, 'Mazda', 'CX-5'),
        type: 'test_drive',
        // Thursday 11 March, 9:00 in Chicago.
        start: '2027-03-11T15:00:00.000Z',
        name: 'Cy Caller',
        phone: '(214) 555-0122',
      });
      const deps = { db: t.db, timeZone: 'America/Chicago', dealerState: t.config.company.location.region };
      const visit = await bookVisit(deps, { kind: 'staff', userId: adminId, language: 'en' }, booking, now);
      expect(visit.user_id).toBeNull();
      await recordStaffVisitTo(t.db, shopperOfVisit(visit), now);
      expect(await firstResponse(application)).toEqual(now);
      expect(await firstResponse(untouched)).toBeNull();
    });

    it('stamps the application giving the email of a caller, whatever its case', async () => {
      const caller = (await createTelegramUser(t.db, 8_930_014)).id;
      const application = await addApplication(t.db, caller, { phone: '+12145550124', email: 'Eve.Caller@example.com' });
      const id = await visitAt('2027-07-05T17:00:00Z', { userId: null });
      await t.db.updateTable('visits').set({ phone: '+12145550199', email: 'eve.caller@EXAMPLE.com' }).where('id', '=', id).execute();
      await outcome(id, { outcome: 'arrived' });
      expect(await firstResponse(application)).not.toBeNull();
    });
  });
});
