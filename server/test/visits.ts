import type { Db } from '../src/db/database.ts';
import { currentVisitSettings } from '../src/visits/visit-settings.service.ts';
import { insertVisitSettings } from '../src/visits/visit-settings.repository.ts';
import { minutesOfDay, type VisitSettings } from '../../domain/visits/visit-settings.ts';
import { wallClockInstant } from '../../domain/visits/visit-slots.ts';

const open = { open: '08:00', close: '20:00' };

/**
 * Hours a suite can book in whatever the hour it runs: open 8:00 to 20:00 every day, an hour's
 * notice, so the first free slot is always within the 48 hours a hold may last.
 */
export const OPEN_EVERY_DAY: VisitSettings = {
  hours: { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open, sun: open },
  closedDates: [],
  slotMinutes: 30,
  capacity: 2,
  minNoticeMinutes: 60,
  horizonDays: 14,
};

/** Saves the dealer's visiting hours as the next version, as the settings screen would. */
export async function saveVisitSettings(db: Db, settings: VisitSettings): Promise<void> {
  const { version } = await currentVisitSettings(db);
  if (!(await insertVisitSettings(db, version + 1, settings, null))) throw new Error('saveVisitSettings: someone saved meanwhile');
}

/** The instant the dealer's wall clock reads `time` (HH:MM) on `date`, as the API writes it. */
export function dealerTime(date: string, time: string, timeZone: string): string {
  const instant = wallClockInstant(date, minutesOfDay(time), timeZone);
  if (!instant) throw new Error(`dealerTime: ${date} ${time} does not exist in ${timeZone}`);
  return instant.toISOString();
}

/** A valid POST /api/visits body for a car at a start, with overrides at the top level. */
export const bookingBody = (carUuid: string, start: string, overrides: Record<string, unknown> = {}) => ({
  carUuid,
  type: 'test_drive',
  start,
  name: 'Sam Rivera',
  phone: '+15551234567',
  email: '',
  note: '',
  ...overrides,
});
