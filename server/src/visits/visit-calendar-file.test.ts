import { describe, expect, it } from 'vitest';
import { readCalendar } from '../../test/visit-messages.ts';
import { visitCalendarFile, type VisitCalendarEvent } from './visit-calendar-file.ts';

const event: VisitCalendarEvent = {
  visitId: 12,
  host: 'cars.example.test',
  cancelled: false,
  sequence: 0,
  start: new Date('2026-12-01T16:00:00Z'),
  end: new Date('2026-12-01T16:30:00Z'),
  summary: 'Hold: 2020 Ford Escape SE',
  location: 'Prairie Motors, 77 Prairie Road; Suite 2, Austin, TX',
  description: 'Move or cancel your visit at any time:\nhttps://cars.example.test/visits/12?token=1.ab',
  url: 'https://cars.example.test/visits/12?token=1.ab',
  organizer: { name: 'Prairie Motors', email: 'sales@prairie.example' },
  attendee: null,
};

describe("a visit's calendar file", () => {
  it('gives the visit as UTC instants, with the dealer as organizer and its text unharmed by commas, semicolons and lines', () => {
    expect(readCalendar(visitCalendarFile(event))).toEqual({
      method: 'REQUEST',
      uid: 'visit-12@cars.example.test',
      sequence: 0,
      status: 'CONFIRMED',
      start: '2026-12-01T16:00:00.000Z',
      end: '2026-12-01T16:30:00.000Z',
      summary: 'Hold: 2020 Ford Escape SE',
      location: 'Prairie Motors, 77 Prairie Road; Suite 2, Austin, TX',
      description: 'Move or cancel your visit at any time:\nhttps://cars.example.test/visits/12?token=1.ab',
      organizer: 'sales@prairie.example',
      attendees: [],
    });
    expect(visitCalendarFile(event)).toMatch(/^DTSTART:20261201T160000Z\r$/m);
  });

  it('keeps one event per visit: a move is the same UID with a higher SEQUENCE, a cancellation removes it', () => {
    const moved = readCalendar(
      visitCalendarFile({ ...event, sequence: 1, start: new Date('2026-12-02T15:00:00Z'), end: new Date('2026-12-02T15:30:00Z') }),
    );
    const cancelled = readCalendar(visitCalendarFile({ ...event, sequence: 2, cancelled: true }));
    expect(moved).toMatchObject({ method: 'REQUEST', uid: 'visit-12@cars.example.test', sequence: 1, start: '2026-12-02T15:00:00.000Z' });
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: 'visit-12@cars.example.test', sequence: 2 });
  });

  it('names the shopper as the attendee when they gave an email', () => {
    const file = readCalendar(visitCalendarFile({ ...event, attendee: { name: 'Mary Major', email: 'mary@example.com' } }));
    expect(file.attendees).toEqual(['mary@example.com']);
  });
});
