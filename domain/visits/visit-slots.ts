import { minutesOfDay, WEEKDAYS, type VisitSettings, type Weekday } from './visit-settings.ts';

/**
 * When a shopper may come (docs/product/visits.md#slots). Slots are laid out on the dealer's wall
 * clock in its TIMEZONE, so 9:00 stays 9:00 across a daylight-saving change while its UTC instant
 * moves by an hour. Dates are YYYY-MM-DD days of the dealer's calendar.
 */

export interface Slot {
  start: Date;
  end: Date;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

/** The zone's offset from UTC at that instant, in minutes (-300 for CDT). */
function offsetMinutes(instant: number, timeZone: string): number {
  const name = offsetFormat(timeZone)
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  // "GMT-05:00", or "GMT" alone at offset zero.
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(name ?? '');
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/** The dealer's calendar day of an instant, YYYY-MM-DD. */
export function localDateOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** A calendar day `days` after this one (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The weekday of a calendar day, which no time zone changes. */
export function weekdayOf(date: string): Weekday {
  // getUTCDay counts from Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/**
 * The instant the dealer's wall clock reads `minutes` after midnight on `date`, or null for a time
 * the clock skips (spring forward). A time it reads twice (fall back) is the earlier one.
 */
export function wallClockInstant(date: string, minutes: number, timeZone: string): Date | null {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
  // The offsets a day either side are the two a change between them can give.
  const candidates = [offsetMinutes(wall - DAY, timeZone), offsetMinutes(wall + DAY, timeZone)]
    .map((offset) => ({ offset, instant: wall - offset * MINUTE }))
    .filter(({ offset, instant }) => offsetMinutes(instant, timeZone) === offset)
    .map(({ instant }) => instant)
    .sort((a, b) => a - b);
  return candidates.length === 0 ? null : new Date(candidates[0]!);
}

/** Every slot of a day the dealer is open, ignoring notice and horizon; none on a closed day. */
export function daySlots(settings: VisitSettings, timeZone: string, date: string): Slot[] {
  const hours = settings.hours[weekdayOf(date)];
  if (hours === null || settings.closedDates.includes(date)) return [];
  const slots: Slot[] = [];
  const close = minutesOfDay(hours.close);
  for (let minute = minutesOfDay(hours.open); minute + settings.slotMinutes <= close; minute += settings.slotMinutes) {
    const start = wallClockInstant(date, minute, timeZone);
    if (start) slots.push({ start, end: new Date(start.getTime() + settings.slotMinutes * MINUTE) });
  }
  return slots;
}

/** The earliest and latest start a shopper may book now: the shortest notice, and the horizon. */
export function bookingWindow(settings: VisitSettings, now: Date): { earliest: Date; latest: Date } {
  return {
    earliest: new Date(now.getTime() + settings.minNoticeMinutes * MINUTE),
    latest: new Date(now.getTime() + settings.horizonDays * DAY),
  };
}

/**
 * The slots a shopper may book now, from one calendar day to another (both included), earliest
 * first. Places already taken are the caller's to subtract.
 */
export function bookableSlots(settings: VisitSettings, timeZone: string, now: Date, fromDate: string, toDate: string): Slot[] {
  const { earliest, latest } = bookingWindow(settings, now);
  const lastDate = localDateOf(latest, timeZone) < toDate ? localDateOf(latest, timeZone) : toDate;
  const slots: Slot[] = [];
  for (let date = fromDate; date <= lastDate; date = addDays(date, 1)) {
    for (const slot of daySlots(settings, timeZone, date)) {
      if (slot.start >= earliest && slot.start <= latest) slots.push(slot);
    }
  }
  return slots;
}

/** Why a start cannot be booked, each answered by its own message (domain/contracts/visits.ts). */
export const SLOT_PROBLEMS = ['past', 'too_soon', 'beyond_horizon', 'closed', 'outside_hours', 'off_grid'] as const;
export type SlotProblem = (typeof SLOT_PROBLEMS)[number];

/** Whether a shopper may book a visit starting at `start` now, and if not, why. */
export function slotProblem(settings: VisitSettings, timeZone: string, now: Date, start: Date): SlotProblem | null {
  const { earliest, latest } = bookingWindow(settings, now);
  if (start <= now) return 'past';
  if (start < earliest) return 'too_soon';
  if (start > latest) return 'beyond_horizon';
  const date = localDateOf(start, timeZone);
  const slots = daySlots(settings, timeZone, date);
  if (slots.length === 0) return 'closed';
  if (slots.some((slot) => slot.start.getTime() === start.getTime())) return null;
  return start >= slots[0]!.start && start < slots.at(-1)!.end ? 'off_grid' : 'outside_hours';
}

/** The slot that starts at `start`: its end is the slot length later. */
export const slotAt = (settings: VisitSettings, start: Date): Slot => ({
  start,
  end: new Date(start.getTime() + settings.slotMinutes * MINUTE),
});
