import * as v from 'valibot';

/** Error codes clients can rely on; the HTTP status follows from the code (design: API conventions). */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  database_unavailable: 503,
  // Last of the 503s: a dependency-free 503 from Fastify itself maps back to this generic code.
  unavailable: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export type FieldErrors = Record<string, string>;

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: FieldErrors };
}

export class HttpError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export const notFound = (message: string) => new HttpError('not_found', message);

/** Maps valibot issues to `{ "path.to.field": "message" }`, first message per field. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * Validates input with a domain schema before any handler logic runs; bad input becomes a 400
 * that names each offending parameter.
 */
export function parseOr400<const S extends v.GenericSchema>(schema: S, input: unknown, what = 'request'): v.InferOutput<S> {
  const result = v.safeParse(schema, input ?? {});
  if (result.success) return result.output;
  const fields = fieldErrors(result.issues);
  const message = Object.entries(fields)
    .map(([field, text]) => (field === '_' ? text : `${field}: ${text}`))
    .join('; ');
  throw new HttpError('bad_request', `Invalid ${what}: ${message}`, fields);
}
