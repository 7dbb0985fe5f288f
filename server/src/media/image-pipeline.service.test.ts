import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { solidImage } from '../../test/applications.ts';
import { HttpError } from '../http/errors.ts';
import { createImageDecoder } from './image-decoder.service.ts';
import { ImageRejected, processImage, type ProcessImageOptions } from './image-pipeline.service.ts';

const decoder = createImageDecoder({ maxPixels: 4_000_000, concurrency: 1 });
const FULL = { name: 'full', maxEdge: 1600 };

/** The EXIF tag that points at the GPS block (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'processed',
    (error: unknown) =>
      error instanceof HttpError ? `${error.statusCode} ${error.code}` : error instanceof ImageRejected ? error.reason : String(error),
  );

describe('the media pipeline', () => {
  it('strips EXIF and its GPS position from a phone photo', async () => {
    const original = await solidImage(300, 200)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'owner-name' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1', GPSLongitudeRef: 'W', GPSLongitude: '79/1 58/1 56/1' },
      })
      .toBuffer();
    expect(hasGpsPointer((await sharp(original).metadata()).exif!)).toBe(true);
    const [clean] = await processImage(decoder, original, [FULL]);
    const after = await sharp(clean!.bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(clean!.bytes.includes(Buffer.from('owner-name'))).toBe(false);
  });

  it('turns a photo taken sideways upright by its EXIF orientation', async () => {
    const sideways = await solidImage(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const [upright] = await processImage(decoder, sideways, [FULL]);
    expect(upright).toMatchObject({ width: 200, height: 300 });
    expect((await sharp(upright!.bytes).metadata()).orientation).toBeUndefined();
  });

  it('refuses a small PNG that decodes to more pixels than the limit with 413, from its header', async () => {
    const bomb = await sharp({ create: { width: 2100, height: 2100, channels: 3, background: '#ffffff' } })
      .png({ palette: true })
      .toBuffer();
    expect(bomb.length).toBeLessThan(50_000);
    const refusedBefore = decoder.counters.refusedTooLarge;
    const decodedBefore = decoder.counters.decoded;
    expect(await rejection(processImage(decoder, bomb, [FULL]))).toBe('413 payload_too_large');
    expect(decoder.counters.refusedTooLarge).toBe(refusedBefore + 1);
    expect(decoder.counters.decoded).toBe(decodedBefore);
  });

  it('makes each size asked for from one upload, never enlarging a smaller one', async () => {
    const photo = await solidImage(2000, 1000).png().toBuffer();
    const variants = await processImage(decoder, photo, [FULL, { name: 'card', maxEdge: 640 }, { name: 'huge', maxEdge: 4000 }]);
    expect(variants.map(({ name, width, height }) => ({ name, width, height }))).toEqual([
      { name: 'full', width: 1600, height: 800 },
      { name: 'card', width: 640, height: 320 },
      { name: 'huge', width: 2000, height: 1000 },
    ]);
    for (const variant of variants) expect((await sharp(variant.bytes).metadata()).format).toBe('jpeg');
  });

  it('flattens transparency onto white', async () => {
    const clear = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const [flat] = await processImage(decoder, clear, [FULL]);
    const { data } = await sharp(flat!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(245);
  });

  it('refuses what is no JPEG, PNG or WebP by its bytes, whatever it is called', async () => {
    expect(await rejection(processImage(decoder, Buffer.from('GIF89a not a photo'), [FULL]))).toBe('unsupported_type');
  });

  it('refuses a JPEG that is cut short as unreadable', async () => {
    const whole = await solidImage(300, 200).jpeg().toBuffer();
    expect(await rejection(processImage(decoder, whole.subarray(0, 200), [FULL]))).toBe('unreadable');
  });
});

describe('the media pipeline for car photos', () => {
  const WIDTHS = [320, 640, 1280].map((width) => ({ name: String(width), width }));
  const WEB: ProcessImageOptions['encodings'] = [
    { format: 'webp', quality: 80, effort: 2 },
    { format: 'jpeg', quality: 82, mozjpeg: false },
  ];

  it('writes each width in WebP and JPEG, never enlarging a narrower photo', async () => {
    const photo = await solidImage(1000, 750).jpeg().toBuffer();
    const variants = await processImage(decoder, photo, WIDTHS, { encodings: WEB });
    expect(variants.map(({ name, format, width, height }) => `${name} ${format} ${width}×${height}`)).toEqual([
      '320 webp 320×240',
      '320 jpeg 320×240',
      '640 webp 640×480',
      '640 jpeg 640×480',
      '1280 webp 1000×750',
      '1280 jpeg 1000×750',
    ]);
    for (const variant of variants) expect((await sharp(variant.bytes).metadata()).format).toBe(variant.format);
  });

  it('takes a photo over the decoder’s own limit when the caller allows more pixels', async () => {
    const large = await solidImage(2100, 2100).jpeg().toBuffer();
    expect(await rejection(processImage(decoder, large, WIDTHS, { encodings: WEB }))).toBe('413 payload_too_large');
    const variants = await processImage(decoder, large, WIDTHS, { encodings: WEB, maxPixels: 5_000_000 });
    expect(variants.at(-1)).toMatchObject({ width: 1280, height: 1280 });
  });
});
