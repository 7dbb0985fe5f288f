import { ApiError, apiErrorFor, apiHeaders, parseBody } from './api-client.ts';

export interface UploadOptions {
  /** Share of the request body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

/**
 * POST a multipart form to the API, reporting how much of it has been sent. XMLHttpRequest rather
 * than apiFetch because fetch reports no upload progress; credentials, headers and errors are
 * apiFetch's, so a failed upload is the same ApiError as any failed call.
 */
export function uploadWithProgress<T>(path: string, form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    request.open('POST', path);
    request.withCredentials = true;
    for (const [name, value] of Object.entries(apiHeaders())) request.setRequestHeader(name, value);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const data = parseBody(request.responseText, request.getResponseHeader('content-type'));
      if (request.status >= 200 && request.status < 300) resolve(data as T);
      else reject(apiErrorFor(request.status, request.statusText, data));
    };
    // No response at all counts as 500, as for every call (docs/product/catalogue.md#catalogue).
    request.onerror = () => reject(new ApiError(500, 'network', 'Network error'));
    request.ontimeout = () => reject(new ApiError(500, 'network', 'The upload timed out'));
    request.onabort = () => reject(abortError());
    request.onloadend = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });
    request.send(form);
  });
}

/** Runs a task after every task queued before it has settled, and answers what that task answers. */
export type UploadQueue = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Uploads one after another, never at once: the server decodes only a few images at a time, and
 * files arrive in the order chosen. A failed upload does not stop the ones after it; its error
 * goes to its own caller. The licence photos share one queue for the page; each car's photo
 * manager has its own.
 */
export function createUploadQueue(): UploadQueue {
  let tail: Promise<unknown> = Promise.resolve();
  return (task) => {
    const result = tail.then(task);
    tail = result.catch(() => undefined);
    return result;
  };
}
