import { LENDER_CONSUMER, type StaffApplication, type SsnReveal } from '../../../domain/contracts/applications.ts';
import { LICENCE_SIDES, type LicenceSide } from '../../../domain/contracts/documents.ts';
import { formatSsnMasked } from '../../../domain/format.ts';
import { regBDaysLeft, regBDueAt } from '../../../domain/regulation-b.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import { creditReportOf, findLatestNotice } from '../adverse-action/adverse-action.repository.ts';
import { listDealOffers } from './deal-offers.repository.ts';
import { applicationDeliveryState } from '../outbox/outbox.service.ts';
import type { PiiCipher } from '../security/pii-crypto.ts';
import { findApplicationDeal } from './application-deals.repository.ts';
import {
  type ApplicationRow,
  findActorName,
  findApplicationById,
  findApplicationCar,
  findDocumentContent,
  findPrintContent,
  listConsents,
  listDocuments,
  listStatusHistory,
} from './applications.repository.ts';

/**
 * Bound into each sealed value, so a ciphertext copied into another column fails to open. Columns,
 * not rows: the guest merge moves an application and its photos to another user by changing the
 * owner alone.
 */
const SSN_CONTEXT = { context: 'applications.ssn_encrypted' };
const BIRTH_DATE_CONTEXT = { context: 'applications.date_of_birth_encrypted' };
const DOCUMENT_CONTENT_CONTEXT = { context: 'application_documents.content' };
const PRINT_CONTENT_CONTEXT = { context: 'application_documents.print_content' };

export interface ApplicationsDeps {
  db: Db;
  pii: PiiCipher;
}

export const sealSsn = (pii: PiiCipher, ssn: string) => pii.encrypt(ssn, SSN_CONTEXT);
export const openSsn = (pii: PiiCipher, row: ApplicationRow) =>
  row.ssn_encrypted === null ? null : pii.decrypt(row.ssn_encrypted, SSN_CONTEXT);
export const sealBirthDate = (pii: PiiCipher, dateOfBirth: string) => pii.encrypt(dateOfBirth, BIRTH_DATE_CONTEXT);
export const openBirthDate = (pii: PiiCipher, row: ApplicationRow) =>
  row.date_of_birth_encrypted === null ? null : pii.decrypt(row.date_of_birth_encrypted, BIRTH_DATE_CONTEXT);
export const sealDocumentContent = (pii: PiiCipher, bytes: Uint8Array) => pii.encryptBytes(bytes, DOCUMENT_CONTENT_CONTEXT);
export const openDocumentContent = (pii: PiiCipher, sealed: Uint8Array) => pii.decryptBytes(sealed, DOCUMENT_CONTENT_CONTEXT);
export const sealPrintContent = (pii: PiiCipher, bytes: Uint8Array) => pii.encryptBytes(bytes, PRINT_CONTENT_CONTEXT);
export const openPrintContent = (pii: PiiCipher, sealed: Uint8Array) => pii.decryptBytes(sealed, PRINT_CONTENT_CONTEXT);

export async function applicationOrThrow(db: Db, id: number): Promise<ApplicationRow> {
  const row = await findApplicationById(db, id);
  if (!row) throw notFound('This application does not exist.');
  return row;
}

/**
 * The applicant's answers as stored, the birth date opened; the SSN is each reader's choice (staff
 * see it masked, the lender's hand-off opened), so it is not here.
 */
export function openApplicantAnswers(pii: PiiCipher, row: ApplicationRow) {
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    suffix: row.suffix,
    phone: row.phone,
    dateOfBirth: openBirthDate(pii, row),
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
  };
}

/** The application as staff see it at `now`: the birth date opened, the SSN masked. */
export async function toStaffApplication({ db, pii }: ApplicationsDeps, row: ApplicationRow, now: Date): Promise<StaffApplication> {
  const [car, deal, documents, consents, history, lenderDelivery, notice, offers] = await Promise.all([
    findApplicationCar(db, row.car_uuid),
    findApplicationDeal(db, row.id),
    listDocuments(db, row.id),
    listConsents(db, row.id),
    listStatusHistory(db, row.id),
    applicationDeliveryState(db, LENDER_CONSUMER, 'application.submitted', row.id),
    findLatestNotice(db, row.id),
    listDealOffers(db, row.id),
  ]);
  return {
    id: row.id,
    userId: row.user_id,
    status: row.status,
    carId: row.car_uuid,
    ...openApplicantAnswers(pii, row),
    ssnMasked: row.ssn_last4 === null ? null : formatSsnMasked(row.ssn_last4),
    submittedAt: row.submitted_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    car,
    deal,
    offers,
    documents,
    consents,
    history,
    regBDueAt: regBDueAt(row.submitted_at).toISOString(),
    regBDaysLeft: regBDaysLeft(row.submitted_at, now, notice?.created_at ?? null),
    adverseActionNotice: notice
      ? {
          at: notice.created_at.toISOString(),
          reasons: notice.reasons,
          otherReason: notice.other_reason,
          creditReport: creditReportOf(notice),
          deliveredAt: notice.delivered_at?.toISOString() ?? null,
          deliveryChannel: notice.delivery_channel,
        }
      : null,
    lenderDelivery,
    lenderReference: row.lender_reference,

    erasedAt: row.erased_at?.toISOString() ?? null,
    ...(await leadWorkOf(db, row)),
  };
}

/** Who took the lead and how soon staff first responded (docs/product/staff-dashboard.md#application-detail). */
async function leadWorkOf(
  db: Db,
  row: ApplicationRow,
): Promise<Pick<StaffApplication, 'assignee' | 'firstResponseAt' | 'firstResponseMinutes'>> {
  const assignee = row.assignee_user_id;
  const responded = row.first_response_at;
  return {
    assignee: assignee === null ? null : { id: assignee, name: await findActorName(db, assignee) },
    firstResponseAt: responded?.toISOString() ?? null,
    firstResponseMinutes: responded ? Math.max(0, Math.floor((responded.getTime() - row.submitted_at.getTime()) / 60_000)) : null,
  };
}

/** The application with its full SSN, for the PDF only (which audits the download itself). */
export async function loadApplicationForPrint(
  deps: ApplicationsDeps,
  applicationId: number,
  now = new Date(),
): Promise<StaffApplication & SsnReveal> {
  const row = await applicationOrThrow(deps.db, applicationId);
  return { ...(await toStaffApplication(deps, row, now)), ssn: openSsn(deps.pii, row) };
}

export interface LicenceImage {
  side: LicenceSide;
  mime: string;
  bytes: Buffer;
}

/** One licence photo of an application, opened; undefined when that side was never attached. */
export async function openLicenceImage(
  { db, pii }: ApplicationsDeps,
  applicationId: number,
  side: LicenceSide,
): Promise<LicenceImage | undefined> {
  const document = await findDocumentContent(db, applicationId, side);
  return document && { side, mime: document.mime, bytes: openDocumentContent(pii, document.contentEncrypted) };
}

/** One licence photo as the PDF prints it: its print-size copy, or the photo itself for a row that has none. */
async function openPrintImage({ db, pii }: ApplicationsDeps, applicationId: number, side: LicenceSide): Promise<LicenceImage | undefined> {
  const document = await findPrintContent(db, applicationId, side);
  if (!document) return undefined;
  const open = document.copy === 'print' ? openPrintContent : openDocumentContent;
  return { side, mime: document.mime, bytes: open(pii, document.sealed) };
}

/**
 * Both licence photos of an application, opened, for its PDF: the print-size copies, which
 * Chromium decodes in a fraction of the stored photos' time (docs/operations/benchmarks.md#pdfs).
 * Unlike reading one photo on the dashboard this records no audit event per photo: the PDF
 * download that prints them is audited once, as a whole.
 */
export async function loadLicenceImages(deps: ApplicationsDeps, applicationId: number): Promise<LicenceImage[]> {
  const images = await Promise.all(LICENCE_SIDES.map((side) => openPrintImage(deps, applicationId, side)));
  return images.filter((image) => image !== undefined);
}
