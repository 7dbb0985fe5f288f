import * as v from 'valibot';
import type { AdverseActionReason, CreditReport, NoticeChannel } from '../adverse-action.ts';
import type { SavedDraft } from '../application-draft.schema.ts';
import type { ApplicationRecord } from '../application.schema.ts';
import type { CarConditionValue } from '../enums.ts';
import type { ConsentKind } from '../consents.ts';
import { APPLICATION_STATUSES, CAR_CONDITIONS, type ApplicationStatus } from '../enums.ts';
import type { LicenceSide } from './documents.ts';

/** GET /api/applications/draft: the wizard's saved values and when they were last saved. */
export interface DraftAnswer {
  draft: SavedDraft;
  updatedAt: string;
}

/**
 * GET /api/applications/draft: the saved draft, or null when there is none (answered 200, since
 * every new applicant has none: a 404 would be an error in their browser's console).
 */
export type DraftLookup = DraftAnswer | null;

/** PUT /api/applications/draft. */
export interface DraftSaved {
  updatedAt: string;
}

/** One consent of GET /api/applications/consents: its current text, in the language asked. */
export interface ConsentText {
  kind: ConsentKind;
  /** Sent back with the acceptance and stored beside it. */
  version: string;
  required: boolean;
  text: string;
}

/** GET /api/applications/consents?lang=: every consent the review step shows, in a fixed order. */
export type ConsentsAnswer = ConsentText[];

/** The car an application is for, as its pages show it. */
export interface ApplicationCar {
  uuid: string;
  brand: string;
  model: string;
  year: number;
  trim: string | null;
  price: number;
  mileage: number;
  condition: CarConditionValue;
  photo: string | null;
}

/** One step of an application's status history, as the applicant sees it. */
export interface StatusChange {
  status: ApplicationStatus;
  at: string;
}

/**
 * GET /api/applications/mine, and the answer of POST /api/applications: what the applicant may see
 * of their own application. No SSN, birth date or income.
 */
export interface MyApplication {
  id: number;
  status: ApplicationStatus;
  submittedAt: string;
  car: ApplicationCar | null;
  /** Oldest first. */
  history: StatusChange[];
  /** Regulation B: the applicant is told of the decision within 30 days of a completed application. */
  regBDueAt: string;
  /** A rejection's adverse-action notice, once issued: its PDF is GET /api/applications/mine/notice.pdf. */
  notice: { issuedAt: string } | null;
}

/** GET /api/applications/mine: the application, or null (200) when the visitor has not applied. */
export type MyApplicationLookup = MyApplication | null;

/** A staff member (or the applicant) who did something, by display name. */
export interface Actor {
  id: number;
  name: string;
}

export interface StaffStatusChange extends StatusChange {
  from: ApplicationStatus | null;
  /** Null for the applicant's own submission, or when the staff account was deleted. */
  by: Actor | null;
}

/** A licence photo of an application; the image itself is GET /api/applications/{id}/documents/{side}. */
export interface ApplicationDocument {
  id: number;
  side: LicenceSide;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** A consent the applicant gave, with the version of the text they read. */
export interface AcceptedConsent {
  kind: ConsentKind;
  version: string;
  acceptedAt: string;
}

/**
 * GET /api/applications/user/{userId} and the answer of both staff edits: the record with the field
 * names of the original design, the SSN masked (***-**-1234; the full number only through the audited
 * reveal), and what staff need around it.
 */
export interface StaffApplication extends Omit<ApplicationRecord, 'ssn' | 'submittedAt' | 'updatedAt' | ErasedRecordField> {
  ssnMasked: string | null;
  submittedAt: string;
  updatedAt: string;
  car: ApplicationCar | null;
  documents: ApplicationDocument[];
  consents: AcceptedConsent[];
  /** Oldest first. */
  history: StaffStatusChange[];
  regBDueAt: string;
  /** Whole days until regBDueAt; negative once it has passed; frozen at the adverse-action notice once one is sent. */
  regBDaysLeft: number;
  /** How the hand-off to the lender stands (README, Lender). */
  lenderDelivery: LenderDelivery;
  /** The lender's own reference, once it has sent its decision. */
  lenderReference: string | null;

  /** The admin who took the lead; null when nobody has. */
  assignee: Actor | null;
  /** The first staff response after submission (a relayed message, a status change or a "contacted" note); null while waiting. */
  firstResponseAt: string | null;
  /** Whole minutes from submission to firstResponseAt. */
  firstResponseMinutes: number | null;
  /**
   * When the retention job erased the personal data (docs/product.md#data-retention); from then on
   * the SSN, birth date, marital status, housing, income, addresses, employment and licence photos are null or gone.
   */
  erasedAt: string | null;
  address: ApplicationRecord['address'] | null;
  income: number | null;
  otherIncomeAmount: number | null;
  currentEmployment: ApplicationRecord['currentEmployment'] | null;
  maritalStatus: ApplicationRecord['maritalStatus'] | null;
  housingStatus: ApplicationRecord['housingStatus'] | null;
  monthsAtCurrentAddress: number | null;
  incomeFrequency: ApplicationRecord['incomeFrequency'] | null;
  /** The latest adverse-action notice of a rejection (docs/product.md#adverse-action-notices); null when none was issued. */
  adverseActionNotice: AdverseActionNotice | null;
}

/** A rejection's adverse-action notice as staff see it; the PDF is GET /api/applications/{id}/notice.pdf. */
export interface AdverseActionNotice {
  at: string;
  reasons: AdverseActionReason[];
  otherReason: string | null;
  creditReport: CreditReport | null;
  /** When the applicant received it (the bot or email), and by which; null while on its way. */
  deliveredAt: string | null;
  deliveryChannel: NoticeChannel | null;
}

/**
 * The application's hand-off to the lender: `not_configured` when no lender was ever set up,
 * `not_sent` when none was when it was submitted (Resend sends it), `queued` before the first
 * attempt, `retrying` after failed ones, `sent` once the lender answered 2xx, `failed` once given up.
 */
/** The outbox consumer that hands submissions to the lender: its deliveries of `application.submitted` are what LenderDelivery reports. */
export const LENDER_CONSUMER = 'lender';

export type LenderDelivery =
  | { state: 'not_configured' | 'not_sent' }
  | { state: 'queued' }
  | { state: 'retrying'; attempts: number; lastError: string | null; nextAttemptAt: string }
  | { state: 'sent'; attempts: number; at: string }
  | { state: 'failed'; attempts: number; lastError: string | null; at: string };

/** The fields of a record that are null once the retention job erased them (and never before). */
type ErasedRecordField =
  | 'address'
  | 'income'
  | 'otherIncomeAmount'
  | 'currentEmployment'
  | 'maritalStatus'
  | 'housingStatus'
  | 'monthsAtCurrentAddress'
  | 'incomeFrequency';

/** POST /api/applications/{id}/ssn/reveal. */
export interface SsnReveal {
  ssn: string | null;
}

/** One entry of GET /api/applications/{id}/history: who did what to the application, and when. */
export interface ApplicationTrailEvent {
  id: number;
  /** 'application.submitted', 'application.viewed', 'application.edited', 'application.status_changed', … */
  action: string;
  at: string;
  actor: Actor | null;
  /** Field names and statuses; never a value of personal data. */
  details: Record<string, unknown>;
}

/** POST /api/applications/{id}/review: a staff member confirmed they reviewed the application. */
export interface ReviewConfirmation {
  applicationId: number;
  at: string;
  by: Actor;
}

/** One internal note of GET /api/applications/{id}/notes: staff only, never sent outside the dashboard. */
export interface ApplicationNote {
  id: number;
  text: string;
  /** The author reached the applicant; the first such note may be the application's first response. */
  contacted: boolean;
  at: string;
  /** Null when the staff account was deleted. */
  author: Actor | null;
}

/** PUT /api/applications/{id}/assignee: who has taken the lead now. */
export interface LeadAssignment {
  applicationId: number;
  assignee: Actor | null;
}

/** MyApplication as the API document describes it (server/src/http/openapi.ts). */
export const myApplicationSchema = v.object({
  id: v.pipe(v.number(), v.integer()),
  status: v.picklist(APPLICATION_STATUSES),
  submittedAt: v.string(),
  car: v.nullable(
    v.object({
      uuid: v.string(),
      brand: v.string(),
      model: v.string(),
      year: v.pipe(v.number(), v.integer()),
      trim: v.nullable(v.string()),
      price: v.number(),
      mileage: v.number(),
      condition: v.picklist(CAR_CONDITIONS),
      photo: v.nullable(v.string()),
    }) satisfies v.GenericSchema<unknown, ApplicationCar>,
  ),
  history: v.array(v.object({ status: v.picklist(APPLICATION_STATUSES), at: v.string() }) satisfies v.GenericSchema<unknown, StatusChange>),
  regBDueAt: v.string(),
  notice: v.nullable(v.object({ issuedAt: v.string() })),
}) satisfies v.GenericSchema<unknown, MyApplication>;
