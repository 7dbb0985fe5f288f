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

/**
 * Erases the personal data of these applications (docs/product/retention.md#data-retention): every answer
 * counting the application does not need (SSN, birth date, marital status, housing status and
 * payment, months at the address, addresses, income, its frequency and other income, employment),
 * the fingerprint of the submitted request, which was computed from those answers, and the licence
 * photos (rows and content). Status, dates, car, decision, consents, name and contact stay, so the
 * metrics still count the application and staff can tell whose record it is. Returns the ids it
 * erased; an id already erased is skipped.
 */
export async function eraseApplications(db: Db, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const erased = await db
    .updateTable('applications')
    .set({
      ssn_encrypted: null,
      ssn_last4: null,
      date_of_birth_encrypted: null,
      marital_status: null,
      housing_status: null,
      months_at_current_address: null,
      income: null,
      income_frequency: null,
      other_income_source: null,
      other_income_amount: null,
      mortgage_or_rent_amount: null,
      address: null,
      previous_address: null,
      current_employment: null,
      previous_employment: null,
      idempotency_fingerprint: null,
      erased_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', 'in', ids)
    .where('erased_at', 'is', null)
    .returning('id')
    .execute();
  const erasedIds = erased.map((row) => row.id);
  if (erasedIds.length > 0) await db.deleteFrom('application_documents').where('application_id', 'in', erasedIds).execute();
  return erasedIds;
}
