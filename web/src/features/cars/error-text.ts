import { ApiError } from '../../lib/api-client.ts';

/** docs/product/catalogue.md#catalogue: a failed call surfaces the HTTP status number, or 500 when no response arrived. */
export function errorStatusText(error: unknown): string {
  return String(error instanceof ApiError ? error.status : 500);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
