import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { getFieldErrors } from '../contracts/errors.ts';
import { bookableSlots, daySlots, localDateOf, slotProblem, wallClockInstant, weekdayOf } from './visit-slots.ts';
import { DEFAULT_VISIT_SETTINGS, visitSettingsMessages, visitSettingsSchema, type VisitSettings } from './visit-settings.ts';

const CHICAGO = 'America/Chicago';
const at = (iso: string) => new Date(iso);
const starts = (slots: readonly { start: Date }[]) => slots.map((slot) => slot.start.toISOString());
const nightOwl: VisitSettings = {
  ...DEFAULT_VISIT_SETTINGS,
  hours: { ...DEFAULT_VISIT_SETTINGS.hours, sun: { open: '01:00', close: '04:00' } },
};

describe('the dealer’s slots', () => {
  it('opens at 9:00 Chicago time, 15:00 UTC in winter', () => {
    expect(starts(daySlots(DEFAULT_VISIT_SETTINGS, CHICAGO, '2027-03-12')).slice(0, 2)).toEqual([
      '2027-03-12T15:00:00.000Z',
      '2027-03-12T15:30:00.000Z',
    ]);
  });

  it('still opens at 9:00 on the Monday after clocks spring forward, now 14:00 UTC', () => {
    expect(starts(daySlots(DEFAULT_VISIT_SETTINGS, CHICAGO, '2027-03-15'))[0]).toBe('2027-03-15T14:00:00.000Z');
  });

  it('opens at 9:00 on both sides of the fall-back change: 14:00 UTC before it, 15:00 after', () => {
    expect(starts(daySlots(DEFAULT_VISIT_SETTINGS, CHICAGO, '2027-11-05'))[0]).toBe('2027-11-05T14:00:00.000Z');
    expect(starts(daySlots(DEFAULT_VISIT_SETTINGS, CHICAGO, '2027-11-08'))[0]).toBe('2027-11-08T15:00:00.000Z');
  });

  it('lays out 20 half-hour slots on a weekday from 9 to 7, the last starting at 6:30', () => {
    const slots = daySlots(DEFAULT_VISIT_SETTINGS, CHICAGO, '2027-03-15');
    expect(slots).toHaveLength(20);
    expect(slots.at(-1)).toEqual({ start: at('2027-03-15T23:30:00.000Z'), end: at('2027-03-16T00:00:00.000Z') });
  });

  it('skips the half hours the clock never shows on the night it springs forward', () => {
    expect(starts(daySlots(nightOwl, CHICAGO, '2027-03-14'))).toEqual([
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:30:00.000Z',
      '2027-03-14T08:00:00.000Z',
      '2027-03-14T08:30:00.000Z',
    ]);
  });

  it('offers the repeated hour once, the first time, on the night the clock falls back', () => {
    expect(starts(daySlots(nightOwl, CHICAGO, '2027-11-07'))).toEqual([
      '2027-11-07T06:00:00.000Z',
      '2027-11-07T06:30:00.000Z',
      '2027-11-07T08:00:00.000Z',
      '2027-11-07T08:30:00.000Z',
      '2027-11-07T09:00:00.000Z',
      '2027-11-07T09:30:00.000Z',
    ]);
  });

  it('has no slots on a closed weekday or a closed date', () => {
    expect(daySlots(DEFAULT_VISIT_SETTINGS, CHICAGO, '2027-03-14')).toEqual([]);
    expect(daySlots({ ...DEFAULT_VISIT_SETTINGS, closedDates: ['2027-03-15'] }, CHICAGO, '2027-03-15')).toEqual([]);
  });

  it('reads days and weekdays on the dealer’s calendar', () => {
    expect(localDateOf(at('2027-03-15T04:30:00Z'), CHICAGO)).toBe('2027-03-14');
    expect(weekdayOf('2027-03-14')).toBe('sun');
    expect(wallClockInstant('2027-03-14', 150, CHICAGO)).toBeNull();
  });
});

describe('what a shopper may book', () => {
  const now = at('2027-03-12T15:10:00Z'); // Friday 9:10 in Chicago

  it('starts two hours ahead and books across the spring-forward weekend at the same wall-clock times', () => {
    const slots = bookableSlots(DEFAULT_VISIT_SETTINGS, CHICAGO, now, '2027-03-12', '2027-03-15');
    expect(slots[0]!.start.toISOString()).toBe('2027-03-12T17:30:00.000Z');
    const monday = slots.filter((slot) => localDateOf(slot.start, CHICAGO) === '2027-03-15');
    expect(monday[0]!.start.toISOString()).toBe('2027-03-15T14:00:00.000Z');
    expect(slots.some((slot) => localDateOf(slot.start, CHICAGO) === '2027-03-14')).toBe(false);
  });

  it('stops at the horizon', () => {
    const slots = bookableSlots(DEFAULT_VISIT_SETTINGS, CHICAGO, now, '2027-03-12', '2027-04-30');
    expect(slots.at(-1)!.start.getTime()).toBeLessThanOrEqual(now.getTime() + 14 * 86_400_000);
    expect(localDateOf(slots.at(-1)!.start, CHICAGO)).toBe('2027-03-26');
  });

  it.each([
    ['a time that has passed', '2027-03-12T15:00:00Z', 'past'],
    ['a time within the shortest notice', '2027-03-12T16:30:00Z', 'too_soon'],
    ['a time past the horizon', '2027-03-29T15:00:00Z', 'beyond_horizon'],
    ['a Sunday', '2027-03-14T16:00:00Z', 'closed'],
    ['an evening after closing', '2027-03-16T01:00:00Z', 'outside_hours'],
    ['a time between two slots', '2027-03-15T14:10:00Z', 'off_grid'],
    ['a listed slot', '2027-03-15T14:00:00Z', null],
  ] as const)('refuses or accepts %s', (_, start, problem) => {
    expect(slotProblem(DEFAULT_VISIT_SETTINGS, CHICAGO, now, at(start))).toBe(problem);
  });
});

describe('the visiting-hours settings', () => {
  const errorsOf = (settings: unknown) => {
    const result = v.safeParse(visitSettingsSchema, settings);
    return result.success ? {} : getFieldErrors(result.issues);
  };

  it('accepts the defaults', () => {
    expect(errorsOf(DEFAULT_VISIT_SETTINGS)).toEqual({});
  });

  it('refuses closing before opening, naming the day', () => {
    const hours = { ...DEFAULT_VISIT_SETTINGS.hours, tue: { open: '18:00', close: '09:00' } };
    expect(errorsOf({ ...DEFAULT_VISIT_SETTINGS, hours })).toEqual({ 'hours.tue.close': visitSettingsMessages.closeBeforeOpen });
  });

  it('refuses a zero slot length', () => {
    expect(errorsOf({ ...DEFAULT_VISIT_SETTINGS, slotMinutes: 0 })).toEqual({ slotMinutes: visitSettingsMessages.slotLengthInvalid });
  });

  it('refuses a slot longer than a day’s hours', () => {
    const hours = { ...DEFAULT_VISIT_SETTINGS.hours, sat: { open: '10:00', close: '10:30' } };
    expect(errorsOf({ ...DEFAULT_VISIT_SETTINGS, hours, slotMinutes: 60 })).toEqual({ slotMinutes: visitSettingsMessages.slotsDoNotFit });
  });

  it('refuses a date that is not on the calendar and a date listed twice', () => {
    expect(errorsOf({ ...DEFAULT_VISIT_SETTINGS, closedDates: ['2027-02-30'] })).toEqual({
      'closedDates.0': visitSettingsMessages.dateInvalid,
    });
    expect(errorsOf({ ...DEFAULT_VISIT_SETTINGS, closedDates: ['2027-12-25', '2027-12-25'] })).toEqual({
      closedDates: visitSettingsMessages.datesNotUnique,
    });
  });
});
