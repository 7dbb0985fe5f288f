import type { AdverseActionReason, CreditReport, NoticeChannel } from '../adverse-action.ts';
import type { SavedDraft } from '../application-draft.schema.ts';
import type { ApplicationRecord } from '../application.schema.ts';
import type { CarConditionValue } from '../enums.ts';
import type { ConsentKind } from '../consents.ts';
import type { ApplicationStatus } from '../enums.ts';
import type { LicenceSide } from './documents.ts';

/** GET /api/applications/draft: the wizard's saved values and when they were last saved. */
export interface DraftAnswer {
  draft: SavedDraft;
  updatedAt: string;
}

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
}

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
export interface StaffApplication extends Omit<ApplicationRecord, 'ssn' | 'submittedAt' | 'updatedAt'> {
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
