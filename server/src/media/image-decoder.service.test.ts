import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { untilCounters } from '../../test/applications.ts';
import { HttpError } from '../http/errors.ts';
import { createImageDecoder } from './image-decoder.service.ts';

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'decoded',
    (error: unknown) => (error instanceof HttpError ? `${error.statusCode} ${error.code}` : String(error)),
  );

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims 30000 × 30000 pixels, with a few bytes of pixel data behind it. */
function lyingPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('bounded image decoding', () => {
  const small = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();

  it('refuses from the header alone an image that claims more pixels than the limit, never reaching its pixel data', async () => {
    const decoder = createImageDecoder({ maxPixels: 24_000_000, concurrency: 1 });
    let ran = false;
    const failure = await decoder.decode(lyingPng(), async () => (ran = true)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).code).toBe('payload_too_large');
    expect((failure as HttpError).message).toContain('900 megapixels; at most 24 are accepted');
    expect(ran).toBe(false);
    expect(decoder.counters).toMatchObject({ decoded: 0, refusedTooLarge: 1 });
  });

  it('refuses at once, with busy and a Retry-After, a decode that finds the slots and the queue taken', async () => {
    const decoder = createImageDecoder({ maxPixels: 24_000_000, concurrency: 1, queueLimit: 1 });
    const bytes = await small();
    let free = () => {};
    const taken = new Promise<void>((resolve) => (free = resolve));
    const running = decoder.decode(bytes, () => taken);
    await untilCounters(decoder, { inFlight: 1 });
    const queued = decoder.decode(bytes, async () => 'second');
    await untilCounters(decoder, { waiting: 1 });
    const refused = await decoder.decode(bytes, async () => 'third').catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'busy', statusCode: 503, retryAfterSeconds: 5 });
    expect(decoder.counters).toMatchObject({ inFlight: 1, waiting: 1, refusedBusy: 1 });
    free();
    expect(await Promise.all([running, queued])).toEqual([undefined, 'second']);
    expect(decoder.counters).toMatchObject({ decoded: 2, inFlight: 0, waiting: 0, peakInFlight: 1 });
  });

  it('gives up on a slot after its wait and answers busy, and the queue goes on', async () => {
    const decoder = createImageDecoder({ maxPixels: 24_000_000, concurrency: 1, queueLimit: 2, waitMs: 100 });
    const bytes = await small();
    let free = () => {};
    const taken = new Promise<void>((resolve) => (free = resolve));
    const running = decoder.decode(bytes, () => taken);
    await untilCounters(decoder, { inFlight: 1 });
    expect(await outcome(decoder.decode(bytes, async () => undefined))).toBe('503 busy');
    expect(decoder.counters).toMatchObject({ waiting: 0, refusedBusy: 1 });
    free();
    await running;
    expect(await outcome(decoder.decode(bytes, async () => undefined))).toBe('decoded');
  });

  it('frees the slot when a decode fails', async () => {
    const decoder = createImageDecoder({ maxPixels: 24_000_000, concurrency: 1, queueLimit: 0 });
    const bytes = await small();
    expect(await outcome(decoder.decode(bytes, () => Promise.reject(new Error('corrupt data'))))).toBe('Error: corrupt data');
    expect(await outcome(decoder.decode(bytes, async () => undefined))).toBe('decoded');
    expect(decoder.counters).toMatchObject({ decoded: 2, inFlight: 0 });
  });
});
