/** Calendar dates without time zones: a birth date is a day on the calendar, not an instant. */

/** Injected where a rule depends on today (age, future dates) so tests can pin the day. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Accepts a timestamp too, because a server may answer a date column as an ISO instant. */
const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:T|$)/;
const MONTHS_WITH_30_DAYS = [4, 6, 9, 11];

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return MONTHS_WITH_30_DAYS.includes(month) ? 30 : 31;
}

function toCalendarDate(year: number, month: number, day: number): CalendarDate | null {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) ? { year, month, day } : null;
}

/** MM/DD/YYYY (docs/product/application-wizard.md#validation) to a real calendar date, or null for 02/30, 13/01 and anything not in that form. */
export function parseUsDate(value: string): CalendarDate | null {
  const match = US_DATE.exec(value.trim());
  return match ? toCalendarDate(Number(match[3]), Number(match[1]), Number(match[2])) : null;
}

/** YYYY-MM-DD (the wire form) to a real calendar date, or null. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value.trim());
  return match ? toCalendarDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** The local calendar day of an instant: "today" is the user's day, not UTC's. */
export function calendarDateOf(instant: Date): CalendarDate {
  return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() };
}

/**
 * Completed years on `today`; negative for a date after today. Someone born on 02/29 turns a year older on
 * 03/01 in non-leap years, the later of the usual readings, so nobody is treated as 18 a day early.
 */
export function ageOn(birth: CalendarDate, today: CalendarDate): number {
  const beforeBirthday = today.month < birth.month || (today.month === birth.month && today.day < birth.day);
  return today.year - birth.year - (beforeBirthday ? 1 : 0);
}

/** MM/DD/YYYY → YYYY-MM-DD (docs/product/application-wizard.md#validation); text in any other form is returned trimmed. */
export function formatDateForApi(value: string): string {
  const trimmed = value.trim();
  const match = US_DATE.exec(trimmed);
  return match ? `${match[3]}-${match[1]}-${match[2]}` : trimmed;
}

/** YYYY-MM-DD (or an ISO timestamp's date) → MM/DD/YYYY for forms and display; anything else trimmed. */
export function formatDateFromApi(value: string): string {
  const trimmed = value.trim();
  const match = ISO_DATE_PREFIX.exec(trimmed);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : trimmed;
}

/**
 * An instant as ISO 8601 local time in a time zone, to the second and with that zone's offset then
 * (2026-11-29T10:15:00-06:00): the form ADF leads and people in the dealer's zone read.
 */
export function zonedIsoDateTime(instant: Date, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, value]));
  // "GMT-06:00", or "GMT" alone at offset zero.
  const offset = part.timeZoneName === 'GMT' ? '+00:00' : part.timeZoneName!.slice(3);
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`;
}
