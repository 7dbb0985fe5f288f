import { METRIC_NAMES, NO_METRIC_VALUE, type MetricName, type MetricRow, type MetricsAnswer } from '../../../domain/contracts/metrics.ts';
import { APPLICATION_STATUSES } from '../../../domain/enums.ts';
import { regBDaysLeft, regBDueSoonBefore, regBOverdueBefore } from '../../../domain/regulation-b.ts';
import type { Db } from '../db/database.ts';
import {
  applicationCounts,
  dailyCounts,
  favoriteCount,
  firstResponseTimes,
  localCalendar,
  noticesDue,
  topBrand,
  topCar,
  userTotals,
  viewTotals,
  visitTotals,
} from './metrics.repository.ts';

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, noun: string) => `${count(n)} ${noun}${n === 1 ? '' : 's'}`;
/** The rule of metrics.repository.ts (countedUser), as staff read it in the notes. */
const COUNTED_GUESTS_ONLY = 'web guests who only viewed cars are not counted, here or in Popular Brand and Most Viewed Car';
const VIEWS_OF_COUNTED_USERS =
  'Counts views by Telegram users and by web guests that have saved a favourite, an application draft or an application; views by guests who only viewed cars are left out.';

/** One decimal, as the metrics table shows ratios. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * The staff metrics at `now`: the nine rows of docs/product/staff-dashboard.md#metrics, what staff act on and
 * the visits (docs/product/visits.md#staff-api-metrics-and-leads). "Today" runs from
 * the last midnight in `timeZone`, "this week" from the last Sunday midnight there (a US week).
 * Every figure comes from the database at the moment of the call; nothing is cached.
 */
export async function computeMetrics(
  db: Db,
  { now, timeZone, guestRetentionDays }: { now: Date; timeZone: string; guestRetentionDays: number },
): Promise<MetricsAnswer> {
  const calendar = await localCalendar(db, now, timeZone);
  const series = calendar.days.slice(0, -1).map((day, i) => ({ ...day, ends: calendar.days[i + 1]!.starts }));
  const today = series.at(-1)!;
  const weekStarts = series.at(-1 - calendar.weekday)!.starts;

  // Independent reads: on PostgreSQL each takes its own connection, so they run side by side.
  const [users, favorites, views, statuses, brand, car, daily, firstResponse, owed, visits] = await Promise.all([
    userTotals(db, today),
    favoriteCount(db),
    viewTotals(db),
    applicationCounts(db, regBOverdueBefore(now), regBDueSoonBefore(now)),
    topBrand(db, today.starts, today.ends),
    topCar(db, weekStarts, today.ends),
    dailyCounts(db, series),
    firstResponseTimes(db, series[0]!.starts, today.ends),
    noticesDue(db),
    visitTotals(db, { today, weekStarts, begunSince: series[0]!.starts, now }),
  ]);

  const applicationsByStatus = Object.fromEntries(APPLICATION_STATUSES.map((s) => [s, 0])) as MetricsAnswer['applicationsByStatus'];
  for (const row of statuses) applicationsByStatus[row.status] = row.total;
  const total = (key: 'overdue' | 'dueSoon' | 'noticed') => statuses.reduce((sum, row) => sum + row[key], 0);
  const applications = statuses.reduce((sum, row) => sum + row.total, 0);
  const midnight = `midnight ${timeZone} time`;

  const rows: Record<MetricName, Omit<MetricRow, 'metric'>> = {
    'Total Users': {
      value: users.users,
      notes:
        `Everyone the app knows: ${plural(users.telegramUsers, 'Telegram user')} (staff included) and ${plural(users.users - users.telegramUsers, 'web guest')}. ` +
        `A web guest is one browser until it signs in with Telegram, and counts once it has saved a favourite, an application draft or an application; ${COUNTED_GUESTS_ONLY} ` +
        `(${plural(users.idleGuests, 'such guest')} now).`,
    },
    'Active Users Today': {
      value: users.activeToday,
      notes: `Users whose last activity in the app was today, since ${midnight}. The app records activity when a signed-in user opens it; web guests record none.`,
    },
    'Applications Submitted': {
      value: applications,
      notes: 'Credit applications ever submitted (one per user), whatever their status now.',
    },
    'Cars Viewed (Total)': {
      value: views.views,
      notes:
        'Every opening of a car, by anyone, since the start; opening the same car again counts again. ' +
        `A web guest's views go with it when it expires, after ${plural(guestRetentionDays, 'day')} unseen with no favourite, application draft or application.`,
    },
    'Average Cars Viewed per User': {
      value: views.viewers === 0 ? NO_METRIC_VALUE : oneDecimal(views.views / views.viewers),
      notes: `Cars Viewed (Total) divided by the ${plural(views.viewers, 'user')} who viewed at least one car, to one decimal.`,
    },
    'Cars Favorited (Total)': {
      value: favorites,
      notes: 'Favourite marks held now, one per user and car; a favourite taken off no longer counts.',
    },
    'Popular Brand (Today)': {
      value: brand?.name ?? NO_METRIC_VALUE,
      notes:
        (brand
          ? `The brand whose cars were viewed most today, since ${midnight}: ${count(brand.views)} of ${plural(brand.ofViews, 'view')}. A tie goes to the brand first in alphabetical order. `
          : `No car has been viewed today, since ${midnight}. `) + VIEWS_OF_COUNTED_USERS,
    },
    'Most Viewed Car (This Week)': {
      value: car?.name ?? NO_METRIC_VALUE,
      notes:
        (car
          ? `The car viewed most this week, since Sunday ${midnight}: ${plural(car.views, 'view')} of ${count(car.ofViews)}. A tie goes to the car viewed last. `
          : `No car has been viewed this week, since Sunday ${midnight}. `) + VIEWS_OF_COUNTED_USERS,
    },
    '% Users Who Submitted Application After Viewing': {
      value: views.viewers === 0 ? NO_METRIC_VALUE : oneDecimal((100 * views.viewedThenApplied) / views.viewers),
      notes: `Users who submitted an application after their first car view (${count(views.viewedThenApplied)}), as a percentage of the ${plural(views.viewers, 'user')} who viewed at least one car, to one decimal.`,
    },
  };

  return {
    rows: METRIC_NAMES.map((metric) => ({ metric, ...rows[metric] })),
    applicationsByStatus,
    regB: { overdue: total('overdue'), dueSoon: total('dueSoon') },
    adverseActionNotices: {
      sent: total('noticed'),
      due: owed.map(({ applicationId, userId, submittedAt }) => ({ applicationId, userId, daysLeft: regBDaysLeft(submittedAt, now) })),
    },
    daily,
    firstResponse,
    visits: {
      booked: { today: visits.bookedToday, thisWeek: visits.bookedThisWeek },
      holdsBooked: { today: visits.holdsToday, thisWeek: visits.holdsThisWeek },
      showRate: {
        percent: visits.shown + visits.noShows === 0 ? null : oneDecimal((100 * visits.shown) / (visits.shown + visits.noShows)),
        shown: visits.shown,
        noShows: visits.noShows,
        awaitingOutcome: visits.awaitingOutcome,
      },
    },
    timeZone,
    generatedAt: now.toISOString(),
  };
}
