import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRawInitData } from '../host/init-data.ts';
import { FakeXhr } from '../test/fake-xhr.ts';
import { ApiError } from './api-client.ts';
import { createUploadQueue, uploadWithProgress } from './upload-with-progress.ts';

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setRawInitData(undefined);
});

const formWith = (...files: string[]) => {
  const form = new FormData();
  for (const name of files) form.append('file', new Blob(['x'], { type: 'image/jpeg' }), name);
  return form;
};

describe('uploadWithProgress', () => {
  it('posts the form as it is to the path, with cookies and the Telegram identity, and answers the JSON body', async () => {
    setRawInitData('query_id=1&hash=abc');
    const form = formWith('a.jpg', 'b.jpg');
    const answer = uploadWithProgress<{ photos: unknown[] }>('/api/inventory/3f1c/photos', form);
    const request = FakeXhr.last();
    expect(request).toMatchObject({ method: 'POST', url: '/api/inventory/3f1c/photos', withCredentials: true });
    expect(request.requestHeaders).toMatchObject({ accept: 'application/json', authorization: 'tma query_id=1&hash=abc' });
    expect(request.body).toBe(form);
    request.respond(201, { photos: [] });
    await expect(answer).resolves.toEqual({ photos: [] });
  });

  it('reports the share sent, skipping events that know no total', async () => {
    const progress: number[] = [];
    const answer = uploadWithProgress('/api/x', formWith('a.jpg'), { onProgress: (fraction) => progress.push(fraction) });
    const request = FakeXhr.last();
    request.progress(0, 0);
    request.progress(25, 100);
    request.progress(100, 100);
    request.respond(200, {});
    await answer;
    expect(progress).toEqual([0.25, 1]);
  });

  it('turns an error answer into an ApiError like apiFetch does', async () => {
    const answer = uploadWithProgress('/api/x', formWith('a.heic'));
    FakeXhr.last().respond(415, { error: { code: 'unsupported_media_type', message: 'Upload a JPEG, PNG or WebP photo.' } });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'unsupported_media_type', message: 'Upload a JPEG, PNG or WebP photo.' });
  });

  it('reports 500 when no answer arrives', async () => {
    const answer = uploadWithProgress('/api/x', formWith('a.jpg'));
    FakeXhr.last().fail();
    await expect(answer).rejects.toMatchObject({ name: 'ApiError', status: 500, code: 'network' });
  });

  it('stops when the caller aborts, and sends nothing when already aborted', async () => {
    const controller = new AbortController();
    const answer = uploadWithProgress('/api/x', formWith('a.jpg'), { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last().aborted).toBe(true);
    FakeXhr.reset();
    await expect(uploadWithProgress('/api/x', formWith('a.jpg'), { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(FakeXhr.sent).toEqual([]);
  });
});

describe('createUploadQueue', () => {
  it('starts each upload once the one before has settled, a failure included, and answers each caller its own result', async () => {
    const queue = createUploadQueue();
    const first = queue(() => uploadWithProgress<{ n: number }>('/api/x', formWith('a.jpg')));
    const second = queue(() => uploadWithProgress<{ n: number }>('/api/x', formWith('b.jpg')));
    const third = queue(() => uploadWithProgress<{ n: number }>('/api/x', formWith('c.jpg')));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    FakeXhr.last().respond(415, { error: { code: 'unsupported_media_type', message: 'Upload a JPEG, PNG or WebP photo.' } });
    await expect(first).rejects.toMatchObject({ status: 415 });
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.last().respond(201, { n: 2 });
    await expect(second).resolves.toEqual({ n: 2 });
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    FakeXhr.last().respond(201, { n: 3 });
    await expect(third).resolves.toEqual({ n: 3 });
  });

  it('keeps separate queues apart', async () => {
    const one = createUploadQueue()(() => uploadWithProgress('/api/x', formWith('a.jpg')));
    const other = createUploadQueue()(() => uploadWithProgress('/api/x', formWith('b.jpg')));
    await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    for (const request of FakeXhr.sent) request.respond(201, {});
    await Promise.all([one, other]);
  });
});
