import { createHmac, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { ApplicantPatch, DealerBlock } from '../../../domain/application.schema.ts';
import type { Submission } from '../../../domain/application-submission.schema.ts';
import { findConsentProblems } from '../../../domain/consents.ts';
import type { ApplicationTrailEvent, MyApplication, ReviewConfirmation, SsnReveal, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { LicenceSide } from '../../../domain/contracts/documents.ts';
import { toPaged, type Paged } from '../../../domain/contracts/paged.ts';
import type { ApplicationStatus } from '../../../domain/enums.ts';
import { formatSsnMasked } from '../../../domain/format.ts';
import { validationMessages as m } from '../../../domain/messages.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { EmploymentRecord } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { enqueueOutboxEvent } from '../outbox/outbox.repository.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import { completeGuestProfile } from '../users/users.repository.ts';
import {
  type ApplicationChanges,
  type ApplicationRow,
  attachDocuments,
  carExists,
  findApplicationById,
  findApplicationByIdempotencyKey,
  findApplicationByUser,
  findActorName,
  findApplicationCar,
  findDocumentContent,
  findUnattachedDocuments,
  insertApplication,
  insertConsents,
  insertStatusChange,
  isCarAvailable,
  listConsents,
  listDocuments,
  listStatusHistory,
  listTrail,
  lockApplicant,
  lockApplicationOfUser,
  toStatusChanges,
  updateApplication,
} from './applications.repository.ts';
import { REG_B_DAYS } from '../../../domain/constants.ts';
import { DOCUMENT_CONTENT_CONTEXT } from './documents.service.ts';
import { deleteDraft } from './drafts.repository.ts';

const DAY_MS = 86_400_000;

/**
 * Bound into each sealed value, so a ciphertext copied into another column fails to open. Columns,
 * not rows: the guest merge moves an application to another user by changing user_id alone.
 */
const SSN_CONTEXT = { context: 'applications.ssn_encrypted' };
const BIRTH_DATE_CONTEXT = { context: 'applications.date_of_birth_encrypted' };

export interface ApplicationsDeps {
  db: Db;
  pii: PiiCipher;
}

interface SubmissionDeps extends ApplicationsDeps {
  dealer: Config['dealer'];
  /** Keys the request fingerprints kept beside idempotency keys. */
  fingerprintSecret: string;
}

const regBDueAt = (submittedAt: Date) => new Date(submittedAt.getTime() + REG_B_DAYS * DAY_MS);

/** Applications submitted before this instant and still in review are past the Regulation B deadline at `now`. */
export const regBOverdueBefore = (now: Date) => new Date(now.getTime() - REG_B_DAYS * DAY_MS);

const toJson = (value: unknown) => (value === null ? null : JSON.stringify(value));

export async function loadMyApplication(db: Db, userId: number): Promise<MyApplication | undefined> {
  const row = await findApplicationByUser(db, userId);
  if (!row) return undefined;
  const [car, history] = await Promise.all([findApplicationCar(db, row.car_uuid), listStatusHistory(db, row.id)]);
  return {
    id: row.id,
    status: row.status,
    submittedAt: row.submitted_at.toISOString(),
    car,
    history: toStatusChanges(history),
    regBDueAt: regBDueAt(row.submitted_at).toISOString(),
  };
}

function fingerprint(secret: string, submission: Submission): string {
  return createHmac('sha256', secret).update(`application-submission\n${JSON.stringify(submission)}`).digest('hex');
}

/** The consents stand in the way: a required one missing is 400, one given for an older text 409. */
function checkConsents(submission: Submission): void {
  const { missing, outdated } = findConsentProblems(submission.consents);
  if (missing.length > 0) {
    const fields = Object.fromEntries(missing.map(({ kind, message }) => [`consents.${kind}`, message]));
    throw new HttpError('bad_request', `Invalid application: ${missing.map(({ message }) => message).join(' ')}`, fields);
  }
  if (outdated.length > 0) {
    const fields = Object.fromEntries(outdated.map((kind) => [`consents.${kind}`, m.consentOutdated]));
    throw new HttpError('consent_outdated', `These consent texts have changed since they were read: ${outdated.join(', ')}. Show the current texts (GET /api/applications/consents) and ask again.`, fields);
  }
}

/** Both photos must be the applicant's own, unused uploads of the side they stand for. */
async function checkPhotos(db: Db, userId: number, images: Submission['images']): Promise<number[]> {
  if (images.front === images.back) {
    throw new HttpError('bad_request', 'The front and the back of the licence must be two different photos.', { 'images.back': m.licensePhotoNotUploaded });
  }
  const own = await findUnattachedDocuments(db, userId, [images.front, images.back]);
  const fields: Record<string, string> = {};
  for (const side of ['front', 'back'] as const) {
    if (!own.some((doc) => doc.id === images[side] && doc.side === side)) fields[`images.${side}`] = m.licensePhotoNotUploaded;
  }
  if (Object.keys(fields).length > 0) {
    throw new HttpError('bad_request', `Invalid application: the licence photos must be your own uploads (${Object.keys(fields).join(', ')}), uploaded as that side and not used before.`, fields);
  }
  return [images.front, images.back];
}

function toNewRow(deps: SubmissionDeps, submission: Submission, idempotencyKey: string, idempotencyFingerprint: string) {
  const { applicant } = submission.application;
  const dealer: DealerBlock = { ...deps.dealer, experience: 'Standalone', correlationId: randomUUID() };
  return {
    user_id: submission.userId,
    car_uuid: submission.carId,
    first_name: applicant.firstName,
    last_name: applicant.lastName,
    suffix: applicant.suffix,
    email: applicant.email,
    phone: applicant.phone,
    ssn_encrypted: deps.pii.encrypt(applicant.ssn, SSN_CONTEXT),
    ssn_last4: applicant.ssn.slice(-4),
    date_of_birth_encrypted: deps.pii.encrypt(applicant.dateOfBirth, BIRTH_DATE_CONTEXT),
    marital_status: applicant.maritalStatus,
    consent_given: applicant.consentGiven,
    housing_status: applicant.housingStatus,
    mortgage_or_rent_amount: applicant.mortgageOrRentAmount,
    months_at_current_address: applicant.monthsAtCurrentAddress,
    address: JSON.stringify(applicant.address),
    previous_address: toJson(applicant.previousAddress),
    income: applicant.income,
    income_frequency: applicant.incomeFrequency,
    other_income_source: applicant.otherIncomeSource,
    other_income_amount: applicant.otherIncomeAmount,
    current_employment: JSON.stringify(applicant.currentEmployment),
    previous_employment: toJson(applicant.previousEmployment),
    no_previous_employment: applicant.noPreviousEmployment,
    dealer: JSON.stringify(dealer),
    idempotency_key: idempotencyKey,
    idempotency_fingerprint: idempotencyFingerprint,
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

export interface SubmissionResult {
  application: MyApplication;
  /** True when the Idempotency-Key was used before with this very request: nothing new was stored. */
  replayed: boolean;
}

/**
 * POST /api/applications. Everything lands in one transaction or nothing does: the application
 * (SSN and birth date sealed), its photos attached, the consents with their versions, the first
 * status, an audit event, the draft deleted, the guest's profile completed and an outbox event
 * for the bot. The applicant's user row is locked first, so two submissions of one person run one
 * after the other and the second sees the first.
 */
export async function submitApplication(deps: SubmissionDeps, viewer: Viewer, idempotencyKey: string, submission: Submission): Promise<SubmissionResult> {
  if (submission.userId !== viewer.userId) throw new HttpError('forbidden', 'userId must be your own user id: an application is submitted by the applicant.');
  const requestFingerprint = fingerprint(deps.fingerprintSecret, submission);
  const applicationId = await deps.db
    .transaction()
    .execute(async (trx) => {
      await lockApplicant(trx, viewer.userId);
      const sameKey = await findApplicationByIdempotencyKey(trx, idempotencyKey);
      if (sameKey) {
        if (sameKey.user_id === viewer.userId && sameKey.idempotency_fingerprint === requestFingerprint) return { id: sameKey.id, replayed: true };
        throw keyReused();
      }
      const existing = await findApplicationByUser(trx, viewer.userId);
      if (existing) throw new HttpError('application_exists', 'You have already submitted an application; its status is in the app.', undefined, existing.id);
      checkConsents(submission);
      const photos = await checkPhotos(trx, viewer.userId, submission.images);
      if (submission.carId !== null && !(await carExists(trx, submission.carId))) {
        throw new HttpError('bad_request', 'Invalid application: this car is no longer in the catalogue; choose another or apply without one.', { carId: m.invalidValue });
      }

      const row = await insertApplication(trx, toNewRow(deps, submission, idempotencyKey, requestFingerprint));
      await attachDocuments(trx, row.id, photos);
      await insertConsents(trx, row.id, submission.consents);
      await insertStatusChange(trx, row.id, null, row.status, null);
      await recordAudit(trx, {
        actorUserId: viewer.userId,
        action: 'application.submitted',
        entity: 'application',
        entityId: row.id,
        details: { consents: submission.consents.map((consent) => consent.kind) },
      });
      await deleteDraft(trx, viewer.userId);
      const { applicant } = submission.application;
      await completeGuestProfile(trx, viewer.userId, { first_name: applicant.firstName, last_name: applicant.lastName, email: applicant.email, phone: applicant.phone });
      await enqueueOutboxEvent(trx, 'application.submitted', { applicationId: row.id, userId: viewer.userId });
      return { id: row.id, replayed: false };
    })
    .catch((error: unknown) => {
      // Another user's request took the same key at the same moment (the user lock cannot see it).
      if (isUniqueViolation(error)) throw keyReused();
      throw error;
    });
  const application = await loadMyApplication(deps.db, viewer.userId);
  if (!application || application.id !== applicationId.id) throw keyReused();
  return { application, replayed: applicationId.replayed };
}

const keyReused = () =>
  new HttpError('idempotency_key_reused', 'This Idempotency-Key was already used for another request. Use a new key for a new submission.');

async function toStaffApplication({ db, pii }: ApplicationsDeps, row: ApplicationRow, now: Date): Promise<StaffApplication> {
  const [car, documents, consents, history] = await Promise.all([
    findApplicationCar(db, row.car_uuid),
    listDocuments(db, row.id),
    listConsents(db, row.id),
    listStatusHistory(db, row.id),
  ]);
  const due = regBDueAt(row.submitted_at);
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    carId: row.car_uuid,
    firstName: row.first_name,
    lastName: row.last_name,
    suffix: row.suffix,
    phone: row.phone,
    ssnMasked: row.ssn_last4 === null ? null : formatSsnMasked(row.ssn_last4),
    dateOfBirth: row.date_of_birth_encrypted === null ? null : pii.decrypt(row.date_of_birth_encrypted, BIRTH_DATE_CONTEXT),
    email: row.email,
    maritalStatus: row.marital_status,
    consentGiven: row.consent_given,
    monthsAtCurrentAddress: row.months_at_current_address,
    housingStatus: row.housing_status,
    mortgageOrRentAmount: row.mortgage_or_rent_amount,
    address: row.address,
    previousAddress: row.previous_address,
    income: row.income,
    incomeFrequency: row.income_frequency,
    otherIncomeSource: row.other_income_source,
    otherIncomeAmount: row.other_income_amount,
    currentEmployment: row.current_employment,
    previousEmployment: row.previous_employment,
    noPreviousEmployment: row.no_previous_employment,
    submittedAt: row.submitted_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    car,
    documents,
    consents,
    history,
    regBDueAt: due.toISOString(),
    regBDaysLeft: Math.ceil((due.getTime() - now.getTime()) / DAY_MS),
  };
}

const noApplication = () => notFound('This application does not exist.');

async function applicationOrThrow(db: Db, id: number): Promise<ApplicationRow> {
  const row = await findApplicationById(db, id);
  if (!row) throw noApplication();
  return row;
}

const audit = (db: Db, actor: Viewer, action: string, applicationId: number, details?: Record<string, unknown>) =>
  recordAudit(db, { actorUserId: actor.userId, action, entity: 'application', entityId: applicationId, ...(details ? { details } : {}) });

/** GET /api/applications/user/{userId}: the user's application for staff, the view audited. */
export async function viewUserApplication(deps: ApplicationsDeps, actor: Viewer, userId: number, now = new Date()): Promise<StaffApplication> {
  const row = await findApplicationByUser(deps.db, userId);
  if (!row) throw notFound('This user has not submitted an application.');
  await audit(deps.db, actor, 'application.viewed', row.id);
  return toStaffApplication(deps, row, now);
}

/** The application with its full SSN, for the PDF only (which audits the download itself). */
export async function loadApplicationForPrint(deps: ApplicationsDeps, applicationId: number, now = new Date()): Promise<StaffApplication & SsnReveal> {
  const row = await applicationOrThrow(deps.db, applicationId);
  return { ...(await toStaffApplication(deps, row, now)), ssn: openSsn(deps.pii, row) };
}

const openSsn = (pii: PiiCipher, row: ApplicationRow) => (row.ssn_encrypted === null ? null : pii.decrypt(row.ssn_encrypted, SSN_CONTEXT));

/** POST /api/applications/{id}/ssn/reveal: the full SSN, each reveal its own audit event. */
export async function revealSsn(deps: ApplicationsDeps, actor: Viewer, applicationId: number): Promise<SsnReveal> {
  const row = await applicationOrThrow(deps.db, applicationId);
  await audit(deps.db, actor, 'application.ssn_revealed', row.id);
  return { ssn: openSsn(deps.pii, row) };
}

/** GET /api/applications/{id}/documents/{side}: the decrypted photo, the view audited. */
export async function readDocument(deps: ApplicationsDeps, actor: Viewer, applicationId: number, side: LicenceSide): Promise<{ mime: string; bytes: Buffer }> {
  const row = await applicationOrThrow(deps.db, applicationId);
  const document = await findDocumentContent(deps.db, row.id, side);
  if (!document) throw notFound(`This application has no ${side} photo of the licence.`);
  await audit(deps.db, actor, 'application.document_viewed', row.id, { side });
  return { mime: document.mime, bytes: deps.pii.decryptBytes(document.contentEncrypted, { context: DOCUMENT_CONTENT_CONTEXT }) };
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
  change('monthsAtCurrentAddress', patch.monthsAtCurrentAddress !== row.months_at_current_address, { months_at_current_address: patch.monthsAtCurrentAddress });
  change('housingStatus', patch.housingStatus !== row.housing_status, { housing_status: patch.housingStatus });
  change('mortgageOrRentAmount', patch.mortgageOrRentAmount !== row.mortgage_or_rent_amount, { mortgage_or_rent_amount: patch.mortgageOrRentAmount });
  change('address', !isDeepStrictEqual(patch.address, row.address), { address: JSON.stringify(patch.address) });
  change('previousAddress', !isDeepStrictEqual(patch.previousAddress, row.previous_address), { previous_address: toJson(patch.previousAddress) });
  change('income', patch.income !== row.income, { income: patch.income });
  change('incomeFrequency', patch.incomeFrequency !== row.income_frequency, { income_frequency: patch.incomeFrequency });
  change('otherIncomeSource', patch.otherIncomeSource !== row.other_income_source, { other_income_source: patch.otherIncomeSource });
  change('otherIncomeAmount', patch.otherIncomeAmount !== row.other_income_amount, { other_income_amount: patch.otherIncomeAmount });
  const current = employmentRecord(patch.currentEmployment);
  change('currentEmployment', !isDeepStrictEqual(current, row.current_employment), { current_employment: JSON.stringify(current) });
  const previous = patch.previousEmployment === null ? null : employmentRecord(patch.previousEmployment);
  change('previousEmployment', !isDeepStrictEqual(previous, row.previous_employment), { previous_employment: toJson(previous) });
  // Absent keeps the stored SSN (the form showed it masked); null clears it; nine digits replace it.
  if (patch.ssn !== undefined) {
    change('ssn', patch.ssn !== openSsn(pii, row), {
      ssn_encrypted: patch.ssn === null ? null : pii.encrypt(patch.ssn, SSN_CONTEXT),
      ssn_last4: patch.ssn === null ? null : patch.ssn.slice(-4),
    });
  }
  const storedBirthDate = row.date_of_birth_encrypted === null ? null : pii.decrypt(row.date_of_birth_encrypted, BIRTH_DATE_CONTEXT);
  change('dateOfBirth', patch.dateOfBirth !== storedBirthDate, {
    date_of_birth_encrypted: patch.dateOfBirth === null ? null : pii.encrypt(patch.dateOfBirth, BIRTH_DATE_CONTEXT),
  });
  return { changes, fields };
}

/** PATCH /api/applications/applicant: staff correct the applicant's fields; the audit names the fields, never their values. */
export async function editApplicant(deps: ApplicationsDeps, actor: Viewer, patch: ApplicantPatch, now = new Date()): Promise<StaffApplication> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const stored = await trx.selectFrom('applications').selectAll().where('id', '=', patch.applicationId).forUpdate().executeTakeFirst();
    if (!stored) throw noApplication();
    const { changes, fields } = diffApplicant(deps.pii, stored, patch);
    if (fields.length === 0) return stored;
    const updated = await updateApplication(trx, stored.id, changes);
    await audit(trx, actor, 'application.edited', stored.id, { fields });
    return updated;
  });
  return toStaffApplication(deps, row, now);
}

/** PATCH /api/applications/{id}/status: any status to any other (docs/product.md#submission-and-statuses), with history, audit and a notification. */
export async function changeStatus(deps: ApplicationsDeps, actor: Viewer, applicationId: number, status: ApplicationStatus, now = new Date()): Promise<StaffApplication> {
  const row = await deps.db.transaction().execute(async (trx) => {
    const stored = await trx.selectFrom('applications').selectAll().where('id', '=', applicationId).forUpdate().executeTakeFirst();
    if (!stored) throw noApplication();
    if (stored.status === status) return stored;
    const updated = await updateApplication(trx, stored.id, { status });
    await insertStatusChange(trx, stored.id, stored.status, status, actor.userId);
    await audit(trx, actor, 'application.status_changed', stored.id, { from: stored.status, to: status });
    await enqueueOutboxEvent(trx, 'application.status_changed', { applicationId: stored.id, userId: stored.user_id, from: stored.status, to: status });
    return updated;
  });
  return toStaffApplication(deps, row, now);
}

/**
 * PATCH /api/applications/mine/car: while the application is still in review, the applicant may move it
 * to another available car (decision 013). Once decided, the decision was made for that car, so it stays.
 * The change is audited as an edit of the car by the applicant, which the staff history shows.
 */
export async function changeMyApplicationCar(db: Db, viewer: Viewer, carId: string): Promise<MyApplication> {
  await db.transaction().execute(async (trx) => {
    const stored = await lockApplicationOfUser(trx, viewer.userId);
    if (!stored) throw notFound('You have not submitted an application yet.');
    if (stored.car_uuid === carId) return;
    if (stored.status !== 'in_review') {
      throw new HttpError('conflict', 'This application has been decided, so its car can no longer be changed. Contact the dealer about another car.');
    }
    if (!(await isCarAvailable(trx, carId))) {
      throw new HttpError('bad_request', 'Invalid car: this car is not available in the catalogue.', { carId: m.carUnavailable });
    }
    await updateApplication(trx, stored.id, { car_uuid: carId });
    await audit(trx, viewer, 'application.edited', stored.id, { fields: ['carId'] });
  });
  const application = await loadMyApplication(db, viewer.userId);
  if (!application) throw notFound('You have not submitted an application yet.');
  return application;
}

/** GET /api/applications/{id}/history: the audit trail, newest first; reading it is itself recorded. */
export async function applicationTrail(deps: ApplicationsDeps, actor: Viewer, applicationId: number, page: number, limit: number): Promise<Paged<ApplicationTrailEvent>> {
  const row = await applicationOrThrow(deps.db, applicationId);
  await audit(deps.db, actor, 'application.history_viewed', row.id);
  const { events, total } = await listTrail(deps.db, { applicationId: row.id, page, limit });
  return toPaged(events, total, page, limit);
}

/**
 * POST /api/applications/{id}/review: the detail page's Confirm (the original design left it doing nothing; docs/product.md#application-detail). It
 * records that this staff member has gone through the application, so the history shows who
 * reviewed it and when, whatever its status.
 */
export async function confirmReview(deps: ApplicationsDeps, actor: Viewer, applicationId: number, now = new Date()): Promise<ReviewConfirmation> {
  const row = await applicationOrThrow(deps.db, applicationId);
  await audit(deps.db, actor, 'application.reviewed', row.id, { status: row.status });
  return { applicationId: row.id, at: now.toISOString(), by: { id: actor.userId, name: await findActorName(deps.db, actor.userId) } };
}
