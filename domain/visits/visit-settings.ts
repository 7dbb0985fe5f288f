import * as v from 'valibot';

/**
 * The dealer's visiting hours (docs/product/visits.md#settings): opening hours per weekday in the
 * dealer's TIMEZONE, closed dates, the slot length, how many visits a slot takes, the shortest notice
 * and how far ahead a shopper may book. Saved in versions like the deal settings, so two editors
 * never overwrite each other; a visit already booked keeps its time whatever changes later.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MAX_SLOT_MINUTES = 240;
export const MAX_CAPACITY = 50;
export const MAX_NOTICE_MINUTES = 7 * 24 * 60;
export const MAX_HORIZON_DAYS = 90;
export const MAX_CLOSED_DATES = 200;

export const visitSettingsMessages = {
  timeInvalid: 'Must be a time of day written HH:MM, from 00:00 to 23:59.',
  closeBeforeOpen: 'Closing time must be after opening time.',
  slotLengthInvalid: 'Slot length must be a whole number of minutes from 10 to 240.',
  slotsDoNotFit: 'At least one slot must fit between opening and closing.',
  capacityInvalid: 'Visits per slot must be a whole number from 1 to 50.',
  noticeInvalid: 'Shortest notice must be a whole number of minutes from 0 to 10,080 (a week).',
  horizonInvalid: 'Booking horizon must be a whole number of days from 1 to 90.',
  dateInvalid: 'Each closed date must be a calendar date written YYYY-MM-DD.',
  datesNotUnique: 'Each closed date may be listed once.',
  tooManyDates: 'At most 200 closed dates.',
  openDayRequired: 'Open on at least one day of the week.',
} as const;
const m = visitSettingsMessages;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Minutes after midnight of an HH:MM the schema accepted. */
export const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const time = v.pipe(v.string(m.timeInvalid), v.regex(TIME, m.timeInvalid));
const wholeIn = (min: number, max: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));

const openingHoursSchema = v.pipe(
  v.strictObject({ open: time, close: time }),
  v.forward(
    v.check((hours) => minutesOfDay(hours.close) > minutesOfDay(hours.open), m.closeBeforeOpen),
    ['close'],
  ),
);

const calendarDate = v.pipe(
  v.string(m.dateInvalid),
  v.regex(DATE, m.dateInvalid),
  v.check((date) => {
    // Checks run after a failed pattern too: text that is no date at all parses to NaN.
    const at = Date.parse(`${date}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().startsWith(date);
  }, m.dateInvalid),
);

export const visitSettingsSchema = v.pipe(
  v.strictObject({
    /** null: closed all day. */
    hours: v.strictObject(
      Object.fromEntries(WEEKDAYS.map((day) => [day, v.nullable(openingHoursSchema)])) as Record<
        Weekday,
        v.NullableSchema<typeof openingHoursSchema, undefined>
      >,
    ),
    closedDates: v.pipe(
      v.array(calendarDate, m.dateInvalid),
      v.maxLength(MAX_CLOSED_DATES, m.tooManyDates),
      v.check((dates) => new Set(dates).size === dates.length, m.datesNotUnique),
    ),
    slotMinutes: wholeIn(10, MAX_SLOT_MINUTES, m.slotLengthInvalid),
    capacity: wholeIn(1, MAX_CAPACITY, m.capacityInvalid),
    minNoticeMinutes: wholeIn(0, MAX_NOTICE_MINUTES, m.noticeInvalid),
    horizonDays: wholeIn(1, MAX_HORIZON_DAYS, m.horizonInvalid),
  }),
  v.forward(
    v.check((settings) => WEEKDAYS.some((day) => settings.hours[day] !== null), m.openDayRequired),
    ['hours'],
  ),
  v.forward(
    v.check(
      (settings) =>
        WEEKDAYS.every((day) => {
          const hours = settings.hours[day];
          const open = hours === null ? 0 : minutesOfDay(hours.close) - minutesOfDay(hours.open);
          // A day that closes before it opens has its own message.
          return hours === null || open <= 0 || open >= settings.slotMinutes;
        }),
      m.slotsDoNotFit,
    ),
    ['slotMinutes'],
  ),
);
export type VisitSettings = v.InferOutput<typeof visitSettingsSchema>;

export interface VersionedVisitSettings {
  version: number;
  settings: VisitSettings;
}

const weekday = { open: '09:00', close: '19:00' };

/** What a new dealer starts with: weekdays 9–7, Saturday 10–6, Sunday closed; 30-minute slots, two visits each, 2 hours' notice, 14 days ahead. */
export const DEFAULT_VISIT_SETTINGS: VisitSettings = {
  hours: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: { open: '10:00', close: '18:00' }, sun: null },
  closedDates: [],
  slotMinutes: 30,
  capacity: 2,
  minNoticeMinutes: 120,
  horizonDays: 14,
};
