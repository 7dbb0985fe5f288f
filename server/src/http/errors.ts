import * as v from 'valibot';
import { ERROR_STATUS, getFieldErrors, type ErrorBody, type ErrorCode, type FieldErrors } from '../../../domain/contracts/errors.ts';

/**
 * What a conflict carries beside the message: the current car (stale_version), the other car
 * (duplicates), the next free slots (slot_full).
 */
export type ConflictDetails = Pick<ErrorBody['error'], 'current' | 'otherCar' | 'nextSlots'>;

export class HttpError extends Error {
  readonly statusCode: number;
  /** Sent as Retry-After when set: when trying again can succeed (503 busy). */
  retryAfterSeconds?: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** The application a conflict is about (application_exists). */
    readonly applicationId?: number,
    readonly conflict?: ConflictDetails,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.applicationId === undefined ? {} : { applicationId: this.applicationId }),
        ...this.conflict,
      },
    };
  }
}

export const notFound = (message: string) => new HttpError('not_found', message);

/**
 * Validates input with a domain schema before any handler logic runs; bad input becomes a 400
 * that names each offending parameter.
 */
export function parseOr400<const S extends v.GenericSchema>(schema: S, input: unknown, what = 'request'): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const fields = getFieldErrors(result.issues);
  const message = Object.entries(fields)
    .map(([field, text]) => (field === '' || text.startsWith(field) ? text : `${field}: ${text}`))
    .join('; ');
  throw new HttpError('bad_request', `Invalid ${what}: ${message}`, fields);
}
