import { QueryClient } from '@tanstack/react-query';
import { getRawInitData } from '../host/init-data.ts';

/**
 * A failed API call. `status` is the HTTP status of the response, or 500 when no response
 * arrived at all (spec §8); `code` is the server's error code (design: API conventions).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ApiFetchInit {
  method?: string;
  json?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

interface ErrorBody {
  error?: { code?: unknown; message?: unknown; fields?: unknown };
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'error' in value;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The one place the web app talks to its API: same origin, cookies included, Telegram identity attached. */
export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  const raw = getRawInitData();
  if (raw) headers.authorization = `tma ${raw}`;
  let body: string | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  }

  let response: Response;
  try {
    response = await fetch(path, {
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
  if (!response.ok) {
    const detail = isErrorBody(data) ? data.error : undefined;
    const code = typeof detail?.code === 'string' ? detail.code : `http_${response.status}`;
    const message = typeof detail?.message === 'string' ? detail.message : response.statusText || `HTTP ${response.status}`;
    const fields =
      detail?.fields && typeof detail.fields === 'object' ? (detail.fields as Record<string, string>) : undefined;
    throw new ApiError(response.status, code, message, fields);
  }
  return data as T;
}

/** Client errors (4xx) will not improve on a retry; anything else gets two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
