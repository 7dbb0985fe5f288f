import type { Language } from '../../../domain/enums.ts';
import { createHmac, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { DealerBlock } from '../../../domain/application.schema.ts';
import type { Submission } from '../../../domain/application-submission.schema.ts';
import { findConsentProblems } from '../../../domain/consents.ts';
import type { MyApplication } from '../../../domain/contracts/applications.ts';
import type { ApplicationDeal } from '../../../domain/deals/application-deal.schema.ts';
import type { TradeInHandoff } from '../../../domain/contracts/trade-ins.ts';
import { validationMessages as m } from '../../../domain/messages.ts';
import { regBDueAt } from '../../../domain/regulation-b.ts';
import { awaitsDecision } from '../../../domain/application-status.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { findLatestNotice } from '../adverse-action/adverse-action.repository.ts';
import { priceDealUnder } from '../deals/deals.service.ts';
import { findAcceptedTradeIn } from '../trade-ins/trade-ins.service.ts';
import { carHeldByAnother } from '../visits/visits.service.ts';
import { enqueueOutboxEvent } from '../outbox/outbox.repository.ts';
import { listDealOffers, supersedeOpenDealOffer } from './deal-offers.repository.ts';
import { completeGuestProfile } from '../users/users.repository.ts';
import { deleteApplicationDeals, findApplicationDeal, insertApplicationDeal } from './application-deals.repository.ts';
import { type ApplicationsDeps, sealBirthDate, sealSsn } from './application-records.service.ts';
import {
  attachDocuments,
  carExists,
  findApplicationByIdempotencyKey,
  findApplicationByUser,
  findApplicationCar,
  findUnattachedDocuments,
  insertApplication,
  insertConsents,
  insertStatusChange,
  isCarAvailable,
  listStatusHistory,
  lockApplicant,
  lockApplicationOfUser,
  toJsonColumn,
  toStatusChanges,
  updateApplication,
} from './applications.repository.ts';
import { deleteDraft } from './drafts.repository.ts';

interface SubmissionDeps extends ApplicationsDeps {
  dealer: Config['dealer'];
  /** Keys the request fingerprints kept beside idempotency keys. */
  fingerprintSecret: string;
}

export async function loadMyApplication(db: Db, userId: number): Promise<MyApplication | undefined> {
  const row = await findApplicationByUser(db, userId);
  if (!row) return undefined;
  const [car, deal, history, notice, offers] = await Promise.all([
    findApplicationCar(db, row.car_uuid),
    findApplicationDeal(db, row.id),
    listStatusHistory(db, row.id),
    findLatestNotice(db, row.id),
    listDealOffers(db, row.id),
  ]);
  return {
    id: row.id,
    status: row.status,
    submittedAt: row.submitted_at.toISOString(),
    car,
    deal,
    offers,
    history: toStatusChanges(history),
    regBDueAt: regBDueAt(row.submitted_at).toISOString(),
    notice: notice ? { issuedAt: notice.created_at.toISOString() } : null,
  };
}

function fingerprint(secret: string, submission: Submission): string {
  return createHmac('sha256', secret)
    .update(`application-submission\n${JSON.stringify(submission)}`)
    .digest('hex');
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
    throw new HttpError(
      'consent_outdated',
      `These consent texts have changed since they were read: ${outdated.join(', ')}. Show the current texts (GET /api/applications/consents) and ask again.`,
      fields,
    );
  }
}

/** Both photos must be the applicant's own, unused uploads of the side they stand for. */
async function checkPhotos(db: Db, userId: number, images: Submission['images']): Promise<number[]> {
  if (images.front === images.back) {
    throw new HttpError('bad_request', 'The front and the back of the licence must be two different photos.', {
      'images.back': m.licensePhotoNotUploaded,
    });
  }
  const own = await findUnattachedDocuments(db, userId, [images.front, images.back]);
  const fields: Record<string, string> = {};
  for (const side of ['front', 'back'] as const) {
    if (!own.some((doc) => doc.id === images[side] && doc.side === side)) fields[`images.${side}`] = m.licensePhotoNotUploaded;
  }
  if (Object.keys(fields).length > 0) {
    throw new HttpError(
      'bad_request',
      `Invalid application: the licence photos must be your own uploads (${Object.keys(fields).join(', ')}), uploaded as that side and not used before.`,
      fields,
    );
  }
  return [images.front, images.back];
}

/**
 * The deal the application is made with, priced again by the server for the application's car under
 * the settings version it names (docs/product/deals.md#the-deal-in-the-application). A quote that
 * differs from the server's is refused, whether the car's price changed since or a figure was made up:
 * the applicant reviews the deal and submits the numbers that hold. So is a deal whose trade is not
 * the trade-in offer the applicant accepted, when they have one (docs/product/trade-ins.md#in-the-deal):
 * its allowance is the offer and its payoff what they declared, never a figure typed beside it.
 */
async function checkDeal(
  db: Db,
  carId: string | null,
  deal: ApplicationDeal,
  acceptedTrade: TradeInHandoff | null,
): Promise<ApplicationDeal> {
  if (carId === null) {
    throw new HttpError(
      'bad_request',
      'Invalid application: deal: a deal is priced for a car, so it needs the carId of that car; apply with the car or without the deal.',
      { deal: m.invalidValue },
    );
  }
  const trade = deal.input.trade;
  if (acceptedTrade && (trade?.allowanceCents !== acceptedTrade.offerCents || trade.payoffCents !== acceptedTrade.payoffCents)) {
    throw new HttpError(
      'deal_changed',
      'This deal does not carry the trade-in offer you accepted: review the deal, which now takes it, and submit it again.',
    );
  }
  const priced = await priceDealUnder(db, carId, deal, 'deal');
  if (!isDeepStrictEqual(priced.quote, deal.quote)) {
    throw new HttpError(
      'deal_changed',
      "The figures of this deal have changed since it was priced (the car's price may have changed): review the deal again and submit it with the new figures.",
    );
  }
  return { input: deal.input, ...priced };
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
    ssn_encrypted: sealSsn(deps.pii, applicant.ssn),
    ssn_last4: applicant.ssn.slice(-4),
    date_of_birth_encrypted: sealBirthDate(deps.pii, applicant.dateOfBirth),
    marital_status: applicant.maritalStatus,
    consent_given: applicant.consentGiven,
    housing_status: applicant.housingStatus,
    mortgage_or_rent_amount: applicant.mortgageOrRentAmount,
    months_at_current_address: applicant.monthsAtCurrentAddress,
    address: JSON.stringify(applicant.address),
    previous_address: toJsonColumn(applicant.previousAddress),
    income: applicant.income,
    income_frequency: applicant.incomeFrequency,
    other_income_source: applicant.otherIncomeSource,
    other_income_amount: applicant.otherIncomeAmount,
    current_employment: JSON.stringify(applicant.currentEmployment),
    previous_employment: toJsonColumn(applicant.previousEmployment),
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
 * (SSN and birth date sealed), its deal as the server priced it, its photos attached, the consents with their versions, the first
 * status, an audit event, the draft deleted, the guest's profile completed and an outbox event
 * for the bot. The applicant's user row is locked first, so two submissions of one person run one
 * after the other and the second sees the first.
 */
export async function submitApplication(
  deps: SubmissionDeps,
  viewer: Viewer,
  idempotencyKey: string,
  submission: Submission,
  /** The page's language (Content-Language), kept for a web guest's emails. */
  language?: Language,
): Promise<SubmissionResult> {
  if (submission.userId !== viewer.userId)
    throw new HttpError('forbidden', 'userId must be your own user id: an application is submitted by the applicant.');
  const requestFingerprint = fingerprint(deps.fingerprintSecret, submission);
  const applicationId = await deps.db
    .transaction()
    .execute(async (trx) => {
      await lockApplicant(trx, viewer.userId);
      const sameKey = await findApplicationByIdempotencyKey(trx, idempotencyKey);
      if (sameKey) {
        if (sameKey.user_id === viewer.userId && sameKey.idempotency_fingerprint === requestFingerprint)
          return { id: sameKey.id, replayed: true };
        throw keyReused();
      }
      const existing = await findApplicationByUser(trx, viewer.userId);
      if (existing)
        throw new HttpError(
          'application_exists',
          'You have already submitted an application; its status is in the app.',
          undefined,
          existing.id,
        );
      checkConsents(submission);
      const photos = await checkPhotos(trx, viewer.userId, submission.images);
      if (submission.carId !== null && !(await carExists(trx, submission.carId))) {
        throw new HttpError(
          'bad_request',
          'Invalid application: this car is no longer in the catalogue; choose another or apply without one.',
          { carId: m.invalidValue },
        );
      }
      // docs/product/catalogue.md#catalogue: a car whose sale is pending, or that is sold, takes no applications.
      if (submission.carId !== null && !(await isCarAvailable(trx, submission.carId))) {
        throw new HttpError('car_unavailable', 'This car is no longer available: choose another car or apply without one.', {
          carId: m.carUnavailable,
        });
      }
      // docs/product/visits.md#holds-and-guests-across-the-product: a car another shopper holds takes no application until the hold ends.
      if (submission.carId !== null && (await carHeldByAnother(trx, submission.carId, viewer.userId))) throw carOnHold();

      const deal =
        submission.deal === null
          ? null
          : await checkDeal(trx, submission.carId, submission.deal, await findAcceptedTradeIn(trx, deps.pii, submission.userId));

      const row = await insertApplication(trx, toNewRow(deps, submission, idempotencyKey, requestFingerprint));
      if (deal) await insertApplicationDeal(trx, row.id, deal);
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
      await completeGuestProfile(trx, viewer.userId, {
        first_name: applicant.firstName,
        last_name: applicant.lastName,
        email: applicant.email,
        phone: applicant.phone,
        language,
      });
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

const carOnHold = () =>
  new HttpError('car_on_hold', 'Another shopper holds this car until their visit ends: choose another car or apply without one.');

const keyReused = () =>
  new HttpError('idempotency_key_reused', 'This Idempotency-Key was already used for another request. Use a new key for a new submission.');

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
    if (!awaitsDecision(stored.status)) {
      throw new HttpError(
        'conflict',
        'This application has been decided, so its car can no longer be changed. Contact the dealer about another car.',
      );
    }
    if (!(await isCarAvailable(trx, carId))) {
      throw new HttpError('bad_request', 'Invalid car: this car is not available in the catalogue.', { carId: m.carUnavailable });
    }
    if (await carHeldByAnother(trx, carId, viewer.userId)) throw carOnHold();
    await updateApplication(trx, stored.id, { car_uuid: carId });
    // docs/product/deals.md#the-deal-in-the-application: a deal and an offer were priced for the car they name.
    await deleteApplicationDeals(trx, [stored.id]);
    await supersedeOpenDealOffer(trx, stored.id, new Date());
    await recordAudit(trx, {
      actorUserId: viewer.userId,
      action: 'application.edited',
      entity: 'application',
      entityId: stored.id,
      details: { fields: ['carId'] },
    });
  });
  const application = await loadMyApplication(db, viewer.userId);
  if (!application) throw notFound('You have not submitted an application yet.');
  return application;
}

/**
 * POST /api/applications/mine/withdraw (docs/product/submission.md#submission-and-statuses): the applicant
 * takes back an application still in review. Like a staff decision it is a status change with
 * history, audit (the applicant as actor) and an outbox event in one transaction, so whoever was
 * told of the application hears it was withdrawn; a decided one is no longer the applicant's to withdraw.
 */
export async function withdrawMyApplication(db: Db, viewer: Viewer): Promise<MyApplication> {
  await db.transaction().execute(async (trx) => {
    const stored = await lockApplicationOfUser(trx, viewer.userId);
    if (!stored) throw notFound('You have not submitted an application yet.');
    if (!awaitsDecision(stored.status)) {
      throw new HttpError(
        'conflict',
        stored.status === 'withdrawn'
          ? 'This application has already been withdrawn.'
          : 'This application has been decided, so it can no longer be withdrawn. Contact the dealer.',
      );
    }
    await updateApplication(trx, stored.id, { status: 'withdrawn' });
    await insertStatusChange(trx, stored.id, stored.status, 'withdrawn', viewer.userId);
    await recordAudit(trx, {
      actorUserId: viewer.userId,
      action: 'application.status_changed',
      entity: 'application',
      entityId: stored.id,
      details: { from: stored.status, to: 'withdrawn' },
    });
    await enqueueOutboxEvent(trx, 'application.status_changed', {
      applicationId: stored.id,
      userId: stored.user_id,
      from: stored.status,
      to: 'withdrawn',
    });
  });
  const application = await loadMyApplication(db, viewer.userId);
  if (!application) throw notFound('You have not submitted an application yet.');
  return application;
}
