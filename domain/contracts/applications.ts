import * as v from 'valibot';
import { ADVERSE_ACTION_REASONS, type AdverseActionReason, type CreditReport, type NoticeChannel } from '../adverse-action.ts';
import type { SavedDraft } from '../application-draft.schema.ts';
import type { ApplicationRecord } from '../application.schema.ts';
import { applicationDealSchema, type ApplicationDeal } from '../deals/application-deal.schema.ts';
import { dealInputSchema } from '../deals/deal-input.schema.ts';
import { DEAL_OFFER_STATUSES, offerTermsSchema } from '../deals/deal-offer.ts';
import { dealQuoteSchema } from '../deals/deal-quote.schema.ts';
import type { CarConditionValue } from '../enums.ts';
import { CONSENT_KINDS, type ConsentKind } from '../consents.ts';
import {
  APPLICATION_STATUSES,
  CAR_CONDITIONS,
  EMPLOYMENT_STATUSES,
  HOUSING_STATUSES,
  INCOME_FREQUENCIES,
  MARITAL_STATUSES,
  WIRE_SUFFIXES,
  type ApplicationStatus,
} from '../enums.ts';
import { LICENCE_SIDES, type LicenceSide } from './documents.ts';
import { pagedSchema, type Paged } from './paged.ts';

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
  /** The deal the application is made with, as priced when it was submitted; null without one. */
  deal: ApplicationDeal | null;
  /** The desk's offers on that deal, oldest first. */
  offers: DealOffer[];
  /** Oldest first. */
  history: StatusChange[];
  /** Regulation B: the applicant is told of the decision within 30 days of a completed application. */
  regBDueAt: string;
  /** A rejection's adverse-action notice, once issued: its PDF is GET /api/applications/mine/notice.pdf. */
  notice: { issuedAt: string } | null;
}

/**
 * POST /api/applications/mine/notice-link: a link to the notice's PDF that works without the session,
 * for whoever cannot send it (Telegram downloads a file itself); it expires after `expiresAt`.
 */
export interface NoticeLink {
  /** A path on this site: GET it for the PDF. */
  url: string;
  fileName: string;
  expiresAt: string;
}

export const noticeLinkSchema = v.object({
  url: v.string(),
  fileName: v.string(),
  expiresAt: v.string(),
}) satisfies v.GenericSchema<unknown, NoticeLink>;

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
  /** The deal the application is made with, as priced when it was submitted; null without one. */
  deal: ApplicationDeal | null;
  /** The desk's offers on that deal, oldest first. */
  offers: DealOffer[];
  documents: ApplicationDocument[];
  consents: AcceptedConsent[];
  /** Oldest first. */
  history: StaffStatusChange[];
  regBDueAt: string;
  /** Whole days until regBDueAt; negative once it has passed; frozen at the adverse-action notice once one is sent. */
  regBDaysLeft: number;
  /** How the hand-off to the lender stands (docs/operations/lender.md). */
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
   * When the retention job erased the personal data (docs/product/retention.md#data-retention); from then on
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
  /** The latest adverse-action notice of a rejection (docs/product/notices.md#adverse-action-notices); null when none was issued. */
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
export type ErasedRecordField =
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

/** POST /api/lender/decisions: the application's status after the lender's decision. */
export interface LenderDecisionAnswer {
  applicationId: number;
  status: ApplicationStatus;
}

/* The answers above as the API document describes them (server/src/http/openapi.ts). */
const integer = v.pipe(v.number(), v.integer());
const statusSchema = v.picklist(APPLICATION_STATUSES);

/**
 * A counter-offer from the desk (docs/product/deals.md#offers): the deal input and the terms staff set,
 * the quote they price to under `settingsVersion`, and where it stands.
 */
export const dealOfferSchema = v.strictObject({
  id: integer,
  status: v.picklist(DEAL_OFFER_STATUSES),
  sentAt: v.string(),
  respondedAt: v.nullable(v.string()),
  settingsVersion: integer,
  input: dealInputSchema,
  terms: offerTermsSchema,
  quote: dealQuoteSchema,
});
export type DealOffer = v.InferOutput<typeof dealOfferSchema>;

const applicationCarSchema = v.object({
  uuid: v.string(),
  brand: v.string(),
  model: v.string(),
  year: integer,
  trim: v.nullable(v.string()),
  price: v.number(),
  mileage: v.number(),
  condition: v.picklist(CAR_CONDITIONS),
  photo: v.nullable(v.string()),
}) satisfies v.GenericSchema<unknown, ApplicationCar>;

export const myApplicationSchema = v.object({
  id: integer,
  status: statusSchema,
  submittedAt: v.string(),
  car: v.nullable(applicationCarSchema),
  deal: v.nullable(applicationDealSchema),
  offers: v.array(dealOfferSchema),
  history: v.array(v.object({ status: statusSchema, at: v.string() }) satisfies v.GenericSchema<unknown, StatusChange>),
  regBDueAt: v.string(),
  notice: v.nullable(v.object({ issuedAt: v.string() })),
}) satisfies v.GenericSchema<unknown, MyApplication>;

const actorSchema = v.object({ id: integer, name: v.string() }) satisfies v.GenericSchema<unknown, Actor>;

/** Addresses and jobs are stored as the applicant sent them; a key an older form left out reads as null. */
const storedAddressSchema = v.object({
  line1: v.string(),
  line2: v.nullish(v.string(), null),
  city: v.string(),
  state: v.string(),
  postalCode: v.string(),
});

const storedEmploymentSchema = v.object({
  employerName: v.string(),
  occupation: v.nullish(v.string(), null),
  workPhone: v.nullish(v.string(), null),
  status: v.picklist(EMPLOYMENT_STATUSES),
  employerAddress: v.nullish(storedAddressSchema, null),
  totalMonthsEmployed: v.optional(v.number()),
});

const creditReportAnswerSchema = v.object({
  bureau: v.object({ name: v.string(), address: v.string(), phone: v.string() }),
  score: v.optional(
    v.object({ score: v.number(), min: v.number(), max: v.number(), createdOn: v.string(), keyFactors: v.array(v.string()) }),
  ),
}) satisfies v.GenericSchema<unknown, CreditReport>;

const lenderDeliverySchema = v.variant('state', [
  v.object({ state: v.picklist(['not_configured', 'not_sent']) }),
  v.object({ state: v.literal('queued') }),
  v.object({ state: v.literal('retrying'), attempts: integer, lastError: v.nullable(v.string()), nextAttemptAt: v.string() }),
  v.object({ state: v.literal('sent'), attempts: integer, at: v.string() }),
  v.object({ state: v.literal('failed'), attempts: integer, lastError: v.nullable(v.string()), at: v.string() }),
]) satisfies v.GenericSchema<unknown, LenderDelivery>;

export const staffApplicationSchema = v.object({
  id: integer,
  userId: integer,
  status: statusSchema,
  carId: v.nullable(v.string()),
  firstName: v.string(),
  lastName: v.string(),
  suffix: v.nullable(v.picklist(WIRE_SUFFIXES)),
  phone: v.string(),
  dateOfBirth: v.nullable(v.string()),
  email: v.string(),
  maritalStatus: v.nullable(v.picklist(MARITAL_STATUSES)),
  consentGiven: v.boolean(),
  monthsAtCurrentAddress: v.nullable(v.number()),
  housingStatus: v.nullable(v.picklist(HOUSING_STATUSES)),
  mortgageOrRentAmount: v.nullable(v.number()),
  address: v.nullable(storedAddressSchema),
  previousAddress: v.nullable(storedAddressSchema),
  income: v.nullable(v.number()),
  incomeFrequency: v.nullable(v.picklist(INCOME_FREQUENCIES)),
  otherIncomeSource: v.nullable(v.string()),
  otherIncomeAmount: v.nullable(v.number()),
  currentEmployment: v.nullable(storedEmploymentSchema),
  previousEmployment: v.nullable(storedEmploymentSchema),
  noPreviousEmployment: v.boolean(),
  ssnMasked: v.nullable(v.string()),
  submittedAt: v.string(),
  updatedAt: v.string(),
  car: v.nullable(applicationCarSchema),
  deal: v.nullable(applicationDealSchema),
  offers: v.array(dealOfferSchema),
  documents: v.array(
    v.object({
      id: integer,
      side: v.picklist(LICENCE_SIDES),
      mime: v.string(),
      size: integer,
      width: v.nullable(integer),
      height: v.nullable(integer),
    }) satisfies v.GenericSchema<unknown, ApplicationDocument>,
  ),
  consents: v.array(
    v.object({ kind: v.picklist(CONSENT_KINDS), version: v.string(), acceptedAt: v.string() }) satisfies v.GenericSchema<
      unknown,
      AcceptedConsent
    >,
  ),
  history: v.array(
    v.object({
      status: statusSchema,
      at: v.string(),
      from: v.nullable(statusSchema),
      by: v.nullable(actorSchema),
    }) satisfies v.GenericSchema<unknown, StaffStatusChange>,
  ),
  regBDueAt: v.string(),
  regBDaysLeft: integer,
  lenderDelivery: lenderDeliverySchema,
  lenderReference: v.nullable(v.string()),
  assignee: v.nullable(actorSchema),
  firstResponseAt: v.nullable(v.string()),
  firstResponseMinutes: v.nullable(integer),
  erasedAt: v.nullable(v.string()),
  adverseActionNotice: v.nullable(
    v.object({
      at: v.string(),
      reasons: v.array(v.picklist(ADVERSE_ACTION_REASONS)),
      otherReason: v.nullable(v.string()),
      creditReport: v.nullable(creditReportAnswerSchema),
      deliveredAt: v.nullable(v.string()),
      deliveryChannel: v.nullable(v.picklist(['telegram', 'email'])),
    }) satisfies v.GenericSchema<unknown, AdverseActionNotice>,
  ),
}) satisfies v.GenericSchema<unknown, StaffApplication>;

export const ssnRevealSchema = v.object({ ssn: v.nullable(v.string()) }) satisfies v.GenericSchema<unknown, SsnReveal>;

export const applicationTrailPageSchema = pagedSchema(
  v.object({
    id: integer,
    action: v.string(),
    at: v.string(),
    actor: v.nullable(actorSchema),
    details: v.record(v.string(), v.unknown()),
  }) satisfies v.GenericSchema<unknown, ApplicationTrailEvent>,
) satisfies v.GenericSchema<unknown, Paged<ApplicationTrailEvent>>;

export const reviewConfirmationSchema = v.object({
  applicationId: integer,
  at: v.string(),
  by: actorSchema,
}) satisfies v.GenericSchema<unknown, ReviewConfirmation>;

export const applicationNoteSchema = v.object({
  id: integer,
  text: v.string(),
  contacted: v.boolean(),
  at: v.string(),
  author: v.nullable(actorSchema),
}) satisfies v.GenericSchema<unknown, ApplicationNote>;

export const leadAssignmentSchema = v.object({
  applicationId: integer,
  assignee: v.nullable(actorSchema),
}) satisfies v.GenericSchema<unknown, LeadAssignment>;

export const lenderDecisionAnswerSchema = v.object({
  applicationId: integer,
  status: statusSchema,
}) satisfies v.GenericSchema<unknown, LenderDecisionAnswer>;
