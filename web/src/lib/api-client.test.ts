import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/render.tsx';
import { ApiError, apiFetch } from './api-client.ts';

afterEach(() => vi.restoreAllMocks());

describe('apiFetch', () => {
  it('sends JSON with cookies and answers the parsed body', async () => {
    const spy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ car_uuid: 'x', is_favorite: true }), { headers: { 'content-type': 'application/json' } }),
      );
    const answer = await apiFetch<{ is_favorite: boolean }>('/api/viewed-cars/toggle-favorite', { json: { car_uuid: 'x' } });
    expect(answer.is_favorite).toBe(true);
    const [, init] = spy.mock.calls[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"car_uuid":"x"}' });
    expect((init!.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect((init!.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('throws ApiError with the response status and the server error code', async () => {
    const network = mockFetch({
      'GET /api/cars/nope': () =>
        new Response(JSON.stringify({ error: { code: 'bad_request', message: 'Invalid car id', fields: { uuid: 'bad' } } }), {
          status: 400,
          headers: { 'content-type': 'application/json' },
        }),
    });
    const error = await apiFetch('/api/cars/nope').catch((e: unknown) => e);
    network.restore();
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: 'Invalid car id', fields: { uuid: 'bad' } });
  });

  it('copes with an error answer that is not JSON', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiFetch('/api/cars')).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });

  it('reports 500 when no response arrives', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/cars')).rejects.toMatchObject({ name: 'ApiError', status: 500, code: 'network' });
  });

  it('lets an abort through as an abort', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(apiFetch('/api/cars')).rejects.toMatchObject({ name: 'AbortError' });
  });
});
