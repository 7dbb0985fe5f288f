import { sql } from 'kysely';
import type { DailyActivity } from '../../../domain/contracts/metrics.ts';
import type { ApplicationStatus } from '../../../domain/enums.ts';
import type { Db } from '../db/database.ts';

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

export interface UserTotals {
  users: number;
  telegramUsers: number;
  activeToday: number;
}

export async function userTotals(db: Db, today: { starts: Date; ends: Date }): Promise<UserTotals> {
  return db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('users'),
      eb.fn.countAll<number>().filterWhere('kind', '=', 'telegram').as('telegramUsers'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f('last_active_at', '>=', today.starts), f('last_active_at', '<', today.ends)]))
        .as('activeToday'),
    ])
    .executeTakeFirstOrThrow();
}

export async function favoriteCount(db: Db): Promise<number> {
  const { n } = await db.selectFrom('favorites').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
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
  /** Submitted before the first cutoff. */
  overdue: number;
  /** Submitted between the two cutoffs. */
  dueSoon: number;
}

export async function applicationCounts(db: Db, overdueBefore: Date, dueSoonBefore: Date): Promise<StatusCounts[]> {
  return db
    .selectFrom('applications')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('total'),
      eb.fn.countAll<number>().filterWhere('submitted_at', '<', overdueBefore).as('overdue'),
      eb.fn
        .countAll<number>()
        .filterWhere((f) => f.and([f('submitted_at', '>=', overdueBefore), f('submitted_at', '<', dueSoonBefore)]))
        .as('dueSoon'),
    ])
    .groupBy('status')
    .execute();
}

export interface Leader {
  name: string;
  views: number;
}

/** The brand with the most views in the range; ties go to the brand first in byte order. */
export async function topBrand(db: Db, from: Date, to: Date): Promise<Leader | undefined> {
  // Counting per car first and naming each car in a subquery makes PostgreSQL look cars up by key,
  // instead of hashing the whole inventory to join a day's views.
  const { rows } = await sql<Leader>`
    select brand as name, sum(views)::integer as views
    from (
      select (select c.brand from cars c where c.uuid = v.car_uuid) as brand, count(*) as views
      from car_views v
      where v.viewed_at >= ${from} and v.viewed_at < ${to}
      group by v.car_uuid
    ) per_car
    group by brand
    order by views desc, brand
    limit 1`.execute(db);
  return rows[0];
}

/** The car with the most views in the range, named "year brand model"; ties go to the car viewed last. */
export async function topCar(db: Db, from: Date, to: Date): Promise<Leader | undefined> {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('car_views')
        .select((e) => ['car_uuid', e.fn.countAll<number>().as('views'), e.fn.max('viewed_at').as('last_viewed_at')])
        .where('viewed_at', '>=', from)
        .where('viewed_at', '<', to)
        .groupBy('car_uuid')
        .orderBy('views', 'desc')
        .orderBy('last_viewed_at', 'desc')
        .orderBy('car_uuid')
        .limit(1)
        .as('top'),
    )
    .innerJoin('cars', 'cars.uuid', 'top.car_uuid')
    .select(['top.views', sql<string>`cars.year || ' ' || cars.brand || ' ' || cars.model`.as('name')])
    .executeTakeFirst();
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
