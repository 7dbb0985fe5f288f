import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRawInitData } from '../../../host/init-data.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { FakeXhr } from '../../../test/fake-xhr.ts';
import { uploadDocument } from './upload-document.ts';

const stored = { id: 7, side: 'front', mime: 'image/jpeg', size: 120_000, width: 2000, height: 1260 };

beforeEach(() => {
  FakeXhr.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  vi.unstubAllGlobals();
  setRawInitData(undefined);
});

describe('uploadDocument', () => {
  it('posts the side, then the photo, with cookies and the Telegram identity, reporting progress', async () => {
    setRawInitData('query_id=1&hash=abc');
    const photo = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
    const progress: number[] = [];
    const answer = uploadDocument('front', photo, { onProgress: (fraction) => progress.push(fraction) });

    const request = FakeXhr.last();
    expect(request).toMatchObject({ method: 'POST', url: '/api/applications/documents', withCredentials: true });
    expect(request.requestHeaders).toMatchObject({ accept: 'application/json', authorization: 'tma query_id=1&hash=abc' });
    expect([...request.body!.keys()]).toEqual(['side', 'file']);
    expect(request.body!.get('side')).toBe('front');
    const file = request.body!.get('file') as File;
    expect(file.name).toBe('licence-front.jpg');
    expect(file).toMatchObject({ size: photo.size, type: 'image/jpeg' });

    request.progress(0, 0);
    request.progress(40, 100);
    request.progress(100, 100);
    request.respond(201, stored);
    await expect(answer).resolves.toEqual(stored);
    expect(progress).toEqual([0.4, 1]);
  });

  it('keeps the name of a file sent as picked', () => {
    void uploadDocument('back', new File(['x'], 'IMG_2044.webp', { type: 'image/webp' }));
    expect((FakeXhr.last().body!.get('file') as File).name).toBe('IMG_2044.webp');
  });

  it('turns an error answer into an ApiError like apiFetch does', async () => {
    const answer = uploadDocument('front', new Blob(['%PDF']));
    FakeXhr.last().respond(415, { error: { code: 'unsupported_media_type', message: 'Upload a photo.' } });
    const error = await answer.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 415, code: 'unsupported_media_type', message: 'Upload a photo.' });
  });

  it('reports 500 when no answer arrives', async () => {
    const answer = uploadDocument('front', new Blob(['x']));
    FakeXhr.last().fail();
    await expect(answer).rejects.toMatchObject({ name: 'ApiError', status: 500, code: 'network' });
  });

  it('stops when the caller aborts, and rejects as an abort', async () => {
    const controller = new AbortController();
    const answer = uploadDocument('front', new Blob(['x']), { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last().aborted).toBe(true);
  });

  it('sends nothing when already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadDocument('front', new Blob(['x']), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent).toEqual([]);
  });
});
