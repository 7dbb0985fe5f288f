import { recordStaffVisitTo } from '../applications/lead-work.service.ts';
import type { Db } from '../db/database.ts';
import { findVisit } from './visits.repository.ts';

/**
 * A visit staff confirm answers the shopper's lead (docs/product/visits.md#staff-api-metrics-and-leads): once
 * staff book a visit for a shopper, move one or record how one went, the shopper's application
 * counts it as its first response, unless one is stamped already. The shopper is the visit's
 * account, or, for a visit staff booked for someone who phoned, whoever applied with its phone or
 * email. Visits depend on applications here, never the reverse (docs/architecture.md).
 */
export async function recordStaffVisitResponse(db: Db, visitId: number, now = new Date()): Promise<void> {
  const visit = await findVisit(db, visitId);
  if (!visit) return;
  await recordStaffVisitTo(db, visit.user_id === null ? { phone: visit.phone, email: visit.email } : { userId: visit.user_id }, now);
}
