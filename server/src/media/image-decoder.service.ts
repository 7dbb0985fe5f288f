import sharp from 'sharp';
import { HttpError } from '../http/errors.ts';

export interface ImageDecoderOptions {
  /** Images with more pixels (width × height) are refused from their header and never decoded. */
  maxPixels: number;
  /** Decodes run at once in this process. */
  concurrency: number;
  /** Decodes that may wait for a free slot; the next one is refused at once. */
  queueLimit?: number;
  /** The longest a decode waits for a free slot before it is refused. */
  waitMs?: number;
}

/** What the decoder has done since it was made, for tests and the pixel-bomb fault script. */
export interface ImageDecoderCounters {
  /** Decodes started: pixels were decompressed this many times. */
  decoded: number;
  /** Images refused from their header for having more than maxPixels pixels. */
  refusedTooLarge: number;
  /** Decodes refused for want of a slot: the queue was full, or the wait ran out. */
  refusedBusy: number;
  /** Decodes that had to wait for a slot. */
  queued: number;
  inFlight: number;
  /** The most decodes that ever ran at once. */
  peakInFlight: number;
  waiting: number;
}

/**
 * This process's image decoding, bounded (docs/decisions/007-licence-uploads.md): an image over
 * the pixel limit is refused from its header, and the decodes that remain run a few at a time
 * behind a short queue, so a flood of uploads can neither fill memory nor take every thread that
 * also serves pages and files.
 */
export interface ImageDecoder {
  readonly maxPixels: number;
  readonly concurrency: number;
  readonly queueLimit: number;
  /**
   * Reads the image's header only; refuses it with 413 payload_too_large when it has more than
   * `limit` pixels (maxPixels unless the caller allows more, as staff car photos do); otherwise runs
   * `work` (the decode) in a free slot, or refuses with 503 busy when none is free within the queue
   * and the wait. An unreadable header rejects with sharp's own error.
   */
  decode<T>(bytes: Buffer, work: () => Promise<T>, limit?: number): Promise<T>;
  readonly counters: Readonly<ImageDecoderCounters>;
}

const DECODE_QUEUE_LIMIT = 4;
const DECODE_WAIT_MS = 10_000;
/** A licence photo decodes in well under a second; a few seconds lets the queue drain. */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** libvips threads per image. One: a decode then keeps to one core and the event loop has the rest. */
const LIBVIPS_THREADS = 1;

/** Megapixels to a tenth, rounded up: a photo just over the limit never reads as at it. */
const megapixels = (pixels: number) => Math.ceil(pixels / 100_000) / 10;

const busy = () =>
  Object.assign(new HttpError('busy', 'Too many photos are being processed right now. Try again in a few seconds.'), {
    retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
  });

export function createImageDecoder({
  maxPixels,
  concurrency,
  queueLimit = DECODE_QUEUE_LIMIT,
  waitMs = DECODE_WAIT_MS,
}: ImageDecoderOptions): ImageDecoder {
  // Process-wide settings. sharp's operation cache keeps recent results (50 MB by default) for
  // images opened again; an upload never is, so it would only hold memory. A decode holds one of
  // libuv's four threads, which file reads share, for its whole run (the cap below bounds how
  // many), and libvips' own worker threads besides: one per image, so a decode takes one core.
  sharp.cache(false);
  sharp.concurrency(LIBVIPS_THREADS);

  const counters: ImageDecoderCounters = {
    decoded: 0,
    refusedTooLarge: 0,
    refusedBusy: 0,
    queued: 0,
    inFlight: 0,
    peakInFlight: 0,
    waiting: 0,
  };
  const waiting: Array<() => void> = [];

  const tooLarge = (pixels: number, limit: number) =>
    new HttpError(
      'payload_too_large',
      `This photo has ${megapixels(pixels)} megapixels; at most ${megapixels(limit)} are accepted. Take it again at a lower resolution, or send a smaller copy (a photo about 2,000 pixels wide is plenty).`,
    );

  function start() {
    counters.inFlight += 1;
    counters.decoded += 1;
    counters.peakInFlight = Math.max(counters.peakInFlight, counters.inFlight);
  }

  function acquire(): Promise<void> {
    if (counters.inFlight < concurrency) {
      start();
      return Promise.resolve();
    }
    if (waiting.length >= queueLimit) {
      counters.refusedBusy += 1;
      return Promise.reject(busy());
    }
    counters.queued += 1;
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        start();
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(grant), 1);
        counters.waiting = waiting.length;
        counters.refusedBusy += 1;
        reject(busy());
      }, waitMs);
      waiting.push(grant);
      counters.waiting = waiting.length;
    });
  }

  function release() {
    counters.inFlight -= 1;
    const next = waiting.shift();
    counters.waiting = waiting.length;
    next?.();
  }

  return {
    maxPixels,
    concurrency,
    queueLimit,
    counters,
    async decode(bytes, work, limit = maxPixels) {
      // Header only: no pixel is decompressed here, however large the image claims to be; sharp's
      // own limit is lifted for this read so that every oversized image gets the same 413.
      const { width = 0, height = 0, pageHeight } = await sharp(bytes, { limitInputPixels: false }).metadata();
      const pixels = width * (pageHeight ?? height);
      if (pixels > limit) {
        counters.refusedTooLarge += 1;
        throw tooLarge(pixels, limit);
      }
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
