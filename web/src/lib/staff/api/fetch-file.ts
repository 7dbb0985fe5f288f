import { apiErrorFor, apiHeaders, ApiError, parseBody } from '../../api-client.ts';

/**
 * A binary answer of the API (a PDF, a licence photo) as a Blob. Fetched with the same identity as
 * every call (inside Telegram that is a header, which a plain <img src> or link could not send).
 */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { headers: apiHeaders({ accept: '*/*' }), credentials: 'include', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(500, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw apiErrorFor(response.status, response.statusText, parseBody(text, response.headers.get('content-type')));
  }
  return response.blob();
}

/** Hands a fetched file to the browser as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; give it a moment before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
