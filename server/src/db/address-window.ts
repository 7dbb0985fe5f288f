import { sql } from 'kysely';

/** How many rows one client address made within a window, and when the oldest of them leaves it. */
export interface WindowCount {
  used: number;
  /** Seconds until the oldest counted row leaves the window (0 when none is counted). */
  retryAfterSeconds: number;
}

/** The start of a window that ends now, by the database's clock (the one created_at was stamped with). */
export const windowStart = (windowSeconds: number) => sql<Date>`now() - make_interval(secs => ${windowSeconds}::integer)`;

/** The select list of a WindowCount over rows with a created_at column. */
export const windowCountColumns = (windowSeconds: number) =>
  [
    sql<number>`count(*)::integer`.as('used'),
    sql<number>`coalesce(ceil(extract(epoch from min(created_at) + make_interval(secs => ${windowSeconds}::integer) - now())), 0)::integer`.as(
      'retryAfterSeconds',
    ),
  ] as const;
