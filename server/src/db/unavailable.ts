/**
 * The database could not be reached, or did not answer in time. Raised by the connection pool
 * itself (database.ts), so every caller (routes, the bot, workers) sees one error type and the
 * HTTP error handler answers 503 with Retry-After instead of a 500.
 */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`The database is unavailable: ${reason}`);
    this.name = 'DatabaseUnavailableError';
  }
}

/** SQLSTATE disk_full: the server (or the embedded database's folder) has no room to write. */
export const DISK_FULL = '53100';

/** Node's socket errors when the database host refuses, drops or cannot be found. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * PostgreSQL SQLSTATEs that mean "not now" rather than "bad statement": connection exceptions
 * (class 08), a full disk, too many connections, shutting down or starting up, and a statement
 * cancelled by statement_timeout.
 */
const isUnavailableSqlState = (code: string) =>
  code.startsWith('08') || [DISK_FULL, '53300', '57P01', '57P02', '57P03', '57014'].includes(code);

/** pg and pg-pool report lost connections and timeouts only by message. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_ERROR_CODES.has(code) || isUnavailableSqlState(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return UNAVAILABLE_MESSAGE.test(error.message);
}

/** The error to throw in place of `error`: unavailability becomes one type; anything else is kept. */
export function asDatabaseError(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isDatabaseUnavailable(error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return new DatabaseUnavailableError((error as Error).message);
  // A server's own message says which ("No space left on device"); a socket's code says all there is.
  return new DatabaseUnavailableError(NETWORK_ERROR_CODES.has(code) ? code : `${code} ${(error as Error).message}`);
}
