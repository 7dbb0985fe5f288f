import * as v from 'valibot';
import { MAX_DEAL_AMOUNT_CENTS } from '../deals/deal-input.schema.ts';
import { CAR_MAX_YEAR, CAR_MIN_YEAR, CAR_TEXT_MAX_LENGTH } from '../inventory.schema.ts';
import { characterCount, hasNoControlCharacters, normalizeLineBreaks } from '../text.ts';
import { checkVin, normalizeVin, vinMessages } from '../vin.ts';

/**
 * A shopper's car to trade in (docs/product/trade-ins.md): what they say about it, kept as a draft
 * while they describe it and checked whole when they submit it for an appraisal.
 */

/** The angles the describe screen asks a photo of, in the order it asks; `damage` may hold several. */
export const TRADE_IN_ANGLES = ['front', 'rear', 'left', 'right', 'interior', 'odometer', 'damage'] as const;
export type TradeInAngle = (typeof TRADE_IN_ANGLES)[number];
/** The angles a complete set of photos has one of at least (damage only where there is some). */
export const REQUIRED_TRADE_IN_ANGLES = [
  'front',
  'rear',
  'left',
  'right',
  'interior',
  'odometer',
] as const satisfies readonly TradeInAngle[];
export const MAX_TRADE_IN_PHOTOS = 40;

/**
 * draft: being described; new: submitted, waiting for staff; offered: an offer is open; accepted and
 * declined: the shopper's answer; expired: the offer ran out unanswered; withdrawn: the shopper took
 * it back. A question from staff leaves the status as it is: the thread says who is to answer.
 */
export const TRADE_IN_STATUSES = ['draft', 'new', 'offered', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type TradeInStatus = (typeof TRADE_IN_STATUSES)[number];
/** The statuses of the staff queue, in its tab order. */
export const TRADE_IN_QUEUE_STATUSES = ['new', 'offered', 'accepted', 'declined', 'expired'] as const satisfies readonly TradeInStatus[];

/** Not completed: erased this many days after the last change (docs/product/trade-ins.md#data-that-leaves). */
export const TRADE_IN_RETENTION_DAYS = 90;
export const DEFAULT_TRADE_IN_OFFER_VALID_DAYS = 7;
/** Above this a trade's mileage is a typo. */
export const TRADE_IN_MAX_MILEAGE = 999_999;
export const TRADE_IN_NOTES_MAX_LENGTH = 2000;
export const TRADE_IN_MESSAGE_MAX_LENGTH = 2000;

export const ACCIDENT_HISTORIES = ['none', 'minor', 'major'] as const;
export const TYRE_CONDITIONS = ['good', 'fair', 'worn'] as const;
export const BODY_DAMAGES = ['none', 'minor', 'major'] as const;
export const KEY_COUNTS = ['one', 'two_or_more'] as const;
export const OWNERSHIP_KINDS = ['owned', 'financed', 'leased'] as const;
export type OwnershipKind = (typeof OWNERSHIP_KINDS)[number];

/** English texts are also the Lingui message ids, as with validationMessages. */
export const tradeInMessages = {
  ...vinMessages,
  yearInvalid: `Year must be a whole number from ${CAR_MIN_YEAR} to ${CAR_MAX_YEAR}.`,
  textInvalid: `Must be at most ${CAR_TEXT_MAX_LENGTH} characters, with no control characters.`,
  mileageInvalid: `Mileage must be a whole number of miles from 0 to ${TRADE_IN_MAX_MILEAGE.toLocaleString('en-US')}.`,
  mileageRequired: 'Enter the mileage on the odometer.',
  vehicleRequired: 'Enter the VIN, or the year, make and model.',
  answerRequired: 'Answer this question.',
  answerInvalid: 'Choose one of the listed answers.',
  ownershipRequired: 'Say whether the car is owned outright, financed or leased.',
  lenderRequired: 'Name the lender or leasing company.',
  payoffRequired: 'Enter the payoff (or lease buyout) amount.',
  payoffInvalid: 'Payoff must be a whole number of cents from 0 to 1,000,000,000.',
  payoffNotOwned: 'A car owned outright has no payoff.',
  notesInvalid: `Must be at most ${TRADE_IN_NOTES_MAX_LENGTH} characters.`,
  messageRequired: 'Write the message.',
  messageInvalid: `Must be at most ${TRADE_IN_MESSAGE_MAX_LENGTH} characters.`,
  angleInvalid: 'Choose one of the listed angles.',
  tooManyPhotos: `A trade-in holds at most ${MAX_TRADE_IN_PHOTOS} photos.`,
} as const;
const m = tradeInMessages;

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** One line of text or null (absent, null or blank), as in the inventory's form. */
const optionalLine = v.pipe(
  v.unknown(),
  v.transform(blankToNull),
  v.union([v.null(), v.pipe(v.string(m.textInvalid), v.trim())], m.textInvalid),
  v.check((text) => text === null || (characterCount(text) <= CAR_TEXT_MAX_LENGTH && hasNoControlCharacters(text)), m.textInvalid),
);

const optionalVin = v.pipe(
  v.unknown(),
  v.transform(blankToNull),
  v.union([v.null(), v.pipe(v.string(vinMessages.length), v.transform(normalizeVin))], vinMessages.length),
  v.check(
    (vin) => vin === null || checkVin(vin) === null,
    (issue) => checkVin(String(issue.input))?.message ?? vinMessages.checkDigit,
  ),
);

const optionalWhole = (message: string, min: number, max: number) =>
  v.nullable(v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message)), null);

const optionalChoice = <const T extends readonly [string, ...string[]]>(options: T) =>
  v.nullable(v.picklist(options, m.answerInvalid), null);

/** The condition questions a dealer's appraiser asks; null is "not answered yet". */
export const tradeInConditionSchema = v.strictObject({
  accidents: v.optional(optionalChoice(ACCIDENT_HISTORIES), null),
  warningLights: v.optional(v.nullable(v.boolean(m.answerInvalid), null), null),
  smokedIn: v.optional(v.nullable(v.boolean(m.answerInvalid), null), null),
  keys: v.optional(optionalChoice(KEY_COUNTS), null),
  tyres: v.optional(optionalChoice(TYRE_CONDITIONS), null),
  bodyDamage: v.optional(optionalChoice(BODY_DAMAGES), null),
  mechanicalIssues: v.optional(v.nullable(v.boolean(m.answerInvalid), null), null),
  modifications: v.optional(v.nullable(v.boolean(m.answerInvalid), null), null),
});
export type TradeInCondition = v.InferOutput<typeof tradeInConditionSchema>;
export type TradeInConditionQuestion = keyof TradeInCondition;
export const TRADE_IN_CONDITION_QUESTIONS = Object.keys(tradeInConditionSchema.entries) as TradeInConditionQuestion[];

const multilineNotes = v.pipe(
  v.unknown(),
  v.transform(blankToNull),
  v.union([v.null(), v.pipe(v.string(m.notesInvalid), v.transform(normalizeLineBreaks), v.trim())], m.notesInvalid),
  v.check(
    (text) => text === null || (characterCount(text) <= TRADE_IN_NOTES_MAX_LENGTH && hasNoControlCharacters(text, 'lines')),
    m.notesInvalid,
  ),
);

/**
 * The shopper's answers as they stand: everything may still be missing. The payoff lender and
 * amount are personal financial data: sealed at rest, never logged, never in the outbox.
 */
export const tradeInDraftSchema = v.strictObject({
  vin: v.optional(optionalVin, null),
  year: v.optional(optionalWhole(m.yearInvalid, CAR_MIN_YEAR, CAR_MAX_YEAR), null),
  make: v.optional(optionalLine, null),
  model: v.optional(optionalLine, null),
  trim: v.optional(optionalLine, null),
  mileage: v.optional(optionalWhole(m.mileageInvalid, 0, TRADE_IN_MAX_MILEAGE), null),
  condition: v.optional(tradeInConditionSchema, {}),
  ownership: v.optional(optionalChoice(OWNERSHIP_KINDS), null),
  payoffLender: v.optional(optionalLine, null),
  payoffCents: v.optional(optionalWhole(m.payoffInvalid, 0, MAX_DEAL_AMOUNT_CENTS), null),
  notes: v.optional(multilineNotes, null),
});
export type TradeInDraft = v.InferOutput<typeof tradeInDraftSchema>;
export type TradeInDraftField = Exclude<keyof TradeInDraft, 'condition'> | `condition.${TradeInConditionQuestion}`;

export interface TradeInProblem {
  field: TradeInDraftField;
  message: string;
}

/**
 * What still stops a draft from being submitted, each on its field, in the screen's order: the car
 * (a VIN, or year, make and model; a VIN's year must agree with a typed year), its mileage, every
 * condition question, and the ownership with its lender and payoff where one is owed.
 */
export function tradeInProblems(draft: TradeInDraft): TradeInProblem[] {
  const problems: TradeInProblem[] = [];
  if (draft.vin !== null && draft.year !== null) {
    const mismatch = checkVin(draft.vin, draft.year);
    if (mismatch) problems.push({ field: 'year', message: mismatch.message });
  }
  if (draft.vin === null && (draft.year === null || draft.make === null || draft.model === null)) {
    for (const field of ['year', 'make', 'model'] as const) if (draft[field] === null) problems.push({ field, message: m.vehicleRequired });
  }
  if (draft.mileage === null) problems.push({ field: 'mileage', message: m.mileageRequired });
  for (const question of TRADE_IN_CONDITION_QUESTIONS)
    if (draft.condition[question] === null) problems.push({ field: `condition.${question}`, message: m.answerRequired });
  if (draft.ownership === null) problems.push({ field: 'ownership', message: m.ownershipRequired });
  if (draft.ownership === 'owned' && draft.payoffCents !== null && draft.payoffCents > 0)
    problems.push({ field: 'payoffCents', message: m.payoffNotOwned });
  if (draft.ownership === 'financed' || draft.ownership === 'leased') {
    if (draft.payoffLender === null) problems.push({ field: 'payoffLender', message: m.lenderRequired });
    if (draft.payoffCents === null) problems.push({ field: 'payoffCents', message: m.payoffRequired });
  }
  return problems;
}

/** What is still owed on the car: the payoff of a loan or a lease's buyout; nothing when owned outright. */
export const tradeInPayoffCents = (draft: Pick<TradeInDraft, 'ownership' | 'payoffCents'>): number =>
  draft.ownership === 'owned' ? 0 : (draft.payoffCents ?? 0);

export const TRADE_IN_OFFER_MAX_VALID_DAYS = 30;
export const TRADE_IN_CONDITIONS_MAX_LENGTH = 500;

export const tradeInOfferMessages = {
  amountInvalid: 'Offer must be a whole number of cents from 1 to 1,000,000,000.',
  validDaysInvalid: `Validity must be a whole number of days from 1 to ${TRADE_IN_OFFER_MAX_VALID_DAYS}.`,
  conditionsInvalid: `Conditions must be at most ${TRADE_IN_CONDITIONS_MAX_LENGTH} characters.`,
} as const;

/** POST /api/trade-ins/{id}/offers: the amount, how long it holds (the dealer's default when left out) and its conditions. */
export const tradeInOfferRequestSchema = v.strictObject({
  amountCents: v.pipe(
    v.number(tradeInOfferMessages.amountInvalid),
    v.integer(tradeInOfferMessages.amountInvalid),
    v.minValue(1, tradeInOfferMessages.amountInvalid),
    v.maxValue(MAX_DEAL_AMOUNT_CENTS, tradeInOfferMessages.amountInvalid),
  ),
  validDays: v.optional(
    v.pipe(
      v.number(tradeInOfferMessages.validDaysInvalid),
      v.integer(tradeInOfferMessages.validDaysInvalid),
      v.minValue(1, tradeInOfferMessages.validDaysInvalid),
      v.maxValue(TRADE_IN_OFFER_MAX_VALID_DAYS, tradeInOfferMessages.validDaysInvalid),
    ),
  ),
  conditions: v.optional(
    v.pipe(
      v.unknown(),
      v.transform(blankToNull),
      v.union([v.null(), v.pipe(v.string(tradeInOfferMessages.conditionsInvalid), v.transform(normalizeLineBreaks), v.trim())]),
      v.check(
        (text) => text === null || (characterCount(text) <= TRADE_IN_CONDITIONS_MAX_LENGTH && hasNoControlCharacters(text, 'lines')),
        tradeInOfferMessages.conditionsInvalid,
      ),
    ),
    'Subject to inspection.',
  ),
});
export type TradeInOfferRequest = v.InferOutput<typeof tradeInOfferRequestSchema>;

/** A staff question or the shopper's answer in a trade-in's thread. */
export const tradeInMessageRequestSchema = v.strictObject({
  text: v.pipe(
    v.string(m.messageRequired),
    v.transform(normalizeLineBreaks),
    v.trim(),
    v.nonEmpty(m.messageRequired),
    v.check((text) => characterCount(text) <= TRADE_IN_MESSAGE_MAX_LENGTH && hasNoControlCharacters(text, 'lines'), m.messageInvalid),
  ),
});
export type TradeInMessageRequest = v.InferOutput<typeof tradeInMessageRequestSchema>;

export const tradeInAngleSchema = v.picklist(TRADE_IN_ANGLES, m.angleInvalid);
