import * as v from 'valibot';
import { STAFF_APPLICATION_STATUSES, type ApplicationStatus } from './enums.ts';
import { normalizeText } from './fields.ts';

/**
 * The principal reasons a rejection may give (docs/product.md#adverse-action-notices), from the
 * checklist of Regulation B's sample notice (12 CFR 1002, Appendix C, form C-1). `other` carries
 * a short text of its own.
 */
export const ADVERSE_ACTION_REASONS = [
  'insufficient_income',
  'excessive_obligations',
  'unable_to_verify_income',
  'length_of_employment',
  'temporary_or_irregular_employment',
  'insufficient_residence',
  'incomplete_application',
  'limited_credit_experience',
  'delinquent_obligations',
  'other',
] as const;
export type AdverseActionReason = (typeof ADVERSE_ACTION_REASONS)[number];

/** Each reason as the notice and the dashboard word it; message ids, translated in the catalogues. */
export const adverseActionReasonLabels: Record<AdverseActionReason, string> = {
  insufficient_income: 'Income insufficient for amount of credit requested',
  excessive_obligations: 'Excessive obligations in relation to income',
  unable_to_verify_income: 'Unable to verify income',
  length_of_employment: 'Length of employment',
  temporary_or_irregular_employment: 'Temporary or irregular employment',
  insufficient_residence: 'Insufficient length of residence',
  incomplete_application: 'Incomplete application',
  limited_credit_experience: 'Limited credit experience',
  delinquent_obligations: 'Delinquent past or present credit obligations with others',
  other: 'Other',
};

/** How a notice reached the applicant: the bot for a Telegram user, email for a web applicant. */
export type NoticeChannel = 'telegram' | 'email';

/** Regulation B asks for the principal reasons; its sample form says no more than four are useful (Appendix C, note). */
export const MAX_ADVERSE_ACTION_REASONS = 4;
export const OTHER_REASON_MAX_LENGTH = 200;
const BUREAU_TEXT_MAX_LENGTH = 200;
const BUREAU_PHONE = /^[0-9()+\-. ]{7,30}$/;

const bureauText = (what: string) =>
  v.pipe(
    v.string(`Enter the credit bureau's ${what}.`),
    v.transform(normalizeText),
    v.nonEmpty(`Enter the credit bureau's ${what}.`),
    v.maxLength(BUREAU_TEXT_MAX_LENGTH, `The credit bureau's ${what} must be at most ${BUREAU_TEXT_MAX_LENGTH} characters.`),
  );

/** The consumer reporting agency whose report was used: FCRA §615(a) has the notice name it, with its address and toll-free number. */
export const creditReportSchema = v.object({
  bureau: v.object({
    name: bureauText('name'),
    address: bureauText('address'),
    phone: v.pipe(
      v.string("Enter the credit bureau's toll-free phone number."),
      v.trim(),
      v.regex(BUREAU_PHONE, "Enter the credit bureau's toll-free phone number, such as 1-888-397-3742."),
    ),
  }),
});
export type CreditReport = v.InferOutput<typeof creditReportSchema>;

export const adverseActionReasonsSchema = v.pipe(
  v.array(
    v.picklist(ADVERSE_ACTION_REASONS, `Each reason must be one of ${ADVERSE_ACTION_REASONS.join(', ')}.`),
    'reasons must be a list of reason ids.',
  ),
  v.minLength(1, 'Choose at least one principal reason for the rejection.'),
  v.maxLength(MAX_ADVERSE_ACTION_REASONS, `Choose at most ${MAX_ADVERSE_ACTION_REASONS} principal reasons.`),
  v.check((reasons) => new Set(reasons).size === reasons.length, 'Give each reason once.'),
);

export const otherReasonSchema = v.pipe(
  v.string('Describe the other reason in a few words.'),
  v.transform(normalizeText),
  v.maxLength(OTHER_REASON_MAX_LENGTH, `Describe the other reason in at most ${OTHER_REASON_MAX_LENGTH} characters.`),
);

/** What a rejection records beside the status: the notice's principal reasons and the report used, if any. */
export interface AdverseActionRejection {
  reasons: AdverseActionReason[];
  /** The text of `other`; null when `other` is not among the reasons. */
  otherReason: string | null;
  creditReport: CreditReport | null;
}

/** The PATCH /api/applications/{id}/status body as the server uses it: the status, and the rejection's notice when rejected. */
export interface StatusChangeRequest {
  status: ApplicationStatus;
  rejection: AdverseActionRejection | null;
}

/**
 * PATCH /api/applications/{id}/status: `{status}`, and for `rejected` also `reasons` (1 to 4
 * unique ids), `otherReason` (required with `other`) and an optional `creditReport`. Reasons
 * belong to a rejection only, so another status with them is refused rather than ignored.
 */
export const statusChangeSchema = v.pipe(
  v.object({
    // Withdrawn is the applicant's own step (POST /api/applications/mine/withdraw), never a staff choice.
    status: v.picklist(STAFF_APPLICATION_STATUSES, 'status must be in_review, approved or rejected'),
    reasons: v.optional(adverseActionReasonsSchema),
    otherReason: v.optional(otherReasonSchema),
    creditReport: v.optional(creditReportSchema),
  }),
  v.forward(
    v.check((body) => body.status !== 'rejected' || body.reasons !== undefined, 'A rejection needs its principal reasons (1 to 4).'),
    ['reasons'],
  ),
  v.forward(
    v.check(
      (body) => body.status === 'rejected' || (body.reasons === undefined && body.otherReason === undefined),
      'Reasons are given only with the status rejected.',
    ),
    ['reasons'],
  ),
  v.forward(
    v.check(
      (body) => body.status === 'rejected' || body.creditReport === undefined,
      'A credit report is named only with the status rejected.',
    ),
    ['creditReport'],
  ),
  v.forward(
    v.check((body) => !body.reasons?.includes('other') || (body.otherReason ?? '') !== '', 'Describe the other reason in a few words.'),
    ['otherReason'],
  ),
  v.forward(
    v.check(
      (body) => body.otherReason === undefined || body.reasons?.includes('other') === true,
      'otherReason goes with the reason other.',
    ),
    ['otherReason'],
  ),
  v.transform(({ status, reasons, otherReason, creditReport }): StatusChangeRequest => ({
    status,
    rejection:
      status === 'rejected' && reasons
        ? { reasons, otherReason: reasons.includes('other') ? (otherReason ?? null) : null, creditReport: creditReport ?? null }
        : null,
  })),
);
