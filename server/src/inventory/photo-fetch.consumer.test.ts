import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEvent } from '../../../domain/contracts/outbox.ts';
import { fetchPhoto, PhotoFetchRefused, photoUrlsConsumer, type PhotoFetchOptions } from './photo-fetch.consumer.ts';

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1000, 1)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(500, 2)]);

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A photo host on 127.0.0.1 whose paths answer as the tests need; it counts the requests it gets. */
const routes: Record<string, Handler> = {
  '/car.jpg': (_, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG),
  '/car.png': (_, res) => res.writeHead(200, { 'content-type': 'image/png; charset=binary' }).end(PNG),
  '/page.html': (_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
  '/big-declared.jpg': (_, res) =>
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(2048) }).end(Buffer.alloc(2048)),
  '/big-streamed.jpg': (_, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    for (let i = 0; i < 4; i++) res.write(Buffer.alloc(512));
    res.end();
  },
  // The first bytes, then nothing more: only the fetch's own timeout ends it.
  '/slow.jpg': (_, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg' });
    res.write(JPEG.subarray(0, 10));
  },
  '/missing.jpg': (_, res) => res.writeHead(404).end(),
  '/down.jpg': (_, res) => res.writeHead(503).end(),
  '/to-metadata': (_, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/to-localhost': (_, res) => res.writeHead(301, { location: `http://localhost:${port}/car.jpg` }).end(),
};
for (let hop = 1; hop <= 4; hop++)
  routes[`/hop/${hop}`] = (_, res) => res.writeHead(307, { location: hop === 1 ? '/car.jpg' : `/hop/${hop - 1}` }).end();

let server: Server;
let port: number;
let requests: string[] = [];
const at = (path: string) => `http://127.0.0.1:${port}${path}`;
const allowLocal: PhotoFetchOptions = { allowHosts: ['127.0.0.1'] };

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const handler = routes[request.url ?? ''];
    if (handler) handler(request, response);
    else response.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The refusal a fetch ends in. */
async function refusal(url: string, options: PhotoFetchOptions = allowLocal): Promise<PhotoFetchRefused> {
  const error = await fetchPhoto(url, options).then(
    () => new Error('fetched'),
    (caught: unknown) => caught,
  );
  if (!(error instanceof PhotoFetchRefused)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('fetching a photo named in a stock file', () => {
  it('fetches a JPEG or PNG from a host the setting allows', async () => {
    expect(await fetchPhoto(at('/car.jpg'), allowLocal)).toEqual(JPEG);
    expect(await fetchPhoto(at('/car.png'), allowLocal)).toEqual(PNG);
  });

  it('follows up to three redirects and refuses a fourth', async () => {
    expect(await fetchPhoto(at('/hop/3'), allowLocal)).toEqual(JPEG);
    expect(await refusal(at('/hop/4'))).toMatchObject({ reason: 'redirects', permanent: true });
  });

  it('refuses the loopback address when the setting does not allow it, without asking it', async () => {
    requests = [];
    expect(await refusal(at('/car.jpg'), { allowHosts: [] })).toMatchObject({ reason: 'address', permanent: true });
    expect(requests).toEqual([]);
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/car.jpg',
    'http://[::1]/car.jpg',
    'http://[::ffff:127.0.0.1]/car.jpg',
  ])('refuses %s before connecting', async (url) => {
    const started = Date.now();
    expect(await refusal(url, { allowHosts: [] })).toMatchObject({ reason: 'address', permanent: true });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('refuses a name when any of its addresses is private', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    expect(await refusal('http://photos.dealer.example/car.jpg', { allowHosts: [], resolve })).toMatchObject({ reason: 'address' });
  });

  it('refuses a redirect to the cloud metadata address', async () => {
    expect(await refusal(at('/to-metadata'))).toMatchObject({ reason: 'address', permanent: true });
  });

  it('refuses a redirect to another name for this host that the setting does not list', async () => {
    expect(await refusal(at('/to-localhost'))).toMatchObject({ reason: 'address' });
  });

  it('refuses what is not a JPEG, PNG or WebP by its content type', async () => {
    expect(await refusal(at('/page.html'))).toMatchObject({ reason: 'type', permanent: true });
  });

  it('refuses a photo over the size limit, declared or not', async () => {
    const small = { ...allowLocal, maxBytes: 1024 };
    expect(await refusal(at('/big-declared.jpg'), small)).toMatchObject({ reason: 'too_large', permanent: true });
    expect(await refusal(at('/big-streamed.jpg'), small)).toMatchObject({ reason: 'too_large', permanent: true });
  });

  it('gives up on a host that does not send the whole photo in time, to try again later', async () => {
    const started = Date.now();
    expect(await refusal(at('/slow.jpg'), { ...allowLocal, timeoutMs: 300 })).toMatchObject({ reason: 'timeout', permanent: false });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('takes a missing photo as final and a host that is down as worth another try', async () => {
    expect(await refusal(at('/missing.jpg'))).toMatchObject({ reason: 'status', permanent: true });
    expect(await refusal(at('/down.jpg'))).toMatchObject({ reason: 'status', permanent: false });
  });

  it.each(['file:///etc/passwd', 'ftp://127.0.0.1/car.jpg', 'javascript:alert(1)', 'not a url'])('refuses %s', async (url) => {
    expect(await refusal(url)).toMatchObject({ reason: 'scheme', permanent: true });
  });

  /** IPv6 spellings of 127.0.0.1 and 10.0.0.1, none of which a list of IPv6 ranges would catch. */
  const IPV6_SPELLINGS_OF_PRIVATE = [
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    '64:ff9b::127.0.0.1',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2002:a00:1::1',
    '2001:0:4136:e378:8000:63bf:80ff:fffe',
  ];

  it.each(IPV6_SPELLINGS_OF_PRIVATE)('refuses the address literal [%s] for good, before connecting', async (address) => {
    const refused = await refusal(`http://[${address}]:${port}/car.jpg`, { allowHosts: [] });
    expect(refused).toMatchObject({ reason: 'address', permanent: true });
    expect(refused.message).toContain('not a public address');
  });

  it.each(IPV6_SPELLINGS_OF_PRIVATE)('refuses a name that resolves to %s for good, before connecting', async (address) => {
    requests = [];
    const resolve = async () => [{ address, family: 6 }];
    const refused = await refusal('http://photos.dealer.example/car.jpg', { allowHosts: [], resolve });
    expect(refused).toMatchObject({ reason: 'address', permanent: true });
    expect(refused.message).toContain(address);
    expect(requests).toEqual([]);
  });
});

describe('the background fetch of an imported car’s photos', () => {
  const event = (urls: string[]): OutboxEvent => ({
    id: 1,
    kind: 'inventory.photo_urls',
    payload: { carUuid: '00000000-0000-4000-8000-000000000001', urls, actorUserId: 7 },
    attempts: 1,
  });
  const consumerAdding = (added: Array<{ carUuid: string; files: Buffer[]; actorUserId: number | null }>) =>
    photoUrlsConsumer(
      allowLocal,
      async (carUuid, files, actorUserId) => {
        added.push({ carUuid, files, actorUserId });
        return files.map(() => null);
      },
      { list: async () => [], record: async () => {} },
      Fastify({ logger: false }).log,
    );

  it('adds the photos that came, in the file’s order, as the admin who imported them, and skips refused ones', async () => {
    const added: Array<{ carUuid: string; files: Buffer[]; actorUserId: number | null }> = [];
    await consumerAdding(added).deliver(event([at('/car.png'), 'http://169.254.169.254/x.jpg', at('/page.html'), at('/car.jpg')]));
    expect(added).toEqual([{ carUuid: '00000000-0000-4000-8000-000000000001', files: [PNG, JPEG], actorUserId: 7 }]);
  });

  it('adds nothing while a host is down, so the retry adds each photo once', async () => {
    const added: Array<{ carUuid: string; files: Buffer[]; actorUserId: number | null }> = [];
    const consumer = consumerAdding(added);
    const failure = await consumer.deliver(event([at('/car.jpg'), at('/down.jpg')])).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PhotoFetchRefused);
    expect(consumer.isPermanent(failure)).toBe(false);
    expect(added).toEqual([]);
  });
});
