import type { StaffVisit, StaffVisitsAnswer, StaffVisitsQuery } from '../../../domain/contracts/visits.ts';
import type { VisitOutcome } from '../../../domain/visits/visit.schema.ts';
import { addDays, localDateOf, wallClockInstant } from '../../../domain/visits/visit-slots.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { Viewer } from '../http/viewer.ts';
import { listAllVisitsOfUser, listVisitsBetween, type VisitWithCar } from './visits.repository.ts';
import { recordOutcome, shopperOfVisit, toStaffVisit, type StaffVisitAnswered } from './visits.service.ts';

/**
 * The staff side of visits (docs/product/visits.md#staff-api-metrics-and-leads): the calendar of a day or a
 * week on the dealer's wall clock, a shopper's visits, and the outcome staff record.
 */

export interface CalendarDeps {
  db: Db;
  /** The dealer's TIMEZONE, whose days the calendar shows. */
  timeZone: string;
  /** An outcome staff record answers the shopper's lead. */
  staffAnswered: StaffVisitAnswered;
}

/** A shopper's visits the staff see at most, the latest. */
const SHOPPER_VISITS_LISTED = 200;
const DAY_MINUTES = 24 * 60;
/** The steps a skipped midnight is looked past in: every daylight-saving change is a whole quarter hour. */
const QUARTER_HOUR = 15;

/**
 * The first instant of one of the dealer's days: midnight, or where a zone that skips midnight
 * (its clock springs from 23:59 to 01:00) starts the day. A day is 23 or 25 hours at a change.
 */
function dayStart(date: string, timeZone: string): Date {
  for (let minutes = 0; minutes < DAY_MINUTES; minutes += QUARTER_HOUR) {
    const instant = wallClockInstant(date, minutes, timeZone);
    if (instant) return instant;
  }
  throw new Error(`The day ${date} has no hour in ${timeZone}.`);
}

/**
 * GET /api/visits: the visits that begin on the dealer's day `date` (today by default) or in the
 * seven days from it, by time; a shopper's whole list (the latest 200) when `userId` comes without
 * a date, `from` and `to` then spanning them (both now when there are none).
 */
export async function staffVisits(deps: CalendarDeps, query: StaffVisitsQuery, now = new Date()): Promise<StaffVisitsAnswer> {
  const answer = (from: Date, to: Date, visits: VisitWithCar[]): StaffVisitsAnswer => ({
    timeZone: deps.timeZone,
    from: from.toISOString(),
    to: to.toISOString(),
    items: visits.map((visit) => toStaffVisit(visit, deps.timeZone, now)),
  });
  if (query.userId !== undefined && query.date === undefined) {
    const visits = await listAllVisitsOfUser(deps.db, query.userId, { type: query.type, carUuid: query.carUuid }, SHOPPER_VISITS_LISTED);
    const first = visits[0]?.starts_at ?? now;
    const last = visits.length === 0 ? now : new Date(Math.max(...visits.map((visit) => visit.ends_at.getTime())));
    return answer(first, last, visits);
  }
  const date = query.date ?? localDateOf(now, deps.timeZone);
  const from = dayStart(date, deps.timeZone);
  const to = dayStart(addDays(date, query.range === 'week' ? 7 : 1), deps.timeZone);
  return answer(from, to, await listVisitsBetween(deps.db, from, to, query));
}

/**
 * PATCH /api/visits/{id}/outcome: how the visit went (409 visit_closed once cancelled), audited;
 * it answers the shopper's lead if nothing has yet.
 */
export async function recordStaffOutcome(
  deps: CalendarDeps,
  actor: Viewer,
  id: number,
  outcome: VisitOutcome,
  now = new Date(),
): Promise<StaffVisit> {
  const visit = await recordOutcome(deps.db, id, outcome);
  await deps.db.transaction().execute(async (trx) => {
    await recordAudit(trx, { actorUserId: actor.userId, action: 'visit.outcome', entity: 'visit', entityId: id, details: { outcome } });
    await deps.staffAnswered(trx, shopperOfVisit(visit), now);
  });
  return toStaffVisit(visit, deps.timeZone, now);
}
