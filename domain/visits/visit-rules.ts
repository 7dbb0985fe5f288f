import type { VisitStatus } from './visit.schema.ts';

/**
 * The rules of a booked visit (docs/product/visits.md), the same for the server, the web, the bot
 * and the emails.
 */

const HOUR = 3_600_000;

/** A hold keeps a car from booking until its visit ends, and lasts at most this long from booking. */
export const HOLD_MAX_HOURS = 48;

/** Whether a hold booked `now` for a visit that ends at `end` stays within HOLD_MAX_HOURS. */
export const holdFits = (end: Date, now: Date): boolean => end.getTime() - now.getTime() <= HOLD_MAX_HOURS * HOUR;

/** The reminders a booked visit gets, each once, this long before it starts. */
export const VISIT_REMINDERS = [
  { reminder: 'day_before', hoursBefore: 24 },
  { reminder: 'two_hours', hoursBefore: 2 },
] as const;
export type VisitReminder = (typeof VISIT_REMINDERS)[number]['reminder'];

/** The reminders still ahead of a visit booked (or moved) now: one due in the past is not sent. */
export function reminderSchedule(start: Date, now: Date): { reminder: VisitReminder; at: Date }[] {
  return VISIT_REMINDERS.map(({ reminder, hoursBefore }) => ({ reminder, at: new Date(start.getTime() - hoursBefore * HOUR) })).filter(
    ({ at }) => at > now,
  );
}

/** A visit the shopper or staff may still move or cancel: booked, and not yet begun. */
export const visitMayChange = (status: VisitStatus, start: Date, now: Date): boolean => status === 'booked' && start > now;

/** Each message a shopper gets about a visit, sent once for each start the visit has had (migration 0032). */
export type VisitMessageKind = 'confirmation' | VisitReminder | 'moved' | 'cancelled' | 'car_gone';

/** A visit's contact details (name, phone, email, note) are erased this many days after it ended (docs/product/visits.md#staff-api-metrics-and-leads). */
export const VISIT_CONTACT_RETENTION_DAYS = 90;
