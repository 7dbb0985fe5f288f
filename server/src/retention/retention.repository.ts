import { sql } from 'kysely';
import { DECIDED_APPLICATION_STATUSES, type ApplicationStatus } from '../../../domain/enums.ts';
import type { Db } from '../db/database.ts';

/**
 * When an application was decided: its last change to the status it has now, if that status ends
 * the review (docs/product/retention.md#data-retention). In review, it has no such time and is never due.
 */
const decidedAt = sql<Date>`(
  select max(h.changed_at) from application_status_history h
  where h.application_id = applications.id and h.to_status = applications.status)`;

/** What the retention due list shows of an application: no personal data. */
export interface ErasureCandidate {
  applicationId: number;
  userId: number;
  status: ApplicationStatus;
  decidedAt: Date;
}

/**
 * Decided applications whose personal data is still kept, the longest decided first; only those
 * decided before `decidedBefore` when it is given (the ones due now).
 */
export async function listErasureCandidates(db: Db, limit: number, decidedBefore?: Date): Promise<ErasureCandidate[]> {
  let query = db
    .selectFrom('applications')
    .select(['id as applicationId', 'user_id as userId', 'status', decidedAt.as('decidedAt')])
    .where('erased_at', 'is', null)
    .where('status', 'in', DECIDED_APPLICATION_STATUSES)
    .orderBy(decidedAt)
    .orderBy('id')
    .limit(limit);
  if (decidedBefore) query = query.where(decidedAt, '<', decidedBefore);
  const rows = await query.execute();
  // A decided status always has its history row (the status changes write both in one transaction).
  return rows.filter((row): row is ErasureCandidate => row.decidedAt !== null);
}
