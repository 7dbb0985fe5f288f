import * as v from 'valibot';
import type { ApplicationStatus } from '../enums.ts';

/** The nine business metrics, in the order the metrics table lists them (docs/product/staff-dashboard.md#metrics). */
export const METRIC_NAMES = [
  'Total Users',
  'Active Users Today',
  'Applications Submitted',
  'Cars Viewed (Total)',
  'Average Cars Viewed per User',
  'Cars Favorited (Total)',
  'Popular Brand (Today)',
  'Most Viewed Car (This Week)',
  '% Users Who Submitted Application After Viewing',
] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/** A value that cannot be given yet (no views today, nobody to average over). */
export const NO_METRIC_VALUE = '—';

/**
 * One row of the metrics table (docs/product/staff-dashboard.md#metrics). Counts, averages and percentages are
 * numbers, for the screen to format in the reader's language; a brand or a car is its name.
 */
export interface MetricRow {
  metric: MetricName;
  value: number | string;
  /** How the value is counted, in English like the metric names. */
  notes: string;
}

export interface DailyActivity {
  /** A calendar date in the dealer's time zone, YYYY-MM-DD. */
  date: string;
  applications: number;
  newUsers: number;
  carViews: number;
}

/** A rejection whose adverse-action notice is still owed. */
export interface NoticeDue {
  applicationId: number;
  userId: number;
  /** Whole days until the Regulation B deadline; negative once it has passed. */
  daysLeft: number;
}

/** Two counts of the same thing, as the dealer's days run: since midnight, and since Sunday midnight. */
export interface TodayAndWeek {
  today: number;
  thisWeek: number;
}

/** Visits, test drives and holds (docs/product/visits.md#staff-api-metrics-and-leads). */
export interface VisitMetrics {
  /** Visits booked, by shoppers or staff, counted when booked whether or not they were cancelled later. */
  booked: TodayAndWeek;
  /** Of those, holds. */
  holdsBooked: TodayAndWeek;
  /**
   * The visits that began in the last 30 days: those with an outcome, shown (arrived or completed)
   * against no-shows, and the share shown as a percentage to one decimal (null when none has an
   * outcome); and those begun whose outcome staff have not recorded yet. Cancelled visits count in none.
   */
  showRate: { percent: number | null; shown: number; noShows: number; awaitingOutcome: number };
}

/** GET /api/metrics (staff). */
export interface MetricsAnswer {
  /** Exactly the nine rows of METRIC_NAMES, in that order. */
  rows: MetricRow[];
  applicationsByStatus: Record<ApplicationStatus, number>;
  /**
   * Applications still owing the applicant word of the decision (in review, or rejected without an
   * adverse-action notice) against the Regulation B deadline (30 days from submission): past it,
   * and due within the next 5 days.
   */
  regB: { overdue: number; dueSoon: number };
  /** Adverse-action notices: applications with one sent, and rejections still without one, the nearest deadline first. */
  adverseActionNotices: { sent: number; due: NoticeDue[] };
  /** The last 30 days, oldest first, today last. */
  daily: DailyActivity[];
  /**
   * How soon staff first responded to the applications submitted in the last 30 days (a relayed
   * message, a status change, a "contacted" note, or a visit staff booked, moved or recorded the
   * outcome of): the median in whole minutes, null when none was responded to; and how many are
   * still waiting.
   */
  firstResponse: { medianMinutes: number | null; responded: number; waiting: number };
  visits: VisitMetrics;
  /** The dealer's IANA time zone, in which "today", "this week" and the dates above are counted. */
  timeZone: string;
  generatedAt: string;
}

/** MetricsAnswer as the API document describes it (server/src/http/openapi.ts). */
const count = v.pipe(v.number(), v.integer());

export const metricsAnswerSchema = v.object({
  rows: v.array(v.object({ metric: v.picklist(METRIC_NAMES), value: v.union([v.number(), v.string()]), notes: v.string() })),
  applicationsByStatus: v.object({ in_review: count, approved: count, rejected: count, withdrawn: count }),
  regB: v.object({ overdue: count, dueSoon: count }),
  adverseActionNotices: v.object({
    sent: count,
    due: v.array(v.object({ applicationId: count, userId: count, daysLeft: count })),
  }),
  daily: v.array(v.object({ date: v.string(), applications: count, newUsers: count, carViews: count })),
  firstResponse: v.object({ medianMinutes: v.nullable(count), responded: count, waiting: count }),
  visits: v.object({
    booked: v.object({ today: count, thisWeek: count }),
    holdsBooked: v.object({ today: count, thisWeek: count }),
    showRate: v.object({ percent: v.nullable(v.number()), shown: count, noShows: count, awaitingOutcome: count }),
  }),
  timeZone: v.string(),
  generatedAt: v.string(),
}) satisfies v.GenericSchema<unknown, MetricsAnswer>;
