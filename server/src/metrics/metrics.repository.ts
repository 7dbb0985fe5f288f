import { sql } from 'kysely';
import type { DailyActivity } from '../../../domain/contracts/metrics.ts';
import type { ApplicationStatus } from '../../../domain/enums.ts';
import { REG_B_NOTICE_STATUS } from '../../../domain/regulation-b.ts';
import type { Db } from '../db/database.ts';
import { awaitsDecisionNotice } from '../adverse-action/adverse-action.repository.ts';

/** A calendar day in the dealer's time zone and the instant it begins. */
export interface LocalDay {
  date: string;
  starts: Date;
}

export interface LocalCalendar {
  /** From 29 days before today through tomorrow, oldest first: 31 days, so each of the last 30 has an end. */
  days: LocalDay[];
  /** Today's weekday, 0 for Sunday. */
  weekday: number;
}

/**
 * The days around `now` as the dealer counts them. PostgreSQL's time zone rules place each local
 * midnight, daylight saving included; every other query then ranges over plain instants, which
 * its indexes serve and its planner can estimate.
 */
export async function localCalendar(db: Db, now: Date, timeZone: string): Promise<LocalCalendar> {
  const { rows } = await sql<LocalDay & { weekday: number }>`
    select to_char(t.today + k, 'YYYY-MM-DD') as date,
           ((t.today + k)::timestamp at time zone ${timeZone}::text) as starts,
           extract(dow from t.today)::integer as weekday
    from (select (${now}::timestamptz at time zone ${timeZone}::text)::date as today) t, generate_series(-29, 1) as k
    order by k`.execute(db);
  return { days: rows.map(({ date, starts }) => ({ date, starts })), weekday: rows[0]!.weekday };
}

/**
 * Who the metrics count as a user (docs/decisions/011-guest-costs-and-merges.md): every Telegram
 * user, and a web guest once it has saved a favourite, an application draft or an application
 * (engaged_at, set by triggers of migration 0010). A guest that only viewed cars is one browser
 * that came by (or a script that dropped its cookie), not a person staff can count on, so neither
 * it nor its views are counted.
 */
const countedUser = (user: string) =>
  sql<boolean>`(${sql.ref(`${user}.kind`)} = 'telegram' or ${sql.ref(`${user}.engaged_at`)} is not null)`;

export interface UserTotals {
  /** Telegram users and counted web guests. */
  users: number;
  telegramUsers: number;
  /** Web guests left out: they never saved a favourite, a draft or an application. */
  idleGuests: number;
  activeToday: number;
}

export async function userTotals(db: Db, today: { starts: Date; ends: Date }): Promise<UserTotals> {
  const { rows } = await sql<UserTotals>`
    select count(*) filter (where u.counted)::integer as users,
           count(*) filter (where u.kind = 'telegram')::integer as "telegramUsers",
           count(*) filter (where u.kind = 'guest' and not u.counted)::integer as "idleGuests",
           count(*) filter (where u.last_active_at >= ${today.starts} and u.last_active_at < ${today.ends})::integer as "activeToday"
    from (select kind, last_active_at, ${countedUser('users')} as counted from users) u`.execute(db);
  return rows[0]!;
}

export async function favoriteCount(db: Db): Promise<number> {
  const { n } = await db
    .selectFrom('favorites')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return n;
}

export interface ViewTotals {
  views: number;
  viewers: number;
  /** Users whose application came after their first car view. */
  viewedThenApplied: number;
}

/** All-time view figures in one pass over the per-user tally that triggers keep (migration 0007). */
export async function viewTotals(db: Db): Promise<ViewTotals> {
  return db
    .selectFrom('car_views_per_user as tally')
    .leftJoin('applications as a', 'a.user_id', 'tally.user_id')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('tally.views'), sql<number>`0`).as('views'),
      eb.fn.countAll<number>().as('viewers'),
      eb.fn.countAll<number>().filterWhereRef('a.submitted_at', '>', 'tally.first_viewed_at').as('viewedThenApplied'),
    ])
    .executeTakeFirstOrThrow();
}

export interface StatusCounts {
  status: ApplicationStatus;
  total: number;
  /** Still owing word of the decision (awaitsDecisionNotice) and submitted before the first cutoff. */
  overdue: number;
  /** Still owing word of the decision and submitted between the two cutoffs. */
  dueSoon: number;
  /** With an adverse-action notice sent. */
  noticed: number;
}

export async function applicationCounts(db: Db, overdueBefore: Date, dueSoonBefore: Date): Promise<StatusCounts[]> {
  const awaits = awaitsDecisionNotice('applications');
  return db
    .selectFrom('applications')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([awaits, f('submitted_at', '<', overdueBefore)]))
        .as('overdue'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([awaits, f('submitted_at', '>=', overdueBefore), f('submitted_at', '<', dueSoonBefore)]))
        .as('dueSoon'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) =>
          f.exists(f.selectFrom('adverse_action_notices').select('id').whereRef('application_id', '=', 'applications.id')),
        )
        .as('noticed'),
    ])
    .groupBy('status')
    .execute();
}

export interface OwedNotice {
  applicationId: number;
  userId: number;
  submittedAt: Date;
}

/** Rejections still without their adverse-action notice, the oldest (the nearest deadline) first. */
export async function noticesDue(db: Db): Promise<OwedNotice[]> {
  return db
    .selectFrom('applications')
    .select(['id as applicationId', 'user_id as userId', 'submitted_at as submittedAt'])
    .where('status', '=', REG_B_NOTICE_STATUS)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('adverse_action_notices').select('id').whereRef('adverse_action_notices.application_id', '=', 'applications.id'),
        ),
      ),
    )
    .orderBy('submitted_at')
    .orderBy('id')
    .execute();
}

export interface Leader {
  name: string;
  views: number;
  /** Counted views of every car in the range. */
  ofViews: number;
}

/** Views in the range by counted users only, per car (the range's index carries car and viewer). */
const countedViewsPerCar = (from: Date, to: Date) => sql`
  select v.car_uuid, count(*) as views, max(v.viewed_at) as last_viewed_at
  from car_views v
  join users u on u.id = v.user_id
  where v.viewed_at >= ${from} and v.viewed_at < ${to} and ${countedUser('u')}
  group by v.car_uuid`;

/** The brand with the most counted views in the range; ties go to the brand first in byte order. */
export async function topBrand(db: Db, from: Date, to: Date): Promise<Leader | undefined> {
  // Naming each car in a subquery makes PostgreSQL look cars up by key, instead of hashing the
  // whole inventory to join a day's views.
  const { rows } = await sql<Leader>`
    select brand as name, sum(views)::integer as views, (sum(sum(views)) over ())::integer as "ofViews"
    from (
      select (select c.brand from cars c where c.uuid = per_car.car_uuid) as brand, views
      from (${countedViewsPerCar(from, to)}) per_car
    ) named
    group by brand
    order by views desc, brand
    limit 1`.execute(db);
  return rows[0];
}

/** The car with the most counted views in the range, named "year brand model"; ties go to the car viewed last. */
export async function topCar(db: Db, from: Date, to: Date): Promise<Leader | undefined> {
  const { rows } = await sql<Leader>`
    select c.year || ' ' || c.brand || ' ' || c.model as name, top.views::integer as views, top.of_views::integer as "ofViews"
    from (
      select car_uuid, views, last_viewed_at, sum(views) over () as of_views
      from (${countedViewsPerCar(from, to)}) per_car
      order by views desc, last_viewed_at desc, car_uuid
      limit 1
    ) top
    join cars c on c.uuid = top.car_uuid`.execute(db);
  return rows[0];
}

/**
 * Counts per local day, one index range per day and table. A user is new from registration, or
 * from creation when they never registered (web guests, staff added by id).
 */
export async function dailyCounts(db: Db, days: ReadonlyArray<{ date: string; starts: Date; ends: Date }>): Promise<DailyActivity[]> {
  const values = sql.join(days.map((d) => sql`(${d.date}::text, ${d.starts}::timestamptz, ${d.ends}::timestamptz)`));
  const { rows } = await sql<DailyActivity>`
    select d.date,
      (select count(*) from applications a where a.submitted_at >= d.starts and a.submitted_at < d.ends) as applications,
      (select count(*) from users u
        where coalesce(u.registered_at, u.created_at) >= d.starts and coalesce(u.registered_at, u.created_at) < d.ends) as "newUsers",
      (select count(*) from car_views v where v.viewed_at >= d.starts and v.viewed_at < d.ends) as "carViews"
    from (values ${values}) as d(date, starts, ends)
    order by d.date`.execute(db);
  return rows;
}

export interface FirstResponseTimes {
  medianMinutes: number | null;
  responded: number;
  waiting: number;
}

/** Applications submitted in the range: the median minutes to their first staff response, and how many still wait for one. */
export async function firstResponseTimes(db: Db, from: Date, to: Date): Promise<FirstResponseTimes> {
  const { rows } = await sql<FirstResponseTimes>`
    select floor(percentile_cont(0.5) within group (order by extract(epoch from first_response_at - submitted_at))
                 filter (where first_response_at is not null) / 60)::integer as "medianMinutes",
           count(first_response_at)::integer as responded,
           count(*) filter (where first_response_at is null)::integer as waiting
    from applications
    where submitted_at >= ${from} and submitted_at < ${to}`.execute(db);
  return rows[0]!;
}

export interface VisitTotals {
  bookedToday: number;
  bookedThisWeek: number;
  holdsToday: number;
  holdsThisWeek: number;
  shown: number;
  noShows: number;
  awaitingOutcome: number;
}

/**
 * Visits booked today and this week (by when they were booked), and how the visits that began
 * between `begunSince` and `now` went.
 */
export async function visitTotals(
  db: Db,
  { today, weekStarts, begunSince, now }: { today: { starts: Date; ends: Date }; weekStarts: Date; begunSince: Date; now: Date },
): Promise<VisitTotals> {
  const { rows } = await sql<VisitTotals>`
    with booked as (
      select count(*) filter (where created_at >= ${today.starts})::integer as "bookedToday",
             count(*)::integer as "bookedThisWeek",
             count(*) filter (where type = 'hold' and created_at >= ${today.starts})::integer as "holdsToday",
             count(*) filter (where type = 'hold')::integer as "holdsThisWeek"
      from visits
      where created_at >= ${weekStarts} and created_at < ${today.ends}
    ), begun as (
      select count(*) filter (where status in ('arrived', 'completed'))::integer as shown,
             count(*) filter (where status = 'no_show')::integer as "noShows",
             count(*) filter (where status = 'booked')::integer as "awaitingOutcome"
      from visits
      where starts_at >= ${begunSince} and starts_at <= ${now}
    )
    select * from booked, begun`.execute(db);
  return rows[0]!;
}
