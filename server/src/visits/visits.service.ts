import type { MyVisit, StaffVisit, VisitSlot, VisitSlotsAnswer } from '../../../domain/contracts/visits.ts';
import { carTitle } from '../../../domain/cars.ts';
import type { Language } from '../../../domain/enums.ts';
import type { UsStateCode } from '../../../domain/us-states.ts';
import { holdFits, reminderSchedule, visitMayChange } from '../../../domain/visits/visit-rules.ts';
import { addDays, bookableSlots, localDateOf, slotAt, slotProblem, type Slot } from '../../../domain/visits/visit-slots.ts';
import type { VisitSettings } from '../../../domain/visits/visit-settings.ts';
import {
  visitMessages,
  type VisitActor,
  type VisitBooking,
  type VisitMove,
  type VisitOutcome,
} from '../../../domain/visits/visit.schema.ts';
import { carCover, findDealCar, lockVisitCar } from '../cars/cars.repository.ts';
import type { Db } from '../db/database.ts';
import { priceDeal } from '../deals/deals.service.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { enqueueOutboxEvent } from '../outbox/outbox.repository.ts';
import { currentVisitSettings } from './visit-settings.service.ts';
import {
  carVisitStarts,
  countTakenPlaces,
  findActiveHold,
  findFreePlace,
  findVisit,
  insertVisitInFreePlace,
  listVisitsOfUser,
  lockVisit,
  markVisitCancelled,
  moveVisitTo,
  recordVisitOutcome,
  type VisitRow,
  type VisitWithCar,
} from './visits.repository.ts';
import type { StoredVisitDeal } from '../db/schema.ts';

/**
 * Booking, moving and cancelling visits (docs/product/visits.md). Every change writes its outbox
 * events (the confirmation, each reminder due at its time, the change) in its own transaction, so a
 * visit and what it tells the shopper land together or not at all.
 */

export interface VisitDeps {
  db: Db;
  /** The dealer's TIMEZONE: slots are laid out on its wall clock. */
  timeZone: string;
  /** The dealer's state, whose deal settings price a deal brought to a visit. */
  dealerState: UsStateCode;
}

/**
 * What staff do to a visit answers the shopper's lead (docs/product/visits.md#staff-api-metrics-and-leads):
 * handed in by the composition root (server/src/api.ts), since applications depend on visits and
 * never the reverse. The shopper is the visit's account, or for a caller's visit its phone and email.
 */
export type StaffVisitAnswered = (db: Db, shopper: { userId: number } | { phone: string; email: string | null }, at: Date) => Promise<void>;

export const shopperOfVisit = (visit: Pick<VisitRow, 'user_id' | 'phone' | 'email'>) =>
  visit.user_id === null ? { phone: visit.phone, email: visit.email } : { userId: visit.user_id };

/** Who acts on a visit: its shopper (by session or a signed link to it), or staff. */
export type VisitCaller = { kind: 'shopper'; userId: number } | { kind: 'link'; visitId: number } | { kind: 'staff'; userId: number };

/** Who books: a shopper for themselves (heard of in Telegram or by email), or staff for someone who phoned. */
export type VisitBooker =
  | { kind: 'shopper'; userId: number; channel: 'telegram' | 'email'; language: Language }
  | { kind: 'staff'; userId: number; language: Language };

const PAST_VISITS_SHOWN = 10;
const NEXT_SLOTS_OFFERED = 6;
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

const badStart = (message: string) => new HttpError('bad_request', `Invalid visit: start: ${message}`, { start: message });

/** The slots of [from, to] with a place left, and not already taken by this car. */
async function freeSlots(
  db: Db,
  settings: VisitSettings,
  slots: readonly Slot[],
  carUuid: string,
  exceptVisitId?: number,
): Promise<VisitSlot[]> {
  if (slots.length === 0) return [];
  const from = slots[0]!.start;
  const to = slots.at(-1)!.start;
  const [taken, carStarts] = await Promise.all([countTakenPlaces(db, from, to), carVisitStarts(db, carUuid, from, to, exceptVisitId)]);
  return slots
    .filter((slot) => !carStarts.has(slot.start.getTime()))
    .map((slot) => ({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      placesLeft: settings.capacity - (taken.get(slot.start.getTime()) ?? 0),
    }))
    .filter((slot) => slot.placesLeft > 0);
}

/**
 * Whether someone other than this shopper holds the car now (docs/product/visits.md#holds-and-guests-across-the-product). A visit
 * booked by staff for a caller belongs to nobody's account, so its hold stops everyone but the visit
 * itself (`exceptVisitId`, a hold being moved).
 */
async function heldByAnother(db: Db, carUuid: string, userId: number | null, now: Date, exceptVisitId?: number): Promise<boolean> {
  const hold = await findActiveHold(db, carUuid, now);
  return hold !== undefined && hold.id !== exceptVisitId && (userId === null || hold.user_id !== userId);
}

/** For other features (an application for a car): another shopper's hold refuses it, the shopper's own does not. */
export const carHeldByAnother = (db: Db, carUuid: string, userId: number, now = new Date()): Promise<boolean> =>
  heldByAnother(db, carUuid, userId, now);

/** Why nobody but the holder may book this car now, if so. */
async function carRefusal(db: Db, carUuid: string, userId: number | null, now: Date): Promise<'car_unavailable' | 'car_on_hold' | null> {
  const car = await findDealCar(db, carUuid);
  if (!car) throw notFound('No car with this id.');
  if (car.status !== 'available') return 'car_unavailable';
  return (await heldByAnother(db, carUuid, userId, now)) ? 'car_on_hold' : null;
}

/** GET /api/visits/slots: one car's free slots from one dealer day to another (default today to the horizon). */
export async function visitSlots(
  deps: VisitDeps,
  query: { carUuid: string; from?: string | undefined; to?: string | undefined },
  userId: number | null,
  now = new Date(),
): Promise<VisitSlotsAnswer> {
  const { settings } = await currentVisitSettings(deps.db);
  const answer = { timeZone: deps.timeZone, slotMinutes: settings.slotMinutes };
  const unavailable = await carRefusal(deps.db, query.carUuid, userId, now);
  if (unavailable) return { ...answer, unavailable, slots: [] };
  const today = localDateOf(now, deps.timeZone);
  const from = query.from && query.from > today ? query.from : today;
  const to = query.to ?? addDays(today, settings.horizonDays);
  if (to < from) return { ...answer, unavailable: null, slots: [] };
  const slots = bookableSlots(settings, deps.timeZone, now, from, to);
  return { ...answer, unavailable: null, slots: await freeSlots(deps.db, settings, slots, query.carUuid) };
}

/** The next slots with a place left for this car after a refused start, for the slot_full answer. */
async function nextFreeSlots(deps: VisitDeps, settings: VisitSettings, carUuid: string, after: Date, now: Date, exceptVisitId?: number) {
  const today = localDateOf(now, deps.timeZone);
  const slots = bookableSlots(settings, deps.timeZone, now, today, addDays(today, settings.horizonDays)).filter(
    (slot) => slot.start > after,
  );
  return (await freeSlots(deps.db, settings, slots, carUuid, exceptVisitId)).slice(0, NEXT_SLOTS_OFFERED);
}

const slotFull = (nextSlots: VisitSlot[]) =>
  new HttpError(
    'slot_full',
    nextSlots.length > 0
      ? 'Someone else just took the last place at this time: choose one of the next free times.'
      : 'Someone else just took the last place at this time, and no other time is free for this car now.',
    undefined,
    undefined,
    { nextSlots },
  );

/** The start must be a listed slot the shopper may still book, and a hold must end within 48 hours. */
function checkStart(settings: VisitSettings, deps: VisitDeps, type: VisitRow['type'], start: Date, now: Date): Slot {
  const problem = slotProblem(settings, deps.timeZone, now, start);
  if (problem) throw badStart(visitMessages[problem]);
  const slot = slotAt(settings, start);
  if (type === 'hold' && !holdFits(slot.end, now)) throw badStart(visitMessages.holdTooLong);
  return slot;
}

/** The car is for sale, and nobody else holds it (a moving visit's own hold does not count). */
async function checkCarBookable(db: Db, carUuid: string, userId: number | null, now: Date, exceptVisitId?: number): Promise<void> {
  const car = await lockVisitCar(db, carUuid);
  if (!car) throw notFound('No car with this id.');
  if (car.status !== 'available') throw new HttpError('car_unavailable', 'This car is no longer available: choose another car.');
  if (await heldByAnother(db, carUuid, userId, now, exceptVisitId)) {
    throw new HttpError('car_on_hold', 'Another shopper holds this car until their visit ends: choose another car or come back later.');
  }
}

/** The reminders of a visit at its start, due at their times; each checks the visit still starts then before it is sent. */
async function scheduleReminders(db: Db, visitId: number, start: Date, now: Date): Promise<void> {
  for (const { reminder, at } of reminderSchedule(start, now)) {
    await enqueueOutboxEvent(db, 'visit.reminder', { visitId, reminder, startsAt: start.toISOString() }, at);
  }
}

/** POST /api/visits: books the first free place of the slot, or 409 slot_full with the next free slots. */
export async function bookVisit(deps: VisitDeps, booker: VisitBooker, booking: VisitBooking, now = new Date()): Promise<VisitWithCar> {
  const { settings } = await currentVisitSettings(deps.db);
  const start = new Date(booking.start);
  const slot = checkStart(settings, deps, booking.type, start, now);
  if (booker.kind === 'shopper' && booker.channel === 'email' && booking.email === '') {
    throw new HttpError('bad_request', `Invalid visit: email: ${visitMessages.emailRequired}`, { email: visitMessages.emailRequired });
  }
  const deal: StoredVisitDeal | null = booking.deal
    ? { input: booking.deal, ...(await priceDeal(deps.db, deps.dealerState, booking.carUuid, booking.deal)) }
    : null;
  const shopperId = booker.kind === 'shopper' ? booker.userId : null;
  const id = await deps.db.transaction().execute(async (trx) => {
    await checkCarBookable(trx, booking.carUuid, shopperId, now);
    if ((await carVisitStarts(trx, booking.carUuid, slot.start, slot.start)).size > 0) return null;
    const visit = await insertVisitInFreePlace(
      trx,
      {
        user_id: shopperId,
        car_uuid: booking.carUuid,
        type: booking.type,
        starts_at: slot.start,
        ends_at: slot.end,
        name: booking.name,
        phone: booking.phone,
        email: booking.email === '' ? null : booking.email,
        note: booking.note === '' ? null : booking.note,
        language: booker.language,
        channel: booker.kind === 'shopper' ? booker.channel : booking.email === '' ? 'none' : 'email',
        deal: deal && JSON.stringify(deal),
        booked_by: booker.kind,
        booked_by_user_id: booker.userId,
      },
      settings.capacity,
    );
    if (!visit) return null;
    await enqueueOutboxEvent(trx, 'visit.booked', { visitId: visit.id, startsAt: slot.start.toISOString() });
    await scheduleReminders(trx, visit.id, slot.start, now);
    return visit.id;
  });
  if (id === null) throw slotFull(await nextFreeSlots(deps, settings, booking.carUuid, slot.start, now));
  return loadVisit(deps.db, id);
}

export async function loadVisit(db: Db, id: number): Promise<VisitWithCar> {
  const visit = await findVisit(db, id);
  if (!visit) throw notFound('No visit with this id.');
  return visit;
}

/** A visit this caller may act on: their own, the one their link names, or any for staff. Others' are not found. */
function checkCaller(visit: Pick<VisitRow, 'id' | 'user_id'>, caller: VisitCaller): void {
  const allowed =
    caller.kind === 'staff' ||
    (caller.kind === 'link' && caller.visitId === visit.id) ||
    (caller.kind === 'shopper' && visit.user_id === caller.userId);
  if (!allowed) throw notFound('No visit with this id.');
}

/** A visit this caller may see: GET /api/visits/{id}. */
export async function visitForCaller(db: Db, id: number, caller: VisitCaller): Promise<VisitWithCar> {
  const visit = await loadVisit(db, id);
  checkCaller(visit, caller);
  return visit;
}

const visitClosed = () => new HttpError('visit_closed', 'This visit was cancelled or has already begun: it can no longer be changed.');

const actorOf = (caller: VisitCaller): VisitActor => (caller.kind === 'staff' ? 'staff' : 'shopper');

/** PATCH /api/visits/{id}: another start (and car); the old start's reminders find nothing to send. */
export async function moveVisit(
  deps: VisitDeps,
  caller: VisitCaller,
  id: number,
  move: VisitMove,
  now = new Date(),
): Promise<VisitWithCar> {
  const { settings } = await currentVisitSettings(deps.db);
  const start = new Date(move.start);
  let carUuid = '';
  try {
    const moved = await deps.db.transaction().execute(async (trx) => {
      const visit = await lockVisit(trx, id);
      if (!visit) throw notFound('No visit with this id.');
      checkCaller(visit, caller);
      if (!visitMayChange(visit.status, visit.starts_at, now)) throw visitClosed();
      carUuid = move.carUuid ?? visit.car_uuid;
      const slot = checkStart(settings, deps, visit.type, start, now);
      await checkCarBookable(trx, carUuid, visit.user_id, now, visit.id);
      if ((await carVisitStarts(trx, carUuid, slot.start, slot.start, visit.id)).size > 0) return null;
      const place = await findFreePlace(trx, slot.start, settings.capacity, visit.id);
      if (place === undefined) return null;
      await moveVisitTo(trx, visit.id, { carUuid, startsAt: slot.start, endsAt: slot.end, place });
      await enqueueOutboxEvent(trx, 'visit.changed', {
        visitId: visit.id,
        change: 'moved',
        by: actorOf(caller),
        startsAt: slot.start.toISOString(),
      });
      await scheduleReminders(trx, visit.id, slot.start, now);
      return visit.id;
    });
    if (moved !== null) return loadVisit(deps.db, moved);
  } catch (error) {
    // Another booking took the place this move read as free a moment earlier: the index decided.
    if (!isUniqueViolation(error)) throw error;
  }
  throw slotFull(await nextFreeSlots(deps, settings, carUuid, start, now, id));
}

/** POST /api/visits/{id}/cancel: frees the place (and the car, for a hold); the other side is told. */
export async function cancelVisit(deps: VisitDeps, caller: VisitCaller, id: number, now = new Date()): Promise<VisitWithCar> {
  await deps.db.transaction().execute(async (trx) => {
    const visit = await lockVisit(trx, id);
    if (!visit) throw notFound('No visit with this id.');
    checkCaller(visit, caller);
    if (!visitMayChange(visit.status, visit.starts_at, now)) throw visitClosed();
    await markVisitCancelled(trx, id, actorOf(caller));
    await enqueueOutboxEvent(trx, 'visit.changed', {
      visitId: id,
      change: 'cancelled',
      by: actorOf(caller),
      startsAt: visit.starts_at.toISOString(),
    });
  });
  return loadVisit(deps.db, id);
}

/** PATCH /api/visits/{id}/outcome (staff): how the visit went, once it is booked or under way. */
export async function recordOutcome(db: Db, id: number, outcome: VisitOutcome): Promise<VisitWithCar> {
  await db.transaction().execute(async (trx) => {
    const visit = await lockVisit(trx, id);
    if (!visit) throw notFound('No visit with this id.');
    if (visit.status === 'cancelled') throw visitClosed();
    await recordVisitOutcome(trx, id, outcome);
  });
  return loadVisit(db, id);
}

/** GET /api/visits/mine. */
export async function myVisits(deps: VisitDeps, userId: number, now = new Date()): Promise<MyVisit[]> {
  const visits = await listVisitsOfUser(deps.db, userId, now, PAST_VISITS_SHOWN);
  return visits.map((visit) => toMyVisit(visit, deps.timeZone, now));
}

export function toMyVisit(visit: VisitWithCar, timeZone: string, now = new Date()): MyVisit {
  const cover = carCover(visit);
  return {
    id: visit.id,
    type: visit.type,
    status: visit.status,
    start: visit.starts_at.toISOString(),
    end: visit.ends_at.toISOString(),
    timeZone,
    car: {
      uuid: visit.car_uuid,
      title: carTitle({ year: visit.car_year, brand: visit.car_brand, model: visit.car_model, trim: visit.car_trim }),
      photo: cover?.src ?? null,
      listingState: visit.car_listing_state,
      stockNumber: visit.car_stock_number,
    },
    name: visit.name,
    phone: visit.phone,
    email: visit.email,
    note: visit.note,
    deal: visit.deal && { settingsVersion: visit.deal.settingsVersion, quote: visit.deal.quote },
    mayChange: visitMayChange(visit.status, visit.starts_at, now),
    carGone: visit.car_gone_at !== null && visit.status === 'booked',
  };
}

export function toStaffVisit(visit: VisitWithCar, timeZone: string, now = new Date()): StaffVisit {
  return {
    ...toMyVisit(visit, timeZone, now),
    userId: visit.user_id,
    channel: visit.channel,
    bookedBy: visit.booked_by,
    cancelledBy: visit.cancelled_by,
    bookedAt: visit.created_at.toISOString(),
    updatedAt: visit.updated_at.toISOString(),
  };
}
