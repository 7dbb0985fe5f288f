import ICAL from 'ical.js';
import { sql } from 'kysely';
import * as v from 'valibot';
import { expect } from 'vitest';
import type { InventoryCar } from '../../domain/contracts/inventory.ts';
import type { OutboxKind } from '../../domain/contracts/outbox.ts';
import type { Language } from '../../domain/enums.ts';
import { addDays, bookableSlots, localDateOf, type Slot } from '../../domain/visits/visit-slots.ts';
import { visitBookingSchema, type VisitType } from '../../domain/visits/visit.schema.ts';
import type { Db } from '../src/db/database.ts';
import { currentVisitSettings } from '../src/visits/visit-settings.service.ts';
import { bookVisit, type VisitDeps } from '../src/visits/visits.service.ts';
import type { TestApp } from './app.ts';
import { injectAs, type TestTelegramUser } from './identity.ts';

/**
 * What the tests of a visit's messages share (docs/product/visits.md#messages-and-reminders): cars'
 * listings changed through the inventory API (test/inventory.ts adds the cars), visits booked
 * through the visits service, and the outbox's time moved in data (a reminder's delivery made due
 * now, a delivered one replayed) rather than waited for.
 */

const HOUR = 3_600_000;

export const visitDeps = (server: TestApp): VisitDeps => ({
  db: server.db,
  timeZone: server.config.server.timeZone,
  dealerState: server.config.company.location.region,
});

/** Staff change a car's listing (sold, pending, available again), as the inventory screen does. */
export async function changeListing(server: TestApp, admin: TestTelegramUser, carUuid: string, listingState: string): Promise<void> {
  const current = await injectAs(server.app, admin, { method: 'GET', url: `/api/inventory/${carUuid}` });
  const res = await injectAs(server.app, admin, {
    method: 'PATCH',
    url: `/api/inventory/${carUuid}`,
    payload: { version: current.json<InventoryCar>().version, listingState },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The bookable slots from `hoursAhead` hours from now on, earliest first, as the booking form lists them. */
export async function slotsFrom(server: TestApp, hoursAhead: number): Promise<Slot[]> {
  const { settings } = await currentVisitSettings(server.db);
  const now = new Date();
  const timeZone = server.config.server.timeZone;
  const today = localDateOf(now, timeZone);
  const after = now.getTime() + hoursAhead * HOUR;
  return bookableSlots(settings, timeZone, now, today, addDays(today, settings.horizonDays)).filter(
    (slot) => slot.start.getTime() >= after,
  );
}

export interface ShopperBooking {
  userId: number;
  channel: 'email' | 'telegram';
  language: Language;
  carUuid: string;
  start: Date;
  type?: VisitType;
  email?: string;
  name?: string;
}

/** A shopper books a visit for themselves; answers its id. */
export async function bookAsShopper(server: TestApp, booking: ShopperBooking): Promise<number> {
  const visit = await bookVisit(
    visitDeps(server),
    { kind: 'shopper', userId: booking.userId, channel: booking.channel, language: booking.language },
    v.parse(visitBookingSchema, {
      carUuid: booking.carUuid,
      type: booking.type ?? 'test_drive',
      start: booking.start.toISOString(),
      name: booking.name ?? 'Mary Major',
      phone: '(555) 123-4567',
      email: booking.email ?? '',
      note: '',
    }),
  );
  return visit.id;
}

/** Deliveries to `consumer` of the `kind` events about one visit. */
const visitDeliveries = (db: Db, consumer: string, kind: OutboxKind, visitId: number) =>
  db
    .updateTable('outbox_deliveries')
    .where('consumer', '=', consumer)
    .where(
      'event_id',
      'in',
      db
        .selectFrom('outbox_events')
        .select('id')
        .where('kind', '=', kind)
        .where(sql<number>`(payload->>'visitId')::integer`, '=', visitId),
    );

/** The clock moved forward in data: the visit's reminders (written due at their times) are due now. */
export async function makeRemindersDue(db: Db, consumer: string, visitId: number): Promise<void> {
  await visitDeliveries(db, consumer, 'visit.reminder', visitId)
    .set({ next_attempt_at: sql<Date>`now()` })
    .where('delivered_at', 'is', null)
    .execute();
}

/** Delivered events about the visit are delivered again, as after a crash between sending and recording it. */
export async function replayDeliveries(db: Db, consumer: string, kind: OutboxKind, visitId: number): Promise<number> {
  const replayed = await visitDeliveries(db, consumer, kind, visitId)
    .set({ delivered_at: null, next_attempt_at: sql<Date>`now()` })
    .where('delivered_at', 'is not', null)
    .executeTakeFirst();
  return Number(replayed.numUpdatedRows);
}

/** Whether every delivery to `consumer` of the visit's `kind` events is done (none waits for a retry). */
export async function allDelivered(db: Db, consumer: string, kind: OutboxKind, visitId: number): Promise<boolean> {
  const rows = await db
    .selectFrom('outbox_deliveries')
    .innerJoin('outbox_events', 'outbox_events.id', 'outbox_deliveries.event_id')
    .select(['delivered_at'])
    .where('consumer', '=', consumer)
    .where('outbox_events.kind', '=', kind)
    .where(sql<number>`(outbox_events.payload->>'visitId')::integer`, '=', visitId)
    .execute();
  return rows.length > 0 && rows.every((row) => row.delivered_at !== null);
}

/** The email of a calendar address: the URI scheme's case is the writer's choice. */
const address = (uri: string) => uri.replace(/^mailto:/i, '');

/** A calendar file as a calendar reads it (ical.js): the request or cancellation and its one event. */
export function readCalendar(text: string) {
  const calendar = ICAL.Component.fromString(text);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the calendar file');
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    location: event.location,
    description: event.description,
    organizer: address(event.organizer),
    attendees: event.attendees.map((attendee) => address(String(attendee.getFirstValue()))),
  };
}
