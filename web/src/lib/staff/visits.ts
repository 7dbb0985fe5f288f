import { zoneLabel } from '../../../../domain/date-time.ts';
import { numberLocale } from '../../../../domain/format.ts';
import type { VisitStatus, VisitType } from '../../../../domain/visits/visit.schema.ts';

/**
 * A visit's values in the staff's words (message ids) and its times on the dealer's clock
 * (docs/product/visits.md#staff-calendar), for the Visits screen and the applicant's page alike.
 */

export const VISIT_TYPE_LABELS: Record<VisitType, string> = { test_drive: 'Test drive', hold: 'Hold' };

export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  booked: 'Booked',
  arrived: 'Arrived',
  completed: 'Completed',
  no_show: 'No-show',
  cancelled: 'Cancelled',
};

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(numberLocale(locale), { timeStyle: 'short', timeZone });
    timeFormats.set(key, format);
  }
  return format;
}

/** "9:00 AM – 9:30 AM CDT": a visit's start and end on the dealer's clock, its zone named once. */
export function formatVisitTime(start: string, end: string, locale: string, timeZone: string): string {
  const format = timeFormat(locale, timeZone);
  return `${format.format(new Date(start))} – ${format.format(new Date(end))} ${zoneLabel(new Date(start), timeZone)}`;
}

/** "Tuesday, June 2, 2026": one of the dealer's calendar days (YYYY-MM-DD), in the reader's language. */
export function formatVisitDay(date: string, locale: string): string {
  // Noon UTC of the day reads as that day in UTC, whatever the reader's own zone.
  return new Intl.DateTimeFormat(numberLocale(locale), { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}
