import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * A visit's calendar file (docs/product/visits.md#messages-and-reminders), as iTIP (RFC 5546) has a
 * calendar keep one event up to date: every file of a visit carries the same UID, and a higher
 * SEQUENCE each time the visit moves, so a calendar that imported the confirmation replaces the
 * event with the moved one, and removes it with the cancellation (METHOD CANCEL, STATUS CANCELLED).
 * Times are UTC instants: every calendar shows them in its own zone, with no zone table to ship.
 */
export interface VisitCalendarEvent {
  visitId: number;
  /** The app's host: the UID's domain, so two dealers' visits never share one. */
  host: string;
  cancelled: boolean;
  /** 0 for the booking, one more for each move. */
  sequence: number;
  start: Date;
  end: Date;
  /** "Test drive: 2020 Ford Escape", in the shopper's language. */
  summary: string;
  /** The dealer's name and address. */
  location: string;
  /** What the visit is and the link to move or cancel it. */
  description: string;
  url: string;
  /** The dealer, who sends the request (iTIP requires an organizer). */
  organizer: { name: string; email: string };
  /** The shopper, when they gave an email. */
  attendee: { name: string; email: string } | null;
}

const visitEventUid = (visitId: number, host: string) => `visit-${visitId}@${host}`;

export function visitCalendarFile(event: VisitCalendarEvent): string {
  const calendar = ical({
    prodId: { company: event.organizer.name, product: 'visits', language: 'EN' },
    method: event.cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: visitEventUid(event.visitId, event.host),
    sequence: event.sequence,
    start: event.start,
    end: event.end,
    summary: event.summary,
    location: event.location,
    description: event.description,
    url: event.url,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: event.organizer,
    attendees: event.attendee ? [{ ...event.attendee, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }] : [],
  });
  return calendar.toString();
}
