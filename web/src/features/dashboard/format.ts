/** Dates and times in the reader's language; the em dash (docs/product.md#users-list) for a value that is not there. */
export const EMPTY = '—';

/**
 * A moment with its zone's label ("Jun 1, 2026, 5:00 AM CDT"), in the dealer's zone when it is
 * given (useDealerTimeZone), as the PDF prints times: a time without a zone is ambiguous to staff
 * working from another one.
 */
export function formatDateTime(iso: string | null, locale: string, timeZone?: string): string {
  if (!iso) return EMPTY;
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso));
}

/** The calendar day of a moment, in the dealer's zone when it is given. */
export function formatDate(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'long' }).format(new Date(iso));
}

export function displayOrDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return EMPTY;
  const text = String(value).trim();
  return text === '' ? EMPTY : text;
}

export function fullName(user: { first_name: string | null; last_name: string | null }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}
