import { afterEach, describe, expect, it, vi } from 'vitest';
import { JPEG_QUALITY, MAX_EDGE, mayBeImage, shrinkImage, targetSize } from './shrink-image.ts';

afterEach(() => vi.unstubAllGlobals());

describe('targetSize', () => {
  it('keeps a photo that already fits', () => {
    expect(targetSize({ width: 1600, height: 1200 })).toEqual({ width: 1600, height: 1200 });
    expect(targetSize({ width: MAX_EDGE, height: 900 })).toEqual({ width: MAX_EDGE, height: 900 });
  });

  it('brings the longest edge down to 2,000 px, keeping the proportions', () => {
    expect(targetSize({ width: 4032, height: 3024 })).toEqual({ width: 2000, height: 1500 });
    expect(targetSize({ width: 3024, height: 4032 })).toEqual({ width: 1500, height: 2000 });
    expect(targetSize({ width: 8000, height: 8000 })).toEqual({ width: 2000, height: 2000 });
  });

  it('rounds, and never draws a side of 0 px', () => {
    expect(targetSize({ width: 3001, height: 1999 })).toEqual({ width: 2000, height: 1332 });
    expect(targetSize({ width: 100_000, height: 10 })).toEqual({ width: 2000, height: 1 });
  });

  it('takes another limit', () => {
    expect(targetSize({ width: 1000, height: 500 }, 400)).toEqual({ width: 400, height: 200 });
  });
});

describe('mayBeImage', () => {
  it('tries images and files of no stated type, not documents', () => {
    expect(mayBeImage(new Blob([], { type: 'image/heic' }))).toBe(true);
    expect(mayBeImage(new Blob([]))).toBe(true);
    expect(mayBeImage(new Blob([], { type: 'application/pdf' }))).toBe(false);
  });
});

describe('shrinkImage', () => {
  const photo = new File(['raw'], 'IMG_0001.png', { type: 'image/png' });

  function stubCanvas() {
    const context = { fillStyle: '', imageSmoothingQuality: '', fillRect: vi.fn(), drawImage: vi.fn() };
    const encoded = new Blob(['jpeg'], { type: 'image/jpeg' });
    const convertToBlob = vi.fn(() => Promise.resolve(encoded));
    const sizes: Array<[number, number]> = [];
    vi.stubGlobal(
      'OffscreenCanvas',
      class {
        constructor(width: number, height: number) {
          sizes.push([width, height]);
        }
        getContext = () => context;
        convertToBlob = convertToBlob;
      },
    );
    return { context, encoded, convertToBlob, sizes };
  }

  it('passes a document through untouched, for the server to refuse clearly', async () => {
    const decode = vi.fn();
    vi.stubGlobal('createImageBitmap', decode);
    const pdf = new File(['%PDF'], 'licence.pdf', { type: 'application/pdf' });
    await expect(shrinkImage(pdf)).resolves.toBe(pdf);
    expect(decode).not.toHaveBeenCalled();
  });

  it('passes through what the browser cannot decode', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.reject(new DOMException('bad', 'InvalidStateError'))),
    );
    await expect(shrinkImage(photo)).resolves.toBe(photo);
  });

  it('passes through where the browser cannot decode at all', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    await expect(shrinkImage(photo)).resolves.toBe(photo);
  });

  it('draws the upright photo at the target size on white and encodes a JPEG', async () => {
    const bitmap = { width: 4000, height: 3000, close: vi.fn() };
    const decode = vi.fn(() => Promise.resolve(bitmap));
    vi.stubGlobal('createImageBitmap', decode);
    const canvas = stubCanvas();

    await expect(shrinkImage(photo)).resolves.toBe(canvas.encoded);
    expect(decode).toHaveBeenCalledWith(photo, { imageOrientation: 'from-image' });
    expect(canvas.sizes).toEqual([[2000, 1500]]);
    expect(canvas.context.fillStyle).toBe('#fff');
    expect(canvas.context.drawImage).toHaveBeenCalledWith(bitmap, 0, 0, 2000, 1500);
    expect(canvas.convertToBlob).toHaveBeenCalledWith({ type: 'image/jpeg', quality: JPEG_QUALITY });
    expect(bitmap.close).toHaveBeenCalled();
  });

  it('draws at the limit the caller asks for', async () => {
    const bitmap = { width: 8000, height: 6000, close: vi.fn() };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve(bitmap)),
    );
    const canvas = stubCanvas();
    await shrinkImage(photo, 3000);
    expect(canvas.sizes).toEqual([[3000, 2250]]);
  });

  it('keeps the original when encoding fails', async () => {
    const bitmap = { width: 800, height: 600, close: vi.fn() };
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => Promise.resolve(bitmap)),
    );
    stubCanvas().convertToBlob.mockRejectedValue(new Error('out of memory'));
    await expect(shrinkImage(photo)).resolves.toBe(photo);
    expect(bitmap.close).toHaveBeenCalled();
  });
});
