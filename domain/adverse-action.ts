import * as v from 'valibot';
import { parseIsoDate, systemClock } from './dates.ts';
import { STAFF_APPLICATION_STATUSES, type ApplicationStatus } from './enums.ts';
import { normalizeText } from './fields.ts';

/**
 * The principal reasons a rejection may give (docs/product/notices.md#adverse-action-notices), from the
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

/**
 * The agency that administers compliance with the ECOA for a creditor no other agency in
 * Regulation B's Appendix A covers, such as a car dealer or finance company (12 CFR 1002,
 * Appendix A, "other creditors not listed above", as amended in 2023): printed as it is in every language.
 */
export const ECOA_AGENCY_ADDRESS = ['Federal Trade Commission', 'Consumer Response Center', 'Washington, DC 20580'] as const;

/** A consumer reporting agency as the notice names it (FCRA §615(a)(3)): name, mailing address, toll-free number. */
export interface CreditBureau {
  name: string;
  address: string;
  phone: string;
}

/** The three nationwide consumer reporting agencies, as their consumer disclosure addresses are published. */
export const CREDIT_BUREAUS = {
  equifax: { name: 'Equifax', address: 'P.O. Box 740241, Atlanta, GA 30374-0241', phone: '1-800-685-1111' },
  experian: { name: 'Experian', address: 'P.O. Box 2002, Allen, TX 75013', phone: '1-888-397-3742' },
  transunion: { name: 'TransUnion', address: 'P.O. Box 1000, Chester, PA 19016', phone: '1-800-888-4213' },
} as const satisfies Record<string, CreditBureau>;
export type CreditBureauId = keyof typeof CREDIT_BUREAUS;

/** FCRA §615(a)(1)(C) with §609(f)(9): at most four key factors, five when the number of inquiries is one of them. */
export const MAX_KEY_FACTORS = 4;
export const MAX_KEY_FACTORS_WITH_INQUIRIES = 5;
export const KEY_FACTOR_MAX_LENGTH = 200;
const CREDIT_SCORE_LIMIT = 10_000;
/** A factor about inquiries, as the scoring models word it ("Too many inquiries last 12 months", "Number of recent enquiries"). */
const INQUIRIES_FACTOR = /\b(?:in|en)quir/i;

/** Whether a key factor is about the number of inquiries, the one factor the statute lets past four. */
export const isInquiriesFactor = (factor: string) => INQUIRIES_FACTOR.test(factor);

/** The most key factors `factors` may hold: five only when one of them is the number of inquiries. */
export const keyFactorLimit = (factors: readonly string[]) =>
  factors.some(isInquiriesFactor) ? MAX_KEY_FACTORS_WITH_INQUIRIES : MAX_KEY_FACTORS;

const scoreNumber = (what: string) =>
  v.pipe(
    v.number(`Enter the ${what} as a whole number.`),
    v.integer(`Enter the ${what} as a whole number.`),
    v.minValue(0, `The ${what} cannot be negative.`),
    v.maxValue(CREDIT_SCORE_LIMIT, `The ${what} must be at most ${CREDIT_SCORE_LIMIT}.`),
  );

/** A day on the calendar (YYYY-MM-DD) no later than tomorrow in UTC, so every time zone's today passes. */
const scoreDate = v.pipe(
  v.string('Enter the date the score was created (YYYY-MM-DD).'),
  v.trim(),
  v.check((value) => parseIsoDate(value) !== null, 'Enter the date the score was created (YYYY-MM-DD).'),
  v.check(
    (value) => Date.parse(`${value}T00:00:00Z`) <= systemClock().getTime() + 86_400_000,
    'The date the score was created cannot be in the future.',
  ),
);

const keyFactor = v.pipe(
  v.string('Each key factor must be text.'),
  v.transform(normalizeText),
  v.nonEmpty('A key factor cannot be empty.'),
  v.maxLength(KEY_FACTOR_MAX_LENGTH, `Each key factor must be at most ${KEY_FACTOR_MAX_LENGTH} characters.`),
);

/**
 * The credit score used in the decision, which FCRA §615(a)(1) (as amended by Dodd-Frank) has the
 * notice disclose: the score, the range of possible scores, the date it was created and the key
 * factors that adversely affected it, as the consumer reporting agency supplied them.
 */
export const creditScoreSchema = v.pipe(
  v.object({
    score: scoreNumber('credit score'),
    min: scoreNumber('lowest possible score'),
    max: scoreNumber('highest possible score'),
    createdOn: scoreDate,
    keyFactors: v.pipe(
      v.array(keyFactor, 'keyFactors must be a list of texts.'),
      v.minLength(1, 'Give the key factors that adversely affected the score.'),
      v.check(
        (factors) => factors.length <= keyFactorLimit(factors),
        `Give at most ${MAX_KEY_FACTORS} key factors, or ${MAX_KEY_FACTORS_WITH_INQUIRIES} when one of them is the number of inquiries.`,
      ),
    ),
  }),
  v.forward(
    v.check((score) => score.min < score.max, 'The lowest possible score must be below the highest.'),
    ['max'],
  ),
  v.forward(
    v.check(
      (score) => score.min >= score.max || (score.score >= score.min && score.score <= score.max),
      'The credit score must lie within the range of possible scores.',
    ),
    ['score'],
  ),
);
export type CreditScore = v.InferOutput<typeof creditScoreSchema>;

/**
 * The consumer reporting agency whose report was used: FCRA §615(a) has the notice name it, with
 * its address and toll-free number, and give the credit score it supplied when one was used.
 */
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
  score: v.optional(creditScoreSchema),
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
