import type { StaffVisit, StaffVisitsAnswer, VisitSlotsAnswer } from '../../../../../domain/contracts/visits.ts';

export const TIME_ZONE = 'America/Chicago';

/** Tuesday, June 2, 2026 on the dealer's clock (CDT, UTC−5). */
export const DAY = '2026-06-02';

/** GET /api/visits for the dealer's June 2, 2026 (or the week from it). */
export function visitsAnswer(items: StaffVisit[], range: 'day' | 'week' = 'day'): StaffVisitsAnswer {
  return {
    timeZone: TIME_ZONE,
    from: '2026-06-02T05:00:00.000Z',
    to: range === 'day' ? '2026-06-03T05:00:00.000Z' : '2026-06-09T05:00:00.000Z',
    items,
  };
}

/** GET /api/visits/slots: June 3, 2026 at 10:00 and 10:30 AM CDT. */
export function slotsAnswer(overrides: Partial<VisitSlotsAnswer> = {}): VisitSlotsAnswer {
  return {
    timeZone: TIME_ZONE,
    slotMinutes: 30,
    unavailable: null,
    slots: [
      { start: '2026-06-03T15:00:00.000Z', end: '2026-06-03T15:30:00.000Z', placesLeft: 2 },
      { start: '2026-06-03T15:30:00.000Z', end: '2026-06-03T16:00:00.000Z', placesLeft: 1 },
    ],
    ...overrides,
  };
}
