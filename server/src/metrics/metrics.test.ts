import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { METRIC_NAMES, type MetricName, type MetricsAnswer } from '../../../domain/contracts/metrics.ts';
import type { ApplicationStatus } from '../../../domain/enums.ts';
import type { VisitStatus, VisitType } from '../../../domain/visits/visit.schema.ts';
import { useTestApp, type TestApp } from '../../test/app.ts';
import { insertApplication } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createTelegramUser, injectAs } from '../../test/identity.ts';
import type { Db } from '../db/database.ts';
import { mergeGuestIntoUser } from '../applications/guest-merge.service.ts';

const ADMIN = { id: 7000 };
const at = (iso: string) => new Date(iso);

/** The metrics as an admin sees them with the server's clock at `now`. */
async function metricsAt(t: TestApp, now: Date): Promise<MetricsAnswer> {
  vi.setSystemTime(now);
  const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<MetricsAnswer>();
}

const valueOf = (answer: MetricsAnswer, metric: MetricName) => answer.rows.find((row) => row.metric === metric)?.value;
const today = (answer: MetricsAnswer) => answer.daily.at(-1);

async function addCar(db: Db, year: number, brand: string, model: string): Promise<string> {
  const car = await db
    .insertInto('cars')
    .values({ brand, model, year, price: 20_000, mileage: 1_000, condition: 'used' })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  return car.uuid;
}

async function addGuest(db: Db, createdAt: Date): Promise<number> {
  return (await db.insertInto('users').values({ kind: 'guest', created_at: createdAt }).returning('id').executeTakeFirstOrThrow()).id;
}

async function addViews(db: Db, userId: number, views: Array<[car: string, viewedAt: string]>) {
  await db
    .insertInto('car_views')
    .values(views.map(([car, viewedAt]) => ({ user_id: userId, car_uuid: car, viewed_at: at(viewedAt) })))
    .execute();
}

async function addApplication(db: Db, userId: number, status: ApplicationStatus, submittedAt: string, firstResponseAt?: string) {
  await insertApplication(db, {
    user_id: userId,
    status,
    submitted_at: at(submittedAt),
    first_response_at: firstResponseAt === undefined ? null : at(firstResponseAt),
  });
}

afterEach(() => {
  vi.useRealTimers();
});

/*
 * Wednesday 18 November 2026, noon in Chicago (UTC−6 since daylight saving ended on 1 November).
 * The week began on Sunday the 15th at 06:00 UTC; the 30 days run from 20 October.
 */
const NOW = at('2026-11-18T18:00:00Z');

describe.each(DATABASE_KINDS)('the staff metrics on %s', (kind) => {
  const t = useTestApp(kind);

  beforeAll(async () => {
    const db = t.db;
    await createTelegramUser(db, ADMIN.id, { is_admin: true, created_at: at('2026-01-05T12:00:00Z') });
    const ann = await createTelegramUser(db, 7001, {
      registered_at: at('2026-11-18T15:00:00Z'),
      created_at: at('2026-11-18T15:00:00Z'),
      last_active_at: at('2026-11-18T17:00:00Z'),
    });
    // Last active 23:30 on Tuesday in Chicago, which is already Wednesday in UTC.
    const bob = await createTelegramUser(db, 7002, {
      registered_at: at('2026-11-10T15:00:00Z'),
      created_at: at('2026-11-10T15:00:00Z'),
      last_active_at: at('2026-11-18T05:30:00Z'),
    });
    // Never registered: new from creation. Last active 00:30 on Wednesday in Chicago.
    const cat = await createTelegramUser(db, 7003, { created_at: at('2026-11-17T12:00:00Z'), last_active_at: at('2026-11-18T06:30:00Z') });
    const dan = await createTelegramUser(db, 7004, { registered_at: at('2026-10-01T15:00:00Z'), created_at: at('2026-10-01T15:00:00Z') });
    const eve = await createTelegramUser(db, 7005, { registered_at: at('2026-09-01T15:00:00Z'), created_at: at('2026-09-01T15:00:00Z') });
    const guest = await addGuest(db, at('2026-11-18T07:00:00Z'));

    const camry = await addCar(db, 2024, 'Toyota', 'Camry');
    const rav4 = await addCar(db, 2023, 'Toyota', 'RAV4');
    const civic = await addCar(db, 2022, 'Honda', 'Civic');
    const f150 = await addCar(db, 2021, 'Ford', 'F-150');

    await addViews(db, ann.id, [
      [civic, '2026-11-16T15:00:00Z'],
      [civic, '2026-11-17T15:00:00Z'],
      [civic, '2026-11-18T14:00:00Z'],
      [camry, '2026-11-18T16:00:00Z'],
    ]);
    await addViews(db, bob.id, [
      [camry, '2026-11-01T12:00:00Z'],
      [camry, '2026-11-15T07:00:00Z'],
      // 23:59 on Tuesday in Chicago.
      [rav4, '2026-11-18T05:59:00Z'],
    ]);
    // 00:01 on Wednesday in Chicago.
    await addViews(db, cat.id, [[civic, '2026-11-18T06:01:00Z']]);
    await addViews(db, guest, [
      // 23:30 on Saturday in Chicago: the week before.
      [f150, '2026-11-15T05:30:00Z'],
      [f150, '2026-11-18T07:00:00Z'],
    ]);

    await db
      .insertInto('favorites')
      .values([
        { user_id: ann.id, car_uuid: camry },
        { user_id: ann.id, car_uuid: civic },
        { user_id: bob.id, car_uuid: camry },
        { user_id: guest, car_uuid: f150 },
      ])
      .execute();

    // After her first view.
    await addApplication(db, ann.id, 'in_review', '2026-11-18T17:00:00Z');
    // Before his first view; Regulation B due 19 November 12:00 UTC, within 5 days.
    await addApplication(db, bob.id, 'in_review', '2026-10-20T12:00:00Z', '2026-10-20T15:00:00Z');
    // A minute before her first view, at midnight in Chicago.
    await addApplication(db, cat.id, 'approved', '2026-11-18T06:00:00Z', '2026-11-18T07:05:30Z');
    // No views; Regulation B due 31 October: overdue.
    await addApplication(db, dan.id, 'in_review', '2026-10-01T12:00:00Z', '2026-10-01T12:01:00Z');
    // Long past its due date, but decided.
    await addApplication(db, eve.id, 'approved', '2026-09-15T12:00:00Z');
    await addApplication(db, guest, 'rejected', '2026-11-18T08:00:00Z', '2026-11-18T08:10:00Z');
  });

  it('lists the nine business metrics in the table order, each with notes on how it is counted', async () => {
    const answer = await metricsAt(t, NOW);
    expect(answer.rows.map((row) => row.metric)).toEqual(METRIC_NAMES);
    for (const row of answer.rows) expect(row.notes.length, row.metric).toBeGreaterThan(20);
  });

  it('counts every Telegram user and every web guest that has saved a favourite, a draft or an application', async () => {
    const answer = await metricsAt(t, NOW);
    expect(valueOf(answer, 'Total Users')).toBe(7);
    expect(answer.rows[0]!.notes).toContain('6 Telegram users (staff included) and 1 web guest.');
  });

  it('counts users active today from midnight in Chicago, not in UTC', async () => {
    expect(valueOf(await metricsAt(t, NOW), 'Active Users Today')).toBe(2);
  });

  it('counts every submitted application, whatever its status', async () => {
    expect(valueOf(await metricsAt(t, NOW), 'Applications Submitted')).toBe(6);
  });

  it('counts every car view, repeats included', async () => {
    expect(valueOf(await metricsAt(t, NOW), 'Cars Viewed (Total)')).toBe(10);
  });

  it('averages car views over the users who viewed a car', async () => {
    expect(valueOf(await metricsAt(t, NOW), 'Average Cars Viewed per User')).toBe(2.5);
  });

  it('counts the favourites held now', async () => {
    expect(valueOf(await metricsAt(t, NOW), 'Cars Favorited (Total)')).toBe(4);
  });

  it('names the brand viewed most today', async () => {
    const answer = await metricsAt(t, NOW);
    expect(valueOf(answer, 'Popular Brand (Today)')).toBe('Honda');
    expect(answer.rows[6]!.notes).toContain('2 of 4 views');
  });

  it('names the car viewed most since Sunday', async () => {
    const answer = await metricsAt(t, NOW);
    expect(valueOf(answer, 'Most Viewed Car (This Week)')).toBe('2022 Honda Civic');
    expect(answer.rows[7]!.notes).toContain('4 views');
  });

  it('gives the share of users who viewed a car and then applied', async () => {
    expect(valueOf(await metricsAt(t, NOW), '% Users Who Submitted Application After Viewing')).toBe(50);
  });

  it('counts applications by status', async () => {
    expect((await metricsAt(t, NOW)).applicationsByStatus).toEqual({ in_review: 3, approved: 2, rejected: 1, withdrawn: 0 });
  });

  it('flags applications still in review past their Regulation B date or due within 5 days', async () => {
    expect((await metricsAt(t, NOW)).regB).toEqual({ overdue: 1, dueSoon: 1 });
  });

  it('gives the last 30 days in Chicago of applications, new users and car views, today last', async () => {
    const { daily } = await metricsAt(t, NOW);
    expect(daily).toHaveLength(30);
    expect([daily[0]!.date, daily.at(-1)!.date]).toEqual(['2026-10-20', '2026-11-18']);
    const busy = Object.fromEntries(
      daily.filter((d) => d.applications + d.newUsers + d.carViews > 0).map(({ date, ...counts }) => [date, counts]),
    );
    expect(busy).toEqual({
      '2026-10-20': { applications: 1, newUsers: 0, carViews: 0 },
      '2026-11-01': { applications: 0, newUsers: 0, carViews: 1 },
      '2026-11-10': { applications: 0, newUsers: 1, carViews: 0 },
      '2026-11-14': { applications: 0, newUsers: 0, carViews: 1 },
      '2026-11-15': { applications: 0, newUsers: 0, carViews: 1 },
      '2026-11-16': { applications: 0, newUsers: 0, carViews: 1 },
      '2026-11-17': { applications: 0, newUsers: 1, carViews: 2 },
      '2026-11-18': { applications: 3, newUsers: 2, carViews: 4 },
    });
  });

  it('says which time zone it counts in and when the figures were taken', async () => {
    const answer = await metricsAt(t, NOW);
    expect(answer).toMatchObject({ timeZone: 'America/Chicago', generatedAt: NOW.toISOString() });
  });

  it('gives the median time to the first staff response over the last 30 days, and how many still wait', async () => {
    // Bob after 180 minutes, Cat after 65 and the guest after 10; Ann still waits; Dan applied before the 30 days.
    expect((await metricsAt(t, NOW)).firstResponse).toEqual({ medianMinutes: 65, responded: 3, waiting: 1 });
  });

  it('has no median first response when nothing submitted in the last 30 days was responded to', async () => {
    expect((await metricsAt(t, at('2027-06-01T18:00:00Z'))).firstResponse).toEqual({ medianMinutes: null, responded: 0, waiting: 0 });
  });

  it('answers anonymous visitors 401', async () => {
    expect((await injectAs(t.app, null, { method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
  });

  it('answers Telegram users who are not staff 403', async () => {
    await createTelegramUser(t.db, 7100);
    expect((await injectAs(t.app, { id: 7100 }, { method: 'GET', url: '/api/metrics' })).statusCode).toBe(403);
  });
});

describe.each(DATABASE_KINDS)('web guests who did nothing meaningful, in the staff metrics on %s', (kind) => {
  const t = useTestApp(kind);

  beforeAll(async () => {
    const db = t.db;
    await createTelegramUser(db, ADMIN.id, { is_admin: true });
    const viewer = await createTelegramUser(db, 7401);
    const keeper = await addGuest(db, at('2026-11-17T12:00:00Z'));
    const camry = await addCar(db, 2024, 'Toyota', 'Camry');
    const civic = await addCar(db, 2022, 'Honda', 'Civic');
    await addViews(db, viewer.id, [[civic, '2026-11-18T15:00:00Z']]);
    await addViews(db, keeper, [[civic, '2026-11-18T15:10:00Z']]);
    await db.insertInto('favorites').values({ user_id: keeper, car_uuid: civic }).execute();
    // Three browsers (or one script without cookies) that only opened the Camry, again and again.
    for (let i = 0; i < 3; i++) {
      const passerBy = await addGuest(db, at('2026-11-18T14:00:00Z'));
      await addViews(db, passerBy, [
        [camry, '2026-11-18T15:20:00Z'],
        [camry, '2026-11-18T15:30:00Z'],
      ]);
    }
  });

  it('leaves them out of Total Users, and the note says so', async () => {
    const answer = await metricsAt(t, NOW);
    expect(valueOf(answer, 'Total Users')).toBe(3);
    const notes = answer.rows.find((row) => row.metric === 'Total Users')!.notes;
    expect(notes).toContain('2 Telegram users (staff included) and 1 web guest.');
    expect(notes).toContain('counts once it has saved a favourite, an application draft or an application');
    expect(notes).toContain(
      'web guests who only viewed cars are not counted, here or in Popular Brand and Most Viewed Car (3 such guests now)',
    );
  });

  it('leaves their views out of Popular Brand (Today), and the note says so', async () => {
    const answer = await metricsAt(t, NOW);
    expect(valueOf(answer, 'Popular Brand (Today)')).toBe('Honda');
    const notes = answer.rows.find((row) => row.metric === 'Popular Brand (Today)')!.notes;
    expect(notes).toContain('2 of 2 views');
    expect(notes).toContain('views by guests who only viewed cars are left out');
  });

  it('leaves their views out of Most Viewed Car (This Week), and the note says so', async () => {
    const answer = await metricsAt(t, NOW);
    expect(valueOf(answer, 'Most Viewed Car (This Week)')).toBe('2022 Honda Civic');
    const notes = answer.rows.find((row) => row.metric === 'Most Viewed Car (This Week)')!.notes;
    expect(notes).toContain('2 views of 2');
    expect(notes).toContain('views by guests who only viewed cars are left out');
  });
});

describe.each(DATABASE_KINDS)("the dealer's midnight on %s", (kind) => {
  const t = useTestApp(kind);

  beforeAll(async () => {
    await createTelegramUser(t.db, ADMIN.id, { is_admin: true });
    const viewer = await createTelegramUser(t.db, 7201);
    const camry = await addCar(t.db, 2024, 'Toyota', 'Camry');
    const civic = await addCar(t.db, 2022, 'Honda', 'Civic');
    // Saturday 14 November at 09:00 and 23:59 in Chicago; the second is Sunday in UTC.
    await addViews(t.db, viewer.id, [
      [camry, '2026-11-14T15:00:00Z'],
      [camry, '2026-11-15T05:59:00Z'],
    ]);
    // Sunday 15 November at 00:01 in Chicago.
    await addViews(t.db, viewer.id, [[civic, '2026-11-15T06:01:00Z']]);
  });

  it('counts a view at 23:59 in Chicago in that day, though UTC has already moved on', async () => {
    const answer = await metricsAt(t, at('2026-11-15T05:59:30Z'));
    expect(today(answer)).toEqual({ date: '2026-11-14', applications: 0, newUsers: 0, carViews: 2 });
    expect(valueOf(answer, 'Popular Brand (Today)')).toBe('Toyota');
  });

  it('starts a new day at midnight in Chicago, leaving the 23:59 view in the day before', async () => {
    const answer = await metricsAt(t, at('2026-11-15T06:05:00Z'));
    expect(answer.daily.slice(-2).map((d) => [d.date, d.carViews])).toEqual([
      ['2026-11-14', 2],
      ['2026-11-15', 1],
    ]);
    expect(valueOf(answer, 'Popular Brand (Today)')).toBe('Honda');
  });

  it('starts a new week at Sunday midnight in Chicago', async () => {
    expect(valueOf(await metricsAt(t, at('2026-11-15T05:59:30Z')), 'Most Viewed Car (This Week)')).toBe('2024 Toyota Camry');
    expect(valueOf(await metricsAt(t, at('2026-11-15T06:05:00Z')), 'Most Viewed Car (This Week)')).toBe('2022 Honda Civic');
  });
});

describe.each(DATABASE_KINDS)('the staff metrics in another TIMEZONE on %s', (kind) => {
  const t = useTestApp(kind, { env: { TIMEZONE: 'Asia/Tokyo' } });

  beforeAll(async () => {
    await createTelegramUser(t.db, ADMIN.id, { is_admin: true });
  });

  it('counts its days in the zone TIMEZONE names', async () => {
    // 03:00 on Thursday in Tokyo.
    const answer = await metricsAt(t, NOW);
    expect(answer.timeZone).toBe('Asia/Tokyo');
    expect(today(answer)?.date).toBe('2026-11-19');
  });

  it('shows a dash for what nobody has done yet', async () => {
    const answer = await metricsAt(t, NOW);
    for (const metric of [
      'Average Cars Viewed per User',
      'Popular Brand (Today)',
      'Most Viewed Car (This Week)',
      '% Users Who Submitted Application After Viewing',
    ] as const) {
      expect(valueOf(answer, metric), metric).toBe('—');
    }
  });
});

describe.each(DATABASE_KINDS)('the all-time view figures on %s', (kind) => {
  const t = useTestApp(kind);

  /** What the figures must be, counted from the views themselves. */
  async function countedFromViews() {
    const { rows } = await sql<{ views: number; viewers: number }>`
      select count(*)::integer as views, count(distinct user_id)::integer as viewers from car_views`.execute(t.db);
    return rows[0]!;
  }

  beforeAll(async () => {
    await createTelegramUser(t.db, ADMIN.id, { is_admin: true });
  });

  it('stay exact as a guest signs in, a viewed car is sold off the list and a user leaves', async () => {
    const member = await createTelegramUser(t.db, 7301);
    const leaving = await createTelegramUser(t.db, 7302);
    const guest = await addGuest(t.db, at('2026-11-01T12:00:00Z'));
    const [kept, sold] = [await addCar(t.db, 2024, 'Toyota', 'Camry'), await addCar(t.db, 2022, 'Honda', 'Civic')];
    await addViews(t.db, member.id, [[kept, '2026-11-10T12:00:00Z']]);
    await addViews(t.db, guest, [
      [sold, '2026-11-02T12:00:00Z'],
      [kept, '2026-11-06T12:00:00Z'],
    ]);
    await addViews(t.db, leaving.id, [[kept, '2026-11-04T12:00:00Z']]);
    await addApplication(t.db, member.id, 'in_review', '2026-11-05T12:00:00Z');

    await mergeGuestIntoUser(t.db, guest, member.id);
    await t.db.deleteFrom('cars').where('uuid', '=', sold).execute();
    await t.db.deleteFrom('users').where('id', '=', leaving.id).execute();

    const answer = await metricsAt(t, NOW);
    const expected = await countedFromViews();
    expect(expected).toEqual({ views: 2, viewers: 1 });
    expect(valueOf(answer, 'Cars Viewed (Total)')).toBe(expected.views);
    expect(valueOf(answer, 'Average Cars Viewed per User')).toBe(2);
    // The earliest view went with the sold car, so the member's first view now follows the application.
    expect(valueOf(answer, '% Users Who Submitted Application After Viewing')).toBe(0);
  });
});

describe.each(DATABASE_KINDS)('the visits in the staff metrics on %s', (kind) => {
  const t = useTestApp(kind);

  /** A visit booked at `bookedAt` for a 30-minute slot at `start`, as it stands now. */
  async function addVisit(car: string, type: VisitType, bookedAt: string, start: string, status: VisitStatus) {
    const startsAt = at(start);
    await t.db
      .insertInto('visits')
      .values({
        car_uuid: car,
        type,
        status,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 30 * 60_000),
        place: 1,
        name: 'Sam Shopper',
        phone: '+12145550111',
        language: 'en',
        channel: 'none',
        booked_by: 'staff',
        created_at: at(bookedAt),
      })
      .execute();
  }

  beforeAll(async () => {
    await createTelegramUser(t.db, ADMIN.id, { is_admin: true });
    const car = await addCar(t.db, 2024, 'Toyota', 'Camry');
    // Booked today (from 06:00 UTC in Chicago), for tomorrow.
    await addVisit(car, 'test_drive', '2026-11-18T15:00:00Z', '2026-11-19T16:00:00Z', 'booked');
    await addVisit(car, 'hold', '2026-11-18T07:00:00Z', '2026-11-19T17:00:00Z', 'booked');
    // Booked this week (from Sunday 06:00 UTC); one went well, one was cancelled.
    await addVisit(car, 'test_drive', '2026-11-16T15:00:00Z', '2026-11-17T15:00:00Z', 'completed');
    await addVisit(car, 'test_drive', '2026-11-17T15:00:00Z', '2026-11-17T16:00:00Z', 'cancelled');
    // Booked at 23:30 on Saturday in Chicago: the week before; the shopper did not come.
    await addVisit(car, 'hold', '2026-11-15T05:30:00Z', '2026-11-16T15:00:00Z', 'no_show');
    // Earlier in the 30 days: one came, one has no outcome recorded yet.
    await addVisit(car, 'test_drive', '2026-11-10T15:00:00Z', '2026-11-12T15:00:00Z', 'arrived');
    await addVisit(car, 'test_drive', '2026-11-10T15:00:00Z', '2026-11-13T15:00:00Z', 'booked');
    // Before the 30 days.
    await addVisit(car, 'test_drive', '2026-09-28T15:00:00Z', '2026-10-01T15:00:00Z', 'no_show');
  });

  it('counts the visits booked today and this week, cancelled ones included', async () => {
    expect((await metricsAt(t, NOW)).visits.booked).toEqual({ today: 2, thisWeek: 4 });
  });

  it('counts the holds booked today and this week', async () => {
    expect((await metricsAt(t, NOW)).visits.holdsBooked).toEqual({ today: 1, thisWeek: 1 });
  });

  it('gives the show rate of the visits begun in the last 30 days, and how many still await an outcome', async () => {
    expect((await metricsAt(t, NOW)).visits.showRate).toEqual({ percent: 66.7, shown: 2, noShows: 1, awaitingOutcome: 1 });
  });

  it('has no show rate when no visit begun in the last 30 days has an outcome', async () => {
    expect((await metricsAt(t, at('2027-06-01T18:00:00Z'))).visits).toEqual({
      booked: { today: 0, thisWeek: 0 },
      holdsBooked: { today: 0, thisWeek: 0 },
      showRate: { percent: null, shown: 0, noShows: 0, awaitingOutcome: 0 },
    });
  });
});
