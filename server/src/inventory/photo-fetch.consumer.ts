import { lookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { PhotoFetch, PhotoFetchFailure } from '../../../domain/contracts/inventory.ts';
import type { OutboxConsumer } from '../../../domain/contracts/outbox.ts';
import { HttpError } from '../http/errors.ts';
import { nonPublicReason } from '../security/public-address.ts';
import type { PhotoFetchResult } from './photo-fetches.repository.ts';

/**
 * Downloads one photo named in a stock file (docs/product/catalogue.md#catalogue). The address comes from a
 * file anyone with the dealer system's export can edit, so the server must not become a way into
 * its own network: http and https only, every address a name resolves to checked to be public
 * (security/public-address.ts, which judges an IPv6 spelling of an IPv4 address by that address),
 * the connection made to the address that was checked (a second lookup could answer differently),
 * each redirect checked again, and size, type and time bounded. Hosts in PHOTO_FETCH_ALLOW_HOSTS skip the address check (a test server on
 * 127.0.0.1, a DMS photo host on the dealer's own network).
 */

export const PHOTO_FETCH_MAX_BYTES = 20 * 1024 * 1024;
export const PHOTO_FETCH_TIMEOUT_MS = 10_000;
export const PHOTO_FETCH_MAX_REDIRECTS = 3;
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export type PhotoFetchRefusal = Exclude<PhotoFetchFailure, 'unreadable' | 'no_room'>;

/** Why a photo was not fetched. Permanent refusals are not tried again; the others are, later. */
export class PhotoFetchRefused extends Error {
  constructor(
    readonly reason: PhotoFetchRefusal,
    message: string,
    readonly permanent: boolean,
    /** The photo host's HTTP status, when that was the refusal. */
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'PhotoFetchRefused';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface PhotoFetchOptions {
  /** Host names (or addresses) exempt from the address check, lower case (config.photoFetch.allowHosts). */
  allowHosts: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Every address a name has; tests answer for names of their own. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

const systemResolve = (hostname: string) => lookup(hostname, { all: true, verbatim: true });

/** Where to connect for this URL: an address that passed the check (or an allowed host's first). */
async function checkedAddress(url: URL, options: PhotoFetchOptions): Promise<ResolvedAddress> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new PhotoFetchRefused('scheme', `Only http and https photo addresses are fetched, not ${url.protocol}`, true);
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = isIP(hostname);
  const addresses = literal ? [{ address: hostname, family: literal }] : await (options.resolve ?? systemResolve)(hostname).catch(() => []);
  if (addresses.length === 0) throw new PhotoFetchRefused('network', `${hostname} has no address`, false);
  if (!options.allowHosts.includes(hostname)) {
    for (const { address } of addresses) {
      const reason = nonPublicReason(address);
      if (reason) throw new PhotoFetchRefused('address', `${hostname} leads to ${address}, which is not a public address: ${reason}`, true);
    }
  }
  return addresses[0]!;
}

function request(url: URL, to: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const outgoing = (secure ? https : http).request({
      host: to.address,
      family: to.family,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      // The name the certificate and the virtual host are checked against, though the socket goes to the checked address.
      headers: { host: url.host, accept: [...PHOTO_TYPES].join(', ') },
      ...(secure && !isIP(hostname) ? { servername: hostname } : {}),
      signal,
      agent: false,
    });
    outgoing.once('response', resolve);
    outgoing.once('error', reject);
    outgoing.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new PhotoFetchRefused('too_large', `The photo is larger than ${maxBytes / (1024 * 1024)} MB`, true);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The photo's bytes, or PhotoFetchRefused saying why not. */
export async function fetchPhoto(address: string, options: PhotoFetchOptions): Promise<Buffer> {
  const { maxBytes = PHOTO_FETCH_MAX_BYTES, timeoutMs = PHOTO_FETCH_TIMEOUT_MS, maxRedirects = PHOTO_FETCH_MAX_REDIRECTS } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PhotoFetchRefused('scheme', 'Not a web address', true);
  }
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await request(url, await checkedAddress(url, options), signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.resume();
        const location = response.headers.location;
        if (!location) throw new PhotoFetchRefused('status', `A redirect (${status}) without a Location`, true, status);
        if (redirects >= maxRedirects) throw new PhotoFetchRefused('redirects', `More than ${maxRedirects} redirects`, true);
        url = new URL(location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new PhotoFetchRefused(
          'status',
          `The photo host answered ${status}`,
          status < 500 && status !== 429 && status !== 408,
          status,
        );
      }
      const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (!PHOTO_TYPES.has(type)) {
        response.resume();
        throw new PhotoFetchRefused('type', `Not a JPEG, PNG or WebP photo (${type || 'no content type'})`, true);
      }
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
        response.destroy();
        throw new PhotoFetchRefused('too_large', `The photo is larger than ${maxBytes / (1024 * 1024)} MB`, true);
      }
      return await readBody(response, maxBytes);
    }
  } catch (error) {
    if (error instanceof PhotoFetchRefused) throw error;
    if (signal.aborted) throw new PhotoFetchRefused('timeout', `No whole photo within ${timeoutMs / 1000} s`, false);
    throw new PhotoFetchRefused('network', error instanceof Error ? error.message : String(error), false);
  }
}

/**
 * Adds fetched photos to a car, in order, as the admin who imported it: the car-photo pipeline,
 * built in runtime.ts. Answers, for each file, null when it was added, else why not.
 */
export type AddPhotos = (carUuid: string, files: Buffer[], actorUserId: number | null) => Promise<Array<PhotoFetchFailure | null>>;

/** Where the consumer keeps what became of each address (photo-fetches.repository.ts, built in runtime.ts). */
export interface PhotoFetchLog {
  list: (carUuid: string) => Promise<PhotoFetch[]>;
  record: (carUuid: string, results: PhotoFetchResult[]) => Promise<void>;
}

export const PHOTO_URLS_CONSUMER = 'stock-file-photos';
/** A car takes at most 40 photos; the importer queues no more than that. */
export const PHOTO_URLS_PER_CAR = 40;
/** Four at a time keep 40 slow hosts (10 s each) well inside the outbox's two-minute lease. */
const FETCHES_AT_ONCE = 4;

const failed = (position: number, error: PhotoFetchRefused): PhotoFetchResult => ({
  position,
  outcome: error.permanent ? 'failed' : 'pending',
  reason: error.reason,
  httpStatus: error.httpStatus,
});

/**
 * The outbox consumer that fetches the photo URLs of the cars an import created (decision 017):
 * a refused address is recorded as failed with its reason, the photos that came are added in the
 * file's order and recorded as fetched, and a host that is down or slow makes the whole event wait
 * for a retry (its addresses stay pending, with the reason of the try), so no photo is added twice.
 * A retry skips the addresses already settled.
 */
export function photoUrlsConsumer(
  options: PhotoFetchOptions,
  addPhotos: AddPhotos,
  fetches: PhotoFetchLog,
  log: FastifyBaseLogger,
): OutboxConsumer {
  return {
    name: PHOTO_URLS_CONSUMER,
    kinds: ['inventory.photo_urls'],
    async deliver(event) {
      if (event.kind !== 'inventory.photo_urls') return;
      const { carUuid, urls, actorUserId } = event.payload;
      const settled = (await fetches.list(carUuid)).map((fetch) => fetch.outcome !== 'pending');
      const todo = urls.flatMap((url, position) => (settled[position] ? [] : [{ url, position }]));
      const fetched: Array<{ position: number; bytes: Buffer }> = [];
      const results: PhotoFetchResult[] = [];
      let retry: PhotoFetchRefused | undefined;
      let next = 0;
      const worker = async () => {
        while (next < todo.length) {
          const { url, position } = todo[next++]!;
          try {
            fetched.push({ position, bytes: await fetchPhoto(url, options) });
          } catch (error) {
            if (!(error instanceof PhotoFetchRefused)) throw error;
            results.push(failed(position, error));
            if (!error.permanent) retry ??= error;
            else log.warn({ carUuid, reason: error.reason, error: error.message }, 'a photo URL of a stock file was not fetched');
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(FETCHES_AT_ONCE, todo.length) }, worker));
      if (retry) {
        await fetches.record(carUuid, results);
        throw retry;
      }
      fetched.sort((a, b) => a.position - b.position);
      if (fetched.length > 0) {
        const added = await addPhotos(
          carUuid,
          fetched.map((file) => file.bytes),
          actorUserId,
        );
        fetched.forEach(({ position }, index) => {
          const reason = added[index] ?? null;
          results.push({ position, outcome: reason === null ? 'fetched' : 'failed', reason, httpStatus: null });
        });
      }
      await fetches.record(carUuid, results);
    },
    // A refused address or a photo the pipeline refuses stays refused; a host that is down may come back.
    isPermanent: (error) =>
      (error instanceof PhotoFetchRefused && error.permanent) || (error instanceof HttpError && error.statusCode < 500),
    describeError: (error) => (error instanceof Error ? error.message : String(error)).slice(0, 300),
  };
}

/** The inventory feature's outbox consumers: fetching the photo URLs a stock file names. */
export function inventoryConsumers(...args: Parameters<typeof photoUrlsConsumer>): OutboxConsumer[] {
  return [photoUrlsConsumer(...args)];
}
