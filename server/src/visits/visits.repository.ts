import { sql, type Insertable, type Selectable, type UpdateObject } from 'kysely';
import type { VisitMessageKind } from '../../../domain/visits/visit-rules.ts';
import type { VisitActor, VisitOutcome } from '../../../domain/visits/visit.schema.ts';
import { carCoverColumns, type carCover } from '../cars/cars.repository.ts';
import type { Db } from '../db/database.ts';
import type { CarListingState } from '../../../domain/enums.ts';
import type { Database, VisitsTable } from '../db/schema.ts';

export type VisitRow = Selectable<VisitsTable>;

/** A visit with what its screens show of its car. */
export type VisitWithCar = VisitRow &
  Parameters<typeof carCover>[0] & {
    car_brand: string;
    car_model: string;
    car_year: number;
    car_trim: string | null;
    car_stock_number: string | null;
    car_listing_state: CarListingState;
  };

const withCar = (db: Db) =>
  db
    .selectFrom('visits')
    .innerJoin('cars', 'cars.uuid', 'visits.car_uuid')
    .selectAll('visits')
    .select([
      'cars.brand as car_brand',
      'cars.model as car_model',
      'cars.year as car_year',
      'cars.trim as car_trim',
      'cars.stock_number as car_stock_number',
      'cars.listing_state as car_listing_state',
      ...carCoverColumns,
    ]);

export async function findVisit(db: Db, id: number): Promise<VisitWithCar | undefined> {
  return withCar(db).where('visits.id', '=', id).executeTakeFirst();
}

/** Locks a visit for a change (move, cancel, outcome), so two changes of one visit take turns. */
export async function lockVisit(db: Db, id: number): Promise<VisitRow | undefined> {
  return db.selectFrom('visits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A shopper's visits: those still ahead first (soonest first), then up to `pastLimit` past or cancelled ones, newest first. */
export async function listVisitsOfUser(db: Db, userId: number, now: Date, pastLimit: number): Promise<VisitWithCar[]> {
  const [ahead, past] = await Promise.all([
    withCar(db)
      .where('visits.user_id', '=', userId)
      .where('visits.status', '=', 'booked')
      .where('visits.ends_at', '>', now)
      .orderBy('visits.starts_at')
      .execute(),
    withCar(db)
      .where('visits.user_id', '=', userId)
      .where((eb) => eb.or([eb('visits.status', '<>', 'booked'), eb('visits.ends_at', '<=', now)]))
      .orderBy('visits.starts_at', 'desc')
      .limit(pastLimit)
      .execute(),
  ]);
  return [...ahead, ...past];
}

/** The visits that begin in [from, to), by time, for the staff calendar. */
export async function listVisitsBetween(
  db: Db,
  from: Date,
  to: Date,
  filter: { type?: VisitsTable['type']; carUuid?: string; userId?: number },
): Promise<VisitWithCar[]> {
  let query = withCar(db).where('visits.starts_at', '>=', from).where('visits.starts_at', '<', to);
  if (filter.type) query = query.where('visits.type', '=', filter.type);
  if (filter.carUuid) query = query.where('visits.car_uuid', '=', filter.carUuid);
  if (filter.userId) query = query.where('visits.user_id', '=', filter.userId);
  return query.orderBy('visits.starts_at').orderBy('visits.id').execute();
}

/** How many places each slot start in [from, to] has taken (cancelled visits free theirs). */
export async function countTakenPlaces(db: Db, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('visits')
    .select(['starts_at', (eb) => eb.fn.countAll<string>().as('taken')])
    .where('status', '<>', 'cancelled')
    .where('starts_at', '>=', from)
    .where('starts_at', '<=', to)
    .groupBy('starts_at')
    .execute();
  return new Map(rows.map((row) => [row.starts_at.getTime(), Number(row.taken)]));
}

/** The starts in [from, to] at which this car has a visit already (a car takes one a slot). */
export async function carVisitStarts(db: Db, carUuid: string, from: Date, to: Date, exceptVisitId?: number): Promise<Set<number>> {
  let query = db
    .selectFrom('visits')
    .select('starts_at')
    .where('car_uuid', '=', carUuid)
    .where('status', '<>', 'cancelled')
    .where('starts_at', '>=', from)
    .where('starts_at', '<=', to);
  if (exceptVisitId !== undefined) query = query.where('id', '<>', exceptVisitId);
  return new Set((await query.execute()).map((row) => row.starts_at.getTime()));
}

/** The hold on a car now, if any: a booked hold whose visit has not ended. */
export async function findActiveHold(
  db: Db,
  carUuid: string,
  now: Date,
): Promise<Pick<VisitRow, 'id' | 'user_id' | 'ends_at'> | undefined> {
  return db
    .selectFrom('visits')
    .select(['id', 'user_id', 'ends_at'])
    .where('car_uuid', '=', carUuid)
    .where('type', '=', 'hold')
    .where('status', '=', 'booked')
    .where('ends_at', '>', now)
    .orderBy('ends_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type NewVisit = Omit<Insertable<VisitsTable>, 'place' | 'id' | 'status' | 'created_at' | 'updated_at'>;

/**
 * Books the first free place of the slot, up to `capacity`, or answers undefined when every place is
 * taken. The partial unique index on (starts_at, place) decides a race for the last place: the
 * loser's insert does nothing and it tries the next place, until there is none.
 */
export async function insertVisitInFreePlace(db: Db, visit: NewVisit, capacity: number): Promise<VisitRow | undefined> {
  for (let place = 1; place <= capacity; place += 1) {
    const inserted = await db
      .insertInto('visits')
      .values({ ...visit, place })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return inserted;
  }
  return undefined;
}

/** The first place of a slot nobody else holds, for a visit moving there; undefined when full. */
export async function findFreePlace(db: Db, startsAt: Date, capacity: number, exceptVisitId: number): Promise<number | undefined> {
  const taken = await db
    .selectFrom('visits')
    .select('place')
    .where('starts_at', '=', startsAt)
    .where('status', '<>', 'cancelled')
    .where('id', '<>', exceptVisitId)
    .execute();
  const used = new Set(taken.map((row) => row.place));
  for (let place = 1; place <= capacity; place += 1) if (!used.has(place)) return place;
  return undefined;
}

/** Changes one visit, stamping the change, and answers the visit as it now stands. */
const updateVisit = (db: Db, id: number, changes: UpdateObject<Database, 'visits'>): Promise<VisitRow> =>
  db
    .updateTable('visits')
    .set({ ...changes, updated_at: sql`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();

/**
 * Moves a visit to another start (and car). A second mover who read the same free place a moment
 * earlier fails on the unique index, which the service answers as a full slot. A deal was priced for
 * the car it names, so it stays only while the car does.
 */
export async function moveVisitTo(
  db: Db,
  id: number,
  to: { carUuid: string; startsAt: Date; endsAt: Date; place: number },
): Promise<VisitRow> {
  return updateVisit(db, id, {
    car_uuid: to.carUuid,
    starts_at: to.startsAt,
    ends_at: to.endsAt,
    place: to.place,
    deal: sql<string | null>`case when car_uuid = ${to.carUuid} then deal end`,
    car_gone_at: null,
  });
}

export async function markVisitCancelled(db: Db, id: number, by: VisitActor): Promise<VisitRow> {
  return updateVisit(db, id, { status: 'cancelled', cancelled_by: by, cancelled_at: sql`now()` });
}

export async function recordVisitOutcome(db: Db, id: number, outcome: VisitOutcome): Promise<VisitRow> {
  return updateVisit(db, id, { status: outcome, outcome_at: sql`now()` });
}

interface VisitMessageClaim {
  visitId: number;
  message: VisitMessageKind;
  startsAt: Date;
  eventId: number;
}

/**
 * Records that a message about a visit is being sent for this start (a move: for this move, the
 * outbox event carrying it; any other message: event 0); false when it was already (a replayed
 * delivery, another instance). Written before sending, undone if sending fails.
 */
export async function claimVisitMessage(db: Db, claim: VisitMessageClaim): Promise<boolean> {
  const claimed = await db
    .insertInto('visit_messages_sent')
    .values({ visit_id: claim.visitId, message: claim.message, starts_at: claim.startsAt, event_id: claim.eventId })
    .onConflict((oc) => oc.doNothing())
    .returning('visit_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function releaseVisitMessage(db: Db, claim: VisitMessageClaim): Promise<void> {
  await db
    .deleteFrom('visit_messages_sent')
    .where('visit_id', '=', claim.visitId)
    .where('message', '=', claim.message)
    .where('starts_at', '=', claim.startsAt)
    .where('event_id', '=', claim.eventId)
    .execute();
}

/** Every visit of one shopper for the staff (their application page), the latest `limit` by start, oldest first. */
export async function listAllVisitsOfUser(
  db: Db,
  userId: number,
  filter: { type?: VisitsTable['type']; carUuid?: string },
  limit: number,
): Promise<VisitWithCar[]> {
  let query = withCar(db).where('visits.user_id', '=', userId);
  if (filter.type) query = query.where('visits.type', '=', filter.type);
  if (filter.carUuid) query = query.where('visits.car_uuid', '=', filter.carUuid);
  const latest = await query.orderBy('visits.starts_at', 'desc').orderBy('visits.id', 'desc').limit(limit).execute();
  return latest.reverse();
}

/**
 * Erases the contact details (name, phone, email, note) of up to `limit` visits that ended before
 * `endedBefore` and still keep some; answers how many it erased. What the visit was (car, time,
 * outcome) stays for the figures.
 */
export async function eraseEndedVisitContacts(db: Db, endedBefore: Date, limit: number): Promise<number> {
  const due = await db
    .selectFrom('visits')
    .select('id')
    .where('ends_at', '<', endedBefore)
    .where((eb) => eb.or([eb('name', '<>', ''), eb('phone', '<>', ''), eb('email', 'is not', null), eb('note', 'is not', null)]))
    .orderBy('ends_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  if (due.length === 0) return 0;
  await db
    .updateTable('visits')
    .set({ name: '', phone: '', email: null, note: null, updated_at: sql`now()` })
    .where(
      'id',
      'in',
      due.map((row) => row.id),
    )
    .execute();
  return due.length;
}

/** A guest's visits, and those it booked, to the user they signed in as (applications/guest-merge.service.ts). */
export async function moveVisitsToUser(db: Db, guestId: number, userId: number): Promise<void> {
  await db
    .updateTable('visits')
    .set({ user_id: userId, updated_at: sql`now()` })
    .where('user_id', '=', guestId)
    .execute();
  await db.updateTable('visits').set({ booked_by_user_id: userId }).where('booked_by_user_id', '=', guestId).execute();
}

/** How many times a message of this kind went out for the visit (each move's message counts one: the calendar file's SEQUENCE). */
export async function countVisitMessages(db: Db, visitId: number, message: VisitMessageKind): Promise<number> {
  const { sent } = await db
    .selectFrom('visit_messages_sent')
    .select((eb) => eb.fn.countAll<string>().as('sent'))
    .where('visit_id', '=', visitId)
    .where('message', '=', message)
    .executeTakeFirstOrThrow();
  return Number(sent);
}

/** Marks a car's booked visits as waiting for another car since `carGoneAt`, or no longer (null), stamping the change. */
const setCarGone = (db: Db, carUuid: string, carGoneAt: Date | null) =>
  db
    .updateTable('visits')
    .set({ car_gone_at: carGoneAt, updated_at: sql`now()` })
    .where('car_uuid', '=', carUuid)
    .where('status', '=', 'booked');

/**
 * The car of these visits left sale: each booked visit still ahead that was not marked yet is marked
 * now, and answered, so each is told once however often the car's change is delivered.
 */
export async function markCarGoneVisits(db: Db, carUuid: string, now: Date): Promise<Pick<VisitRow, 'id' | 'starts_at'>[]> {
  return setCarGone(db, carUuid, now)
    .where('starts_at', '>', now)
    .where('car_gone_at', 'is', null)
    .returning(['id', 'starts_at'])
    .execute();
}

/** The car is on sale again: its booked visits no longer wait for another car. */
export async function clearCarGoneVisits(db: Db, carUuid: string): Promise<void> {
  await setCarGone(db, carUuid, null).where('car_gone_at', 'is not', null).execute();
}
