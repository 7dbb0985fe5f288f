import type { AdverseActionReason, AdverseActionRejection } from '../../../domain/adverse-action.ts';
import { LENDER_CONSUMER, type StaffApplication } from '../../../domain/contracts/applications.ts';
import type { TradeInHandoff } from '../../../domain/contracts/trade-ins.ts';
import type { LicenceSide } from '../../../domain/contracts/documents.ts';
import type { ApplicationStatus } from '../../../domain/enums.ts';
import { APPLICATION_INDICATORS } from '../../../domain/constants.ts';
import { dealHandoff } from '../../../domain/deals/deal-handoff.ts';
import {
  type ApplicationsDeps,
  applicationOrThrow,
  openApplicantAnswers,
  openLicenceImage,
  openSsn,
  toStaffApplication,
} from '../applications/application-records.service.ts';
import { findApplicationById } from '../applications/applications.repository.ts';
import { findDealOffer } from '../applications/deal-offers.repository.ts';
import { changeStatus } from '../applications/staff-review.service.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { findDealSettings } from '../deals/deals.repository.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { redeliverApplicationEvent } from '../outbox/outbox.repository.ts';
import { rememberCallbackSignature } from './lender.repository.ts';
import { isValidDocumentLink, signedDocumentUrl, verifySignature } from './lender-signature.ts';
import { ApplicationGone } from './lender-webhook.consumer.ts';

export type LenderSettings = NonNullable<Config['lender']>;

/** The applicant's accepted trade-in (the trade-ins feature's, handed in by the composition root), or null. */
export type AcceptedTradeIn = (userId: number) => Promise<TradeInHandoff | null>;

/** How long the photo links of a hand-off work: a lender that fetches them later asks for a Resend. */
const DOCUMENT_LINK_HOURS = 24;

/**
 * What the lender receives for a submitted application (docs/operations/lender.md): the spec's creation
 * payload as the applicant submitted it (SSN and birth date opened, totals in months, income
 * monthly, the fixed indicators, the dealer block stored at submission), with the licence photos
 * as signed links that expire, the application id its decision must name, and the deal the
 * application is made with (null without one), named under the settings it was priced with, its
 * trade naming the applicant's accepted trade-in, if any (domain/deals/deal-handoff.ts).
 */
export async function lenderSubmission(
  deps: ApplicationsDeps & { acceptedTradeIn: AcceptedTradeIn },
  lender: LenderSettings,
  applicationId: number,
  now = new Date(),
) {
  const row = await findApplicationById(deps.db, applicationId);
  if (!row) throw new ApplicationGone(applicationId);
  // The staff view (application-records.service.ts) is where an application's photos and deal are read.
  const { documents, deal } = await toStaffApplication(deps, row, now);
  const dealSettings = deal && (await findDealSettings(deps.db, deal.settingsVersion));
  const expiresAt = new Date(now.getTime() + DOCUMENT_LINK_HOURS * 3_600_000);
  const images = Object.fromEntries(
    documents.map((document) => [
      document.side,
      { url: signedDocumentUrl(lender.publicUrl, lender.secret, row.id, document.side, expiresAt), expiresAt: expiresAt.toISOString() },
    ]),
  );
  return {
    applicationId: row.id,
    submittedAt: row.submitted_at.toISOString(),
    userId: row.user_id,
    carId: row.car_uuid,
    images,
    application: {
      applicant: { ...openApplicantAnswers(deps.pii, row), ssn: openSsn(deps.pii, row) },
      ...APPLICATION_INDICATORS,
    },
    dealer: row.dealer,
    deal: deal && dealHandoff(deal, dealSettings?.settings, await deps.acceptedTradeIn(row.user_id)),
  };
}

/**
 * What the lender receives when the applicant accepts the desk's offer (docs/operations/lender.md#an-accepted-offer):
 * the offer's deal, in the same block as a hand-off's (with the accepted trade-in), which replaces
 * the deal the application was submitted with.
 */
export async function lenderAcceptedOffer(
  { db, acceptedTradeIn }: { db: Db; acceptedTradeIn: AcceptedTradeIn },
  applicationId: number,
  offerId: number,
) {
  const offer = await findDealOffer(db, offerId);
  const application = await findApplicationById(db, applicationId);
  // An application deleted since takes its offers with it.
  if (!offer || !application) throw new ApplicationGone(applicationId);
  const dealSettings = await findDealSettings(db, offer.settingsVersion);
  return {
    applicationId: offer.applicationId,
    offerId: offer.id,
    acceptedAt: offer.respondedAt,
    deal: dealHandoff(offer, dealSettings?.settings, await acceptedTradeIn(application.user_id)),
  };
}

export interface LenderDocumentLink {
  applicationId: number;
  side: LicenceSide;
  expires: number;
  signature: string;
}

/**
 * GET /api/lender/documents/{applicationId}/{side}: a licence photo for the lender, through a link
 * of its hand-off. A wrong, tampered or expired link is 403; each fetch is audited with the lender
 * as actor.
 */
export async function readDocumentForLender(
  deps: ApplicationsDeps,
  lender: LenderSettings | undefined,
  link: LenderDocumentLink,
  now = new Date(),
): Promise<{ mime: string; bytes: Buffer }> {
  if (!lender || !isValidDocumentLink(lender.secret, link, now))
    throw new HttpError('forbidden', 'This photo link is not valid or has expired; ask the dealer to resend the application.');
  const image = await openLicenceImage(deps, link.applicationId, link.side);
  if (!image) throw notFound(`This application has no ${link.side} photo of the licence.`);
  await recordAudit(deps.db, {
    actorUserId: null,
    action: 'application.document_fetched_by_lender',
    entity: 'application',
    entityId: link.applicationId,
    details: { actor: 'lender', side: link.side },
  });
  return { mime: image.mime, bytes: image.bytes };
}

export interface LenderDecision {
  applicationId: number;
  decision: Extract<ApplicationStatus, 'approved' | 'rejected'>;
  reference: string;
  reasons?: AdverseActionReason[] | undefined;
  otherReason?: string | undefined;
}

/** Checks a decision callback's signature over its raw body and refuses a replay; the caller parses the body after. */
export async function authenticateLenderCallback(
  deps: ApplicationsDeps,
  lender: LenderSettings | undefined,
  signatureHeader: unknown,
  rawBody: Buffer,
  now = new Date(),
): Promise<void> {
  if (!lender) throw new HttpError('not_found', 'No lender is configured on this server.');
  const check = verifySignature(lender.secret, signatureHeader, rawBody, now);
  if (!check.ok) throw new HttpError('unauthorized', check.reason);
  if (!(await rememberCallbackSignature(deps.db, check.signature)))
    throw new HttpError('unauthorized', 'This signed request was received before: a replay is refused.');
}

/**
 * A rejection that names its reasons gets its adverse-action notice as a staff rejection does; one
 * without reasons leaves the notice to staff, and the dashboard counts it as due.
 */
function lenderRejection({ decision, reasons, otherReason }: LenderDecision): AdverseActionRejection | null {
  if (decision !== 'rejected' || !reasons?.length) return null;
  return { reasons, otherReason: reasons.includes('other') ? (otherReason ?? null) : null, creditReport: null };
}

/**
 * POST /api/lender/decisions, once authenticated: the status changes exactly as a staff member
 * would change it (history, audit naming the lender and its reference, the applicant notified).
 */
export async function applyLenderDecision(deps: ApplicationsDeps, decision: LenderDecision, now = new Date()): Promise<StaffApplication> {
  return changeStatus(
    deps,
    { via: 'lender', reference: decision.reference },
    decision.applicationId,
    decision.decision,
    lenderRejection(decision),
    now,
  );
}

/**
 * POST /api/applications/{id}/lender/resend: hands the application to the lender again from now
 * (docs/operations/lender.md), audited. 409 while a delivery is being retried, or without a lender.
 */
export async function resendToLender(
  deps: ApplicationsDeps,
  lender: LenderSettings | undefined,
  actor: Viewer,
  applicationId: number,
  now = new Date(),
): Promise<StaffApplication> {
  if (!lender) throw new HttpError('conflict', 'No lender is configured (LENDER_WEBHOOK_URL): there is nowhere to send it.');
  const row = await deps.db.transaction().execute(async (trx) => {
    const stored = await applicationOrThrow(trx, applicationId);
    // A sent or failed hand-off starts over, a queued one moves forward, one submitted before the lender was set up gets its delivery.
    const outcome = await redeliverApplicationEvent(trx, LENDER_CONSUMER, 'application.submitted', stored.id);
    if (outcome === 'in_progress')
      throw new HttpError('conflict', 'The lender hand-off is being retried already; it goes out at its next attempt.');
    if (outcome === 'no_event') throw new HttpError('conflict', 'This application has no submission to send.');
    await recordAudit(trx, { actorUserId: actor.userId, action: 'application.lender_resent', entity: 'application', entityId: stored.id });
    return stored;
  });
  return toStaffApplication(deps, row, now);
}
