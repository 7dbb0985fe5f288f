import * as v from 'valibot';
import type { ConflictingCar, InventoryCar } from './inventory.ts';
import type { VisitSlot } from './visits.ts';

/** Error codes clients can rely on; the HTTP status follows from the code (docs/product/api.md#errors). */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  /** A staff session on the web must confirm a passkey before it reaches personal data (STAFF_MFA). */
  mfa_required: 403,
  // Last of the 403s: a bare 403 maps back to this generic code.
  forbidden: 403,
  not_found: 404,
  /** A signed download link past its expiry: ask for a new one (POST /api/applications/mine/notice-link). */
  link_expired: 410,
  /** The request, or its body, arrived too slowly (HTTP_REQUEST_TIMEOUT_MS, HTTP_BODY_MIN_BYTES_PER_SECOND). */
  request_timeout: 408,
  /** One application per user: the answer carries the existing one's applicationId. */
  application_exists: 409,
  /** A consent was given for a text that has changed since: show the new text (fields name the kinds). */
  consent_outdated: 409,
  /** An Idempotency-Key used before with another request. */
  idempotency_key_reused: 409,
  /** A car edit based on an older version: the answer carries the `current` car to edit again. */
  stale_version: 409,
  /** Another car has this VIN: the answer names it (`otherCar`). */
  duplicate_vin: 409,
  /** Another car has this stock number: the answer names it (`otherCar`). */
  duplicate_stock_number: 409,
  /** An application for a car that is pending, sold or gone from the catalogue. */
  car_unavailable: 409,
  /** An application's deal whose quote differs from the server's pricing of it now (the car's price changed, or a forged figure): review the deal again. */
  deal_changed: 409,
  /** A trade-in offer accepted after its valid_until: ask for a new appraisal (POST /api/trade-ins/mine/reappraisal). */
  offer_expired: 409,
  /** A trade-in that holds MAX_TRADE_IN_PHOTOS photos already: delete some first. */
  too_many_photos: 409,
  /** The last place in a visit's slot went to someone else first: the answer carries the next free slots (`nextSlots`). */
  slot_full: 409,
  /** Another shopper holds this car until their visit ends: it cannot be booked or applied for now. */
  car_on_hold: 409,
  /** A visit that was cancelled or has begun: it can no longer be moved or cancelled. */
  visit_closed: 409,
  // Last of the 409s: a bare 409 maps back to this generic code.
  conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  /** The PDF renderer has no free slot within its queue and deadline: try again in a few seconds. */
  pdf_busy: 503,
  /** No Chromium to render PDFs with (none installed, or it will not start). */
  pdf_unavailable: 503,
  /** Too many images are being decoded right now: try again after Retry-After seconds. */
  busy: 503,
  database_unavailable: 503,
  // Last of the 503s: a dependency-free 503 from Fastify itself maps back to this generic code.
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

/** Dot path of a field ('previousAddress.city', '' for the whole value) → what is wrong with it. */
export type FieldErrors = Record<string, string>;

/** Every error answer of the API. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    fields?: FieldErrors;
    applicationId?: number;
    /** stale_version: the car as it is now. */
    current?: InventoryCar;
    /** duplicate_vin, duplicate_stock_number: the car that already has the value. */
    otherCar?: ConflictingCar;
    /** slot_full: the next slots with a place left. */
    nextSlots?: VisitSlot[];
  };
}

/** valibot's own messages read "Invalid type: Expected … but received …"; ours never do. */
const VALIBOT_DEFAULT = /^Invalid \w+: /;

const WORDS_FOR_TYPE: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  bigint: 'a whole number',
};

/** "one of en, uk, es or ru" from valibot's expected '"en" | "uk" | "es" | "ru"'. */
function choicesInWords(expected: string): string {
  const options = expected
    .replace(/^\((.*)\)$/, '$1')
    .split(' | ')
    .map((option) => option.replace(/^"|"$/g, ''));
  return options.length === 1 ? options[0]! : `one of ${options.slice(0, -1).join(', ')} or ${options.at(-1)}`;
}

/**
 * The message for one validation issue in a person's words, naming the field: the schema's own
 * message when it has one, else "lang is required" or "page must be a number" rather than
 * valibot's technical default.
 */
export function plainIssueMessage(issue: v.BaseIssue<unknown>): string {
  if (!VALIBOT_DEFAULT.test(issue.message)) return issue.message;
  const name = v.getDotPath(issue) ?? 'The value';
  if (issue.received === 'undefined') return `${name} is required`;
  const expected = WORDS_FOR_TYPE[issue.type] ?? (issue.expected ? choicesInWords(issue.expected) : 'valid');
  return `${name} must be ${expected}`;
}

/** Dot path → first message, e.g. { 'previousAddress.city': 'City is required.' }, for helper texts and API errors. */
export function getFieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[v.getDotPath(issue) ?? ''] ??= plainIssueMessage(issue);
  return errors;
}
