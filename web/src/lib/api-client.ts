import { QueryClient } from '@tanstack/react-query';
import { ERROR_STATUS, type ErrorBody, type ErrorCode, type FieldErrors } from '../../../domain/contracts/errors.ts';
import type { VisitSlot } from '../../../domain/contracts/visits.ts';
import { getRawInitData } from '../host/init-data.ts';

/** The server's error code, or ours when no error body came back: no response at all, or one from something else (a proxy). */
type ApiErrorCode = ErrorCode | 'network' | `http_${number}`;

/**
 * A failed API call. `status` is the HTTP status of the response, or 500 when no response
 * arrived at all; `code` is the server's error code (docs/product/api.md#errors).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly fields: FieldErrors | undefined;
  /**
   * What a 409 carries besides its message: the car as it is now, the car that has the VIN, or the
   * next free slots of a visit's time that filled up.
   */
  readonly conflict: Pick<ErrorBody['error'], 'current' | 'otherCar' | 'nextSlots'>;

  constructor(status: number, code: ApiErrorCode, message: string, fields?: FieldErrors, conflict: ApiError['conflict'] = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.conflict = conflict;
  }
}

export interface ApiFetchInit {
  method?: string;
  json?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** slot_full's next free slots, checked one by one: a screen offers them as times to book. */
const isSlotList = (value: unknown): value is VisitSlot[] =>
  Array.isArray(value) &&
  value.every((slot: unknown) => {
    if (typeof slot !== 'object' || slot === null) return false;
    const { start, end, placesLeft } = slot as Record<string, unknown>;
    return typeof start === 'string' && typeof end === 'string' && typeof placesLeft === 'number';
  });

const isErrorCode = (value: unknown): value is ErrorCode => typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);

/** What an error answer holds of an ErrorBody, part by part: whatever answered may not be our server. */
function readErrorBody(data: unknown): Partial<ErrorBody['error']> {
  const error: unknown = typeof data === 'object' && data !== null && 'error' in data ? data.error : undefined;
  if (typeof error !== 'object' || error === null) return {};
  const { code, message, fields, current, otherCar, nextSlots } = error as Record<string, unknown>;
  const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;
  return {
    code: isErrorCode(code) ? code : undefined,
    message: typeof message === 'string' ? message : undefined,
    fields: isObject(fields) ? (fields as FieldErrors) : undefined,
    current: isObject(current) ? (current as NonNullable<ErrorBody['error']['current']>) : undefined,
    otherCar: isObject(otherCar) ? (otherCar as NonNullable<ErrorBody['error']['otherCar']>) : undefined,
    nextSlots: isSlotList(nextSlots) ? nextSlots : undefined,
  };
}

/** An answer's body as text and content type, read the same way whoever transported it (fetch or XMLHttpRequest). */
export function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if (!(contentType ?? '').includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseBody(await response.text(), response.headers.get('content-type'));
}

/** The ApiError for an answer that is not 2xx. */
export function apiErrorFor(status: number, statusText: string, data: unknown): ApiError {
  const { code, message, fields, current, otherCar, nextSlots } = readErrorBody(data);
  const conflict = { ...(current ? { current } : {}), ...(otherCar ? { otherCar } : {}), ...(nextSlots ? { nextSlots } : {}) };
  return new ApiError(status, code ?? `http_${status}`, message ?? (statusText || `HTTP ${status}`), fields, conflict);
}

/** What every API call sends besides its body: JSON wanted and, inside Telegram, who is asking. */
export function apiHeaders(extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  const raw = getRawInitData();
  if (raw) headers.authorization = `tma ${raw}`;
  return headers;
}

type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where API calls go. The browser's fetch, except in the server bundle (web/src/entry-server.tsx),
 * which answers a page's calls inside the server process as the visitor would be answered.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** The one place the web app talks to its API: same origin, cookies included, Telegram identity attached. */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const headers = apiHeaders(init.headers);
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }

  let response: Response;
  try {
    response = await transport(path, {
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: init.signal,
      credentials: 'include',
    });
  } catch (error) {
    // Aborts belong to the caller (React Query cancels); everything else is "no response".
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(500, 'network', error instanceof Error ? error.message : 'Network error');
  }

  const data = await readBody(response).catch(() => undefined);
  if (!response.ok) throw apiErrorFor(response.status, response.statusText, data);
  return data as T;
}

/** Client errors (4xx) will not improve on a retry; anything else gets two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** An ApiError as JSON carries it from the server's render to the browser (web/src/app/server-state.ts). */
export interface WireApiError {
  status: number;
  code: ApiErrorCode;
  message: string;
}

export const toWireApiError = (error: ApiError): WireApiError => ({ status: error.status, code: error.code, message: error.message });
export const fromWireApiError = ({ status, code, message }: WireApiError): ApiError => new ApiError(status, code, message);

/** On the server a page renders once with what the API answered: a retry would only delay the page. */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retry ? shouldRetry : false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
