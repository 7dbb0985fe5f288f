import { formatMoment } from '../../../../domain/date-time.ts';

/** Dates and times in the reader's language; the em dash (docs/product/staff-dashboard.md#users-list) for a value that is not there. */
export const EMPTY = '—';

/**
 * A moment with its zone's label ("Jun 1, 2026, 5:00 AM CDT"), in the dealer's zone when it is
 * given (useDealerTimeZone), as the applicant, the PDF, email and the bot write it (domain/date-time.ts).
 */
export function formatDateTime(iso: string | null, locale: string, timeZone?: string): string {
  if (!iso) return EMPTY;
  return formatMoment(iso, locale, timeZone, 'compact');
}

/** The calendar day of a moment, in the dealer's zone when it is given, with the zone named. */
export function formatDate(iso: string, locale: string, timeZone?: string): string {
  return formatMoment(iso, locale, timeZone, 'date');
}

export function displayOrDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  const text = String(value).trim();
  return text === '' ? EMPTY : text;
}

export function fullName(user: { first_name: string | null; last_name: string | null }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}
