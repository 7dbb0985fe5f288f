import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MyApplication, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { MetricsAnswer } from '../../../domain/contracts/metrics.ts';
import type { RetentionDueAnswer } from '../../../domain/contracts/retention.ts';
import { useTestApp } from '../../test/app.ts';
import { submitTestApplication, TEST_SSN } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createTelegramUser, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { insertVisitInFreePlace } from '../visits/visits.repository.ts';
import { erasePersonalDataDue, eraseVisitContactsDue, runRetention } from './retention.service.ts';

const ADMIN: TestTelegramUser = { id: 8_400_001, first_name: 'Ada', last_name: 'Staff' };
const MONTHS = 25;

describe.each(DATABASE_KINDS)('the retention of personal data on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let nextTelegramId = 8_400_100;
  let car: string;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    car = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
  });

  const asAdmin = (request: Parameters<typeof injectAs>[2]) => injectAs(t.app, ADMIN, request);

  async function submitted(): Promise<{ who: TestTelegramUser; userId: number; application: MyApplication }> {
    const who = { id: nextTelegramId++ };
    const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    return { who, userId, application: await submitTestApplication(t.app, who, userId, { carId: car }) };
  }

  /** An application decided (by staff) the given months ago. */
  async function decidedMonthsAgo(months: number, status: 'approved' | 'rejected' = 'rejected') {
    const applicant = await submitted();
    const id = applicant.application.id;
    const reasons = status === 'rejected' ? { reasons: ['insufficient_income'] } : {};
    const decided = await asAdmin({ method: 'PATCH', url: `/api/applications/${id}/status`, payload: { status, ...reasons } });
    expect(decided.statusCode, decided.body).toBe(200);
    await sql`update application_status_history set changed_at = now() - make_interval(months => ${months}::integer)
      where application_id = ${id} and to_status = ${status}`.execute(t.db);
    return applicant;
  }

  const row = (id: number) => t.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const photoCount = async (id: number) =>
    (await t.db.selectFrom('application_documents').select('id').where('application_id', '=', id).execute()).length;
  const printCopyCount = async (id: number) =>
    (
      await t.db
        .selectFrom('application_documents')
        .select('id')
        .where('application_id', '=', id)
        .where('print_content_encrypted', 'is not', null)
        .execute()
    ).length;
  const erasures = (id: number) =>
    t.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'application.erased')
      .where('entity_id', '=', String(id))
      .execute();

  describe('one run', () => {
    let old: Awaited<ReturnType<typeof submitted>>;
    let recent: Awaited<ReturnType<typeof submitted>>;
    let inReview: Awaited<ReturnType<typeof submitted>>;
    let metricsBefore: MetricsAnswer;
    let erased: number[];
    let printCopiesBefore: number;

    beforeAll(async () => {
      old = await decidedMonthsAgo(26);
      printCopiesBefore = await printCopyCount(old.application.id);
      recent = await decidedMonthsAgo(24, 'approved');
      inReview = await submitted();
      await sql`update applications set submitted_at = now() - make_interval(months => 27) where id = ${inReview.application.id}`.execute(
        t.db,
      );
      metricsBefore = (await asAdmin({ method: 'GET', url: '/api/metrics' })).json<MetricsAnswer>();
      erased = (await erasePersonalDataDue(t.db, MONTHS)).erased;
    });

    it('erases an application decided 26 months ago, and only that one', () => {
      expect(erased).toEqual([old.application.id]);
    });

    it('erases its SSN, birth date, income, housing payment, addresses and employment, and keeps status, dates, car and name', async () => {
      const erasedRow = await row(old.application.id);
      expect(erasedRow).toMatchObject({
        ssn_encrypted: null,
        ssn_last4: null,
        date_of_birth_encrypted: null,
        income: null,
        other_income_source: null,
        other_income_amount: null,
        mortgage_or_rent_amount: null,
        address: null,
        previous_address: null,
        current_employment: null,
        previous_employment: null,
        status: 'rejected',
        car_uuid: car,
        first_name: 'Mary',
      });
      expect(erasedRow.erased_at).toBeInstanceOf(Date);
      expect(erasedRow.submitted_at).toBeInstanceOf(Date);
    });

    it('erases every answer counting does not need: marital status, housing status, months at the address and the rest', async () => {
      const erasedRow = await row(old.application.id);
      const answers = [
        'ssn_encrypted',
        'ssn_last4',
        'date_of_birth_encrypted',
        'marital_status',
        'housing_status',
        'mortgage_or_rent_amount',
        'months_at_current_address',
        'address',
        'previous_address',
        'income',
        'income_frequency',
        'other_income_source',
        'other_income_amount',
        'current_employment',
        'previous_employment',
        'idempotency_fingerprint',
      ] as const;
      expect(Object.fromEntries(answers.map((column) => [column, erasedRow[column]]))).toEqual(
        Object.fromEntries(answers.map((column) => [column, null])),
      );
      expect(erasedRow).toMatchObject({ id: old.application.id, user_id: old.userId, status: 'rejected', car_uuid: car });
    });

    it('keeps the reasons of its adverse-action notice, the record of the decision', async () => {
      const notice = await t.db
        .selectFrom('adverse_action_notices')
        .select('reasons')
        .where('application_id', '=', old.application.id)
        .executeTakeFirstOrThrow();
      expect(notice.reasons).toEqual(['insufficient_income']);
    });

    it('deletes its licence photos, rows and content', async () => {
      expect(await photoCount(old.application.id)).toBe(0);
    });

    it('deletes the print-size copies of its licence photos with them', async () => {
      expect(printCopiesBefore).toBe(2);
      expect(await printCopyCount(old.application.id)).toBe(0);
    });

    it('leaves the application decided 24 months ago and the one still in review as they were', async () => {
      for (const { application } of [recent, inReview]) {
        const kept = await row(application.id);
        expect(kept.erased_at).toBeNull();
        expect(kept.ssn_last4).toBe(TEST_SSN.slice(-4));
        expect(kept.income).toBe(5200);
        expect(kept.address).not.toBeNull();
        expect(await photoCount(application.id)).toBe(2);
      }
    });

    it('audits the erase with no actor, naming the retention job', async () => {
      expect(await erasures(old.application.id)).toEqual([{ actor_user_id: null, details: { job: 'retention', months: MONTHS } }]);
    });

    it('leaves the metrics as they were', async () => {
      const after = (await asAdmin({ method: 'GET', url: '/api/metrics' })).json<MetricsAnswer>();
      expect({ ...after, generatedAt: null }).toEqual({ ...metricsBefore, generatedAt: null });
    });

    it('shows staff when the data was erased, and nothing of it', async () => {
      const res = await asAdmin({ method: 'GET', url: `/api/applications/user/${old.userId}` });
      expect(res.statusCode, res.body).toBe(200);
      const record = res.json<StaffApplication>();
      expect(record.erasedAt).not.toBeNull();
      expect(record).toMatchObject({ ssnMasked: null, dateOfBirth: null, income: null, address: null, currentEmployment: null });
      expect(record.documents).toEqual([]);
      expect(res.body).not.toMatch(/Acme|Springfield|5200/);
    });

    it('erases nothing more when run again', async () => {
      expect((await erasePersonalDataDue(t.db, MONTHS)).erased).toEqual([]);
      expect(await erasures(old.application.id)).toHaveLength(1);
    });
  });

  it('counts a withdrawal as the decision the months run from', async () => {
    const { who, application } = await submitted();
    await injectAs(t.app, who, { method: 'POST', url: '/api/applications/mine/withdraw' });
    await sql`update application_status_history set changed_at = now() - make_interval(months => 30)
      where application_id = ${application.id} and to_status = 'withdrawn'`.execute(t.db);
    expect((await erasePersonalDataDue(t.db, MONTHS)).erased).toEqual([application.id]);
  });

  it('keeps data longer when RETENTION_MONTHS is longer', async () => {
    const { application } = await decidedMonthsAgo(28);
    expect((await erasePersonalDataDue(t.db, 36)).erased).toEqual([]);
    expect((await erasePersonalDataDue(t.db, MONTHS)).erased).toEqual([application.id]);
  });

  it('erases an application once when two instances run the job at the same moment', async () => {
    const { application } = await decidedMonthsAgo(27);
    const runs = await Promise.all([erasePersonalDataDue(t.db, MONTHS), erasePersonalDataDue(t.db, MONTHS)]);
    expect(runs.flatMap((run) => run.erased)).toEqual([application.id]);
    expect(await erasures(application.id)).toHaveLength(1);
  });

  it('lists what is due for erasure next, soonest first, with due dates and no personal data', async () => {
    const soon = await decidedMonthsAgo(23);
    const later = await decidedMonthsAgo(20, 'approved');
    const res = await asAdmin({ method: 'GET', url: '/api/retention/due' });
    expect(res.statusCode, res.body).toBe(200);
    const due = res.json<RetentionDueAnswer>();
    expect(due.months).toBe(MONTHS);
    const ids = due.items.map((item) => item.applicationId);
    expect(ids.indexOf(soon.application.id)).toBeLessThan(ids.indexOf(later.application.id));
    const item = due.items.find((entry) => entry.applicationId === soon.application.id)!;
    expect(item).toMatchObject({ userId: soon.userId, status: 'rejected' });
    const monthsUntilDue = (Date.parse(item.dueAt) - Date.now()) / (30.44 * 86_400_000);
    expect(monthsUntilDue).toBeGreaterThan(1.5);
    expect(monthsUntilDue).toBeLessThan(2.5);
    expect(res.body).not.toMatch(/Mary|Major|Acme|5200/);
  });

  it('leaves erased applications and applications in review off the due list', async () => {
    const inReview = await submitted();
    const gone = await decidedMonthsAgo(40);
    await erasePersonalDataDue(t.db, MONTHS);
    const ids = (await asAdmin({ method: 'GET', url: '/api/retention/due' }))
      .json<RetentionDueAnswer>()
      .items.map((item) => item.applicationId);
    expect(ids).not.toContain(inReview.application.id);
    expect(ids).not.toContain(gone.application.id);
  });

  it('deletes a draft nobody saved for 30 days and erases what is due in one run, as npm run retention runs it', async () => {
    const { application } = await decidedMonthsAgo(30);
    const drafter = { id: nextTelegramId++ };
    const drafterId = (await injectAs(t.app, drafter, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    await t.db
      .insertInto('application_drafts')
      .values({ user_id: drafterId, payload_encrypted: 'v1.sealed', updated_at: sql<Date>`now() - interval '31 days'` })
      .execute();

    const { expired, erasure } = await runRetention(t.db, { months: MONTHS, draftDays: 30, guestDays: 30 });

    expect(erasure.erased).toEqual([application.id]);
    expect(expired.drafts).toBe(1);
    expect(await t.db.selectFrom('application_drafts').select('user_id').where('user_id', '=', drafterId).execute()).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)("the retention of visits' contact details on %s", (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  const NOW = new Date('2027-06-01T12:00:00Z');
  const DAY = 24 * 60 * 60_000;
  let car: string;
  let shopperId: number;

  beforeAll(async () => {
    car = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
    shopperId = (await createTelegramUser(t.db, 8_400_900)).id;
  });

  /** A visit of the shopper's that ended `days` days before NOW. */
  async function visitEnded(days: number): Promise<number> {
    const ends = new Date(NOW.getTime() - days * DAY);
    const visit = await insertVisitInFreePlace(
      t.db,
      {
        user_id: shopperId,
        car_uuid: car,
        type: 'test_drive',
        starts_at: new Date(ends.getTime() - 30 * 60_000),
        ends_at: ends,
        name: 'Sam Shopper',
        phone: '+12145550111',
        email: 'sam@example.com',
        note: 'Bringing my trade-in',
        language: 'en',
        channel: 'telegram',
        deal: null,
        booked_by: 'shopper',
        booked_by_user_id: shopperId,
      },
      1,
    );
    return visit!.id;
  }
  const visitRow = (id: number) => t.db.selectFrom('visits').selectAll().where('id', '=', id).executeTakeFirst();

  it('erases the name, phone, email and note of a visit that ended more than 90 days ago, and keeps what it was', async () => {
    const old = await visitEnded(91);
    await t.db.updateTable('visits').set({ status: 'completed' }).where('id', '=', old).execute();
    const { visits } = await runRetention(t.db, { months: MONTHS, draftDays: 30, guestDays: 30 }, NOW);
    expect(visits).toEqual({ erased: 1, lockedOut: false });
    expect(await visitRow(old)).toMatchObject({
      name: '',
      phone: '',
      email: null,
      note: null,
      status: 'completed',
      car_uuid: car,
      user_id: shopperId,
    });
  });

  it('keeps the contact details of a visit that ended 89 days ago', async () => {
    const recent = await visitEnded(89);
    expect((await eraseVisitContactsDue(t.db, NOW)).erased).toBe(0);
    expect(await visitRow(recent)).toMatchObject({
      name: 'Sam Shopper',
      phone: '+12145550111',
      email: 'sam@example.com',
      note: 'Bringing my trade-in',
    });
  });

  it('takes the visits of a shopper whose account is deleted with it', async () => {
    const leaving = (await createTelegramUser(t.db, 8_400_901)).id;
    const visit = await visitEnded(10);
    await t.db.updateTable('visits').set({ user_id: leaving }).where('id', '=', visit).execute();
    await t.db.deleteFrom('users').where('id', '=', leaving).execute();
    expect(await visitRow(visit)).toBeUndefined();
  });
});
