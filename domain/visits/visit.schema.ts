import * as v from 'valibot';
import { carUuidSchema } from '../cars.ts';
import { dealInputSchema } from '../deals/deal-input.schema.ts';
import { MAX_EMAIL_LENGTH } from '../constants.ts';
import { wirePhoneField } from '../fields.ts';
import { validationMessages } from '../messages.ts';
import { hasNoControlCharacters, normalizeLineBreaks } from '../text.ts';

/**
 * A visit to the dealer (docs/product/visits.md): a test drive, or a hold that keeps a car for the
 * shopper until the end of the visit. Booked by the shopper from the car page, or by staff for a
 * shopper who phoned.
 */

export const VISIT_TYPES = ['test_drive', 'hold'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

/** booked until staff record how it went (arrived, then completed; or no_show) or either side cancels it. */
export const VISIT_STATUSES = ['booked', 'arrived', 'completed', 'no_show', 'cancelled'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** What staff may record of a visit (PATCH /api/visits/{id}/outcome). */
export const VISIT_OUTCOMES = ['arrived', 'completed', 'no_show'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/** Who booked, moved or cancelled a visit. */
export const VISIT_ACTORS = ['shopper', 'staff'] as const;
export type VisitActor = (typeof VISIT_ACTORS)[number];

export const MAX_VISIT_NOTE_LENGTH = 500;
export const MAX_VISIT_NAME_LENGTH = 100;

export const visitMessages = {
  typeInvalid: 'Choose a test drive or a hold.',
  startInvalid: 'Choose one of the listed times.',
  nameRequired: 'Enter your name.',
  nameInvalid: 'Name must be one line of at most 100 characters.',
  noteInvalid: 'Note must be at most 500 characters, with no control characters but line breaks.',
  outcomeInvalid: 'Choose arrived, completed or no-show.',
  // Why a start cannot be booked (domain/visits/visit-slots.ts SlotProblem).
  past: 'This time has passed: choose a later one.',
  too_soon: 'This time is too soon for us to get the car ready: choose a later one.',
  beyond_horizon: 'This time is too far ahead to book yet: choose an earlier one.',
  closed: 'We are closed that day: choose another day.',
  outside_hours: 'We are closed at that time: choose a time within our hours.',
  off_grid: 'Choose one of the listed times.',
  holdTooLong: 'A hold lasts at most 48 hours: choose a time within the next two days.',
  emailRequired: 'Enter your email so we can send the confirmation.',
} as const;
const m = visitMessages;

const startSchema = v.pipe(
  v.string(m.startInvalid),
  v.isoTimestamp(m.startInvalid),
  v.check((text) => !Number.isNaN(Date.parse(text)), m.startInvalid),
);

const nameSchema = v.pipe(
  v.string(m.nameRequired),
  v.trim(),
  v.nonEmpty(m.nameRequired),
  v.maxLength(MAX_VISIT_NAME_LENGTH, m.nameInvalid),
  v.check((name) => hasNoControlCharacters(name), m.nameInvalid),
);

const noteSchema = v.pipe(
  v.nullish(v.string(m.noteInvalid), ''),
  v.transform(normalizeLineBreaks),
  v.trim(),
  v.maxLength(MAX_VISIT_NOTE_LENGTH, m.noteInvalid),
  v.check((note) => hasNoControlCharacters(note, 'lines'), m.noteInvalid),
);

/** Optional email: '' when none; required of a web shopper, which the server checks (it knows who asks). */
const optionalEmailSchema = v.pipe(
  v.nullish(v.string(validationMessages.emailInvalid), ''),
  v.trim(),
  v.maxLength(MAX_EMAIL_LENGTH, validationMessages.tooLong254),
  v.check((email) => email === '' || v.EMAIL_REGEX.test(email), validationMessages.emailInvalid),
);

/**
 * POST /api/visits: a shopper books for themselves; staff book for a shopper who phoned (the same
 * fields). `deal` is the deal the shopper built on the car page, priced again by the server.
 */
export const visitBookingSchema = v.strictObject({
  carUuid: carUuidSchema,
  type: v.picklist(VISIT_TYPES, m.typeInvalid),
  start: startSchema,
  name: nameSchema,
  phone: wirePhoneField,
  email: optionalEmailSchema,
  note: noteSchema,
  deal: v.optional(v.nullable(dealInputSchema), null),
});
export type VisitBooking = v.InferOutput<typeof visitBookingSchema>;

/** PATCH /api/visits/{id}: a new time, and optionally another car (the one booked was sold). */
export const visitMoveSchema = v.strictObject({
  start: startSchema,
  carUuid: v.optional(carUuidSchema),
  /** A signed link's token, for a shopper who is not signed in. */
  token: v.optional(v.pipe(v.string(), v.maxLength(500))),
});
export type VisitMove = v.InferOutput<typeof visitMoveSchema>;

/** POST /api/visits/{id}/cancel. */
export const visitCancelSchema = v.strictObject({
  token: v.optional(v.pipe(v.string(), v.maxLength(500))),
});

/** PATCH /api/visits/{id}/outcome (staff). */
export const visitOutcomeSchema = v.strictObject({ outcome: v.picklist(VISIT_OUTCOMES, m.outcomeInvalid) });
