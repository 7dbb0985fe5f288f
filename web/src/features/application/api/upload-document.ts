import type { LicenceSide, UploadedDocument } from '../../../../../domain/contracts/documents.ts';
import { ApiError, apiErrorFor, apiHeaders, parseBody } from '../../../lib/api-client.ts';

export interface UploadOptions {
  /** Share of the request body sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const abortError = () => new DOMException('The upload was cancelled.', 'AbortError');

/**
 * POST /api/applications/documents: one licence photo. XMLHttpRequest rather than apiFetch because
 * fetch reports no upload progress; credentials, headers and errors are apiFetch's.
 */
export function uploadDocument(side: LicenceSide, file: Blob, { onProgress, signal }: UploadOptions = {}): Promise<UploadedDocument> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    request.open('POST', '/api/applications/documents');
    request.withCredentials = true;
    for (const [name, value] of Object.entries(apiHeaders())) request.setRequestHeader(name, value);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const data = parseBody(request.responseText, request.getResponseHeader('content-type'));
      if (request.status >= 200 && request.status < 300) resolve(data as UploadedDocument);
      else reject(apiErrorFor(request.status, request.statusText, data));
    };
    // No response at all counts as 500, as for every call (docs/product.md#catalogue).
    request.onerror = () => reject(new ApiError(500, 'network', 'Network error'));
    request.ontimeout = () => reject(new ApiError(500, 'network', 'The upload timed out'));
    request.onabort = () => reject(abortError());
    request.onloadend = () => signal?.removeEventListener('abort', abort);
    signal?.addEventListener('abort', abort, { once: true });

    // The endpoint's contract: the side field, then the file.
    const form = new FormData();
    form.append('side', side);
    form.append('file', file, file instanceof File ? file.name : `licence-${side}.jpg`);
    request.send(form);
  });
}
