import { isDeepStrictEqual } from 'node:util';
import type { AdverseActionRejection } from '../../../domain/adverse-action.ts';
import type { ApplicantPatch } from '../../../domain/application.schema.ts';
import { awaitsDecision, staffMayChangeStatus } from '../../../domain/application-status.ts';
import type { ApplicationTrailEvent, ReviewConfirmation, SsnReveal, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { LicenceSide } from '../../../domain/contracts/documents.ts';
import { toPaged, type Paged } from '../../../domain/contracts/paged.ts';
import type { ApplicationStatus } from '../../../domain/enums.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import type { EmploymentRecord } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { findLatestNotice, insertNotice } from '../adverse-action/adverse-action.repository.ts';
import { enqueueOutboxEvent } from '../outbox/outbox.repository.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import {
  type ApplicationsDeps,
  applicationOrThrow,
  openBirthDate,
  openLicenceImage,
  openSsn,
  sealBirthDate,
  sealSsn,
  toStaffApplication,
} from './application-records.service.ts';
import {
  type ApplicationChanges,
  type ApplicationRow,
  findActorName,
  findApplicationByUser,
  insertStatusChange,
  listTrail,
  lockApplication,
  toJsonColumn,
  updateApplication,
} from './applications.repository.ts';
import { recordStaffResponse } from './lead-work.service.ts';

const audit = (db: Db, actor: Viewer, action: string, applicationId: number, details?: Record<string, unknown>) =>
  recordAudit(db, { actorUserId: actor.userId, action, entity: 'application', entityId: applicationId, ...(details ? { details } : {}) });

/** GET /api/applications/user/{userId}: the user's application for staff, the view audited. */
export async function viewUserApplication(
  deps: ApplicationsDeps,
  actor: Viewer,
  userId: number,
  now = new Date(),
): Promise<StaffApplication> {
  const row = await findApplicationByUser(deps.db, userId);
  if (!row) throw notFound('This user has not submitted an application.');
  await audit(deps.db, actor, 'application.viewed', row.id);
  return toStaffApplication(deps, row, now);
}

/** POST /api/applications/{id}/ssn/reveal: the full SSN, each reveal its own audit event. */
export async function revealSsn(deps: ApplicationsDeps, actor: Viewer, applicationId: number): Promise<SsnReveal> {
  const row = await applicationOrThrow(deps.db, applicationId);
  await audit(deps.db, actor, 'application.ssn_revealed', row.id);
  return { ssn: openSsn(deps.pii, row) };
}

/** GET /api/applications/{id}/documents/{side}: the opened photo, the view audited. */
export async function readDocument(
  deps: ApplicationsDeps,
  actor: Viewer,
  applicationId: number,
  side: LicenceSide,
): Promise<{ mime: string; bytes: Buffer }> {
  const row = await applicationOrThrow(deps.db, applicationId);
  const image = await openLicenceImage(deps, row.id, side);
  if (!image) throw notFound(`This application has no ${side} photo of the licence.`);
  await audit(deps.db, actor, 'application.document_viewed', row.id, { side });
  return { mime: image.mime, bytes: image.bytes };
}

const employmentRecord = (employment: ApplicantPatch['currentEmployment']): EmploymentRecord => ({
  employerName: employment.employerName,
  occupation: employment.occupation,
  workPhone: employment.workPhone,
  status: employment.status,
  employerAddress: employment.employerAddress,
  ...(employment.totalMonthsEmployed === undefined ? {} : { totalMonthsEmployed: employment.totalMonthsEmployed }),
});

/**
 * The columns a staff edit changes and the wire names of the fields behind them. A field whose
 * value is the stored one is no change; the SSN and birth date are compared after opening them.
 */
function diffApplicant(pii: PiiCipher, row: ApplicationRow, patch: ApplicantPatch): { changes: ApplicationChanges; fields: string[] } {
  const changes: ApplicationChanges = {};
  const fields: string[] = [];
  const change = (field: string, differs: boolean, set: ApplicationChanges) => {
    if (!differs) return;
    fields.push(field);
    Object.assign(changes, set);
  };
  change('firstName', patch.firstName !== row.first_name, { first_name: patch.firstName });
  change('lastName', patch.lastName !== row.last_name, { last_name: patch.lastName });
  change('suffix', patch.suffix !== row.suffix, { suffix: patch.suffix });
  change('phone', patch.phone !== row.phone, { phone: patch.phone });
  change('email', patch.email !== row.email, { email: patch.email });
  change('maritalStatus', patch.maritalStatus !== row.marital_status, { marital_status: patch.maritalStatus });
  change('monthsAtCurrentAddress', patch.monthsAtCurrentAddress !== row.months_at_current_address, {
    months_at_current_address: patch.monthsAtCurrentAddress,
  });
  change('housingStatus', patch.housingStatus !== row.housing_status, { housing_status: patch.housingStatus });
  change('mortgageOrRentAmount', patch.mortgageOrRentAmount !== row.mortgage_or_rent_amount, {
    mortgage_or_rent_amount: patch.mortgageOrRentAmount,
  });
  change('address', !isDeepStrictEqual(patch.address, row.address), { address: JSON.stringify(patch.address) });
  change('previousAddress', !isDeepStrictEqual(patch.previousAddress, row.previous_address), {
    previous_address: toJsonColumn(patch.previousAddress),
  });
  change('income', patch.income !== row.income, { income: patch.income });
  change('incomeFrequency', patch.incomeFrequency !== row.income_frequency, { income_frequency: patch.incomeFrequency });
  change('otherIncomeSource', patch.otherIncomeSource !== row.other_income_source, { other_income_source: patch.otherIncomeSource });
  change('otherIncomeAmount', patch.otherIncomeAmount !== row.other_income_amount, { other_income_amount: patch.otherIncomeAmount });
  const current = employmentRecord(patch.currentEmployment);
  change('currentEmployment', !isDeepStrictEqual(current, row.current_employment), { current_employment: JSON.stringify(current) });
  const previous = patch.previousEmployment === null ? null : employmentRecord(patch.previousEmployment);
  change('previousEmployment', !isDeepStrictEqual(previous, row.previous_employment), { previous_employment: toJsonColumn(previous) });
  // Absent keeps the stored SSN (the form showed it masked); null clears it; nine digits replace it.
  if (patch.ssn !== undefined) {
    change('ssn', patch.ssn !== openSsn(pii, row), {
      ssn_encrypted: patch.ssn === null ? null : sealSsn(pii, patch.ssn),
      ssn_last4: patch.ssn === null ? null : patch.ssn.slice(-4),
    });
  }
  const storedBirthDate = openBirthDate(pii, row);
  change('dateOfBirth', patch.dateOfBirth !== storedBirthDate, {
    date_of_birth_encrypted: patch.dateOfBirth === null ? null : sealBirthDate(pii, patch.dateOfBirth),
  });
  return { changes, fields };
}

/** PATCH /api/applications/applicant: staff correct the applicant's fields; the audit names the fields, never their values. */
export async function editApplicant(
  deps: ApplicationsDeps,
  actor: Viewer,
  patch: ApplicantPatch,
  now = new Date(),
): Promise<StaffApplication> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const stored = await lockApplication(trx, patch.applicationId);
    if (!stored) throw notFound('This application does not exist.');
    const { changes, fields } = diffApplicant(deps.pii, stored, patch);
    if (fields.length === 0) return stored;
    const updated = await updateApplication(trx, stored.id, changes);
    await audit(trx, actor, 'application.edited', stored.id, { fields });
    return updated;
  });
  return toStaffApplication(deps, row, now);
}

/**
 * The lender's signed decision (lender/lender.service.ts) as the one who changes a status: it may
 * only decide an application in review, and its reference is kept on the application.
 */
export interface LenderDecisionActor {
  via: 'lender';
  reference: string;
}

/**
 * PATCH /api/applications/{id}/status: any status to any other (docs/product/submission.md#submission-and-statuses), with history, audit and a notification.
 * A lender decision goes the same way, with no staff member as actor (the audit says it was the lender).
 * A rejection with its reasons also records the adverse-action notice and queues its delivery
 * (docs/product/notices.md#adverse-action-notices); a rejection still without a notice may be given one.
 */
export async function changeStatus(
  deps: ApplicationsDeps,
  actor: Viewer | LenderDecisionActor,
  applicationId: number,
  status: ApplicationStatus,
  rejection: AdverseActionRejection | null = null,
  now = new Date(),
): Promise<StaffApplication> {
  const lender = actor.via === 'lender' ? actor : undefined;
  const actorUserId = actor.via === 'lender' ? null : actor.userId;
  const row = await deps.db.transaction().execute(async (trx) => {
    const stored = await lockApplication(trx, applicationId);
    if (!stored) throw notFound('This application does not exist.');
    if (lender && !awaitsDecision(stored.status))
      throw new HttpError('conflict', `This application is ${stored.status}, not in review: the lender's decision does not apply.`);
    const noticeOwed = status === 'rejected' && rejection !== null && !(await findLatestNotice(trx, stored.id));
    if (stored.status === status && !noticeOwed) return stored;
    // docs/product/submission.md#submission-and-statuses: a withdrawn application was taken back by its applicant; nobody decides it.
    if (!staffMayChangeStatus(stored.status))
      throw new HttpError('conflict', 'The applicant withdrew this application, so its status no longer changes.');
    const audit = (action: string, details: Record<string, unknown>) =>
      recordAudit(trx, {
        actorUserId,
        action,
        entity: 'application',
        entityId: stored.id,
        details: { ...details, ...(lender ? { actor: 'lender', reference: lender.reference } : {}) },
      });
    let updated = stored;
    if (stored.status !== status) {
      updated = await updateApplication(trx, stored.id, { status, ...(lender ? { lender_reference: lender.reference } : {}) });
      await insertStatusChange(trx, stored.id, stored.status, status, actorUserId);
      if (!lender) await recordStaffResponse(trx, stored.id, now);
      await audit('application.status_changed', { from: stored.status, to: status });
      await enqueueOutboxEvent(trx, 'application.status_changed', {
        applicationId: stored.id,
        userId: stored.user_id,
        from: stored.status,
        to: status,
      });
    }
    if (rejection && status === 'rejected') {
      const notice = await insertNotice(trx, stored.id, stored.user_id, rejection);
      await audit('application.adverse_action_notice_issued', {
        noticeId: notice.id,
        reasons: rejection.reasons,
        creditReportUsed: rejection.creditReport !== null,
      });
      await enqueueOutboxEvent(trx, 'application.adverse_action', {
        applicationId: stored.id,
        userId: stored.user_id,
        noticeId: notice.id,
      });
    }
    return updated;
  });
  return toStaffApplication(deps, row, now);
}

/** GET /api/applications/{id}/history: the audit trail, newest first; reading it is itself recorded. */
export async function applicationTrail(
  deps: ApplicationsDeps,
  actor: Viewer,
  applicationId: number,
  page: number,
  limit: number,
): Promise<Paged<ApplicationTrailEvent>> {
  const row = await applicationOrThrow(deps.db, applicationId);
  await audit(deps.db, actor, 'application.history_viewed', row.id);
  const { events, total } = await listTrail(deps.db, { applicationId: row.id, page, limit });
  return toPaged(events, total, page, limit);
}

/**
 * POST /api/applications/{id}/review: the detail page's Confirm (docs/product/staff-dashboard.md#application-detail). It
 * records that this staff member has gone through the application, so the history shows who
 * reviewed it and when, whatever its status.
 */
export async function confirmReview(
  deps: ApplicationsDeps,
  actor: Viewer,
  applicationId: number,
  now = new Date(),
): Promise<ReviewConfirmation> {
  const row = await applicationOrThrow(deps.db, applicationId);
  await audit(deps.db, actor, 'application.reviewed', row.id, { status: row.status });
  return { applicationId: row.id, at: now.toISOString(), by: { id: actor.userId, name: await findActorName(deps.db, actor.userId) } };
}
