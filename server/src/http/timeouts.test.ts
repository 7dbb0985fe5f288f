import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRuntime } from '../runtime.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';

/** What a slow or hostile client gets: the bytes the server answered with, and when it hung up. */
function exchange(port: number, talk: (socket: Socket) => void): Promise<{ answer: string; seconds: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => talk(socket));
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ answer, seconds: (Date.now() - started) / 1000 }));
  });
}

/** A server listening on 127.0.0.1 with these settings, on a throwaway database, closed after the suite. */
function listeningServer(settings: Record<string, string>) {
  const server = { app: undefined as unknown as FastifyInstance, port: 0 };
  let database: TestDatabase | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const runtime = await createRuntime(testConfig(settings), { db: database.db, logger: false });
    // The whole runtime, so that its timers (the expiry job's) stop with the suite.
    close = () => runtime.close();
    server.app = runtime.app;
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    server.port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await close?.();
    await database?.drop();
  });
  return server;
}

describe('a client that is too slow', () => {
  const server = listeningServer({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_IDLE_TIMEOUT_MS: '2500', HTTP_REQUEST_TIMEOUT_MS: '3000' });

  it('gets 408 and is disconnected when its headers never finish', async () => {
    const { answer, seconds } = await exchange(server.port, (socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n'));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(seconds).toBeLessThan(5);
  });

  it('is disconnected when its body stops arriving', async () => {
    const { seconds } = await exchange(server.port, (socket) =>
      socket.write(
        'POST /api/auth/logout HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
      ),
    );
    expect(seconds).toBeLessThan(5);
  });

  it('gets 408 when a trickling body outlasts the whole-request limit', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { answer, seconds } = await exchange(server.port, (socket) => {
      socket.write('POST /api/auth/logout HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 3000\r\n\r\n');
      // One byte every 300 ms is never idle long enough to be cut for silence.
      timer = setInterval(() => socket.writable && socket.write(' '), 300);
    });
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(seconds).toBeGreaterThan(2);
    expect(seconds).toBeLessThan(8);
  });

  it('still serves a prompt client', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/health`);
    expect(res.status).toBe(200);
  });
});

/** Sends `head`, then `chunk` every `everyMs` for as long as the connection lasts; answers what came back. */
function trickle(port: number, head: string, chunk: string, everyMs: number): Promise<{ answer: string }> {
  let timer: NodeJS.Timeout | undefined;
  return exchange(port, (socket) => {
    socket.write(head);
    timer = setInterval(() => socket.writable && socket.write(chunk), everyMs);
    socket.on('close', () => clearInterval(timer));
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as ErrorBody;

describe('a request body that trickles in', () => {
  // The whole-request and idle limits are far away: only the body rate can end these requests in time.
  const server = listeningServer({
    HTTP_REQUEST_TIMEOUT_MS: '600000',
    HTTP_IDLE_TIMEOUT_MS: '600000',
    HTTP_BODY_MIN_BYTES_PER_SECOND: '2048',
  });

  it('is cut with 408 request_timeout long before the request timeout, uploads included', async () => {
    const head =
      'POST /api/applications/documents HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 300000\r\n\r\n' +
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="licence.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
    const { answer } = await trickle(server.port, head, 'x', 300);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(bodyOf(answer).error.code).toBe('request_timeout');
  });

  it('is cut the same way for a JSON body', async () => {
    const head = 'POST /api/auth/logout HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 3000\r\n\r\n';
    const { answer } = await trickle(server.port, head, ' ', 300);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const body = bodyOf(answer);
    expect(body).toEqual({ error: { code: 'request_timeout', message: body.error.message } });
    expect(body.error.message).toContain('too slowly');
  });

  it("lets a body at a slow phone's pace arrive whole and be answered", async () => {
    // About 3 KB a second for 7 s: above the minimum of 2 KB, past the grace period.
    // A JSON array is read whole, then refused by the draft route for not being an object.
    const body = JSON.stringify(['x'.repeat(21 * 1024)]);
    const head = `PUT /api/applications/draft HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    let offset = 0;
    let timer: NodeJS.Timeout | undefined;
    const { answer } = await exchange(server.port, (socket) => {
      socket.write(head);
      timer = setInterval(() => {
        if (offset >= body.length) return clearInterval(timer);
        socket.write(body.slice(offset, offset + 768));
        offset += 768;
      }, 250);
    });
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer).error.message).toBe('Send the draft as a JSON object.');
  });
});

describe('connections beyond HTTP_MAX_CONNECTIONS', () => {
  const server = listeningServer({ HTTP_MAX_CONNECTIONS: '2' });

  /** A kept-alive connection the server has answered once, so it surely counts it. */
  function heldConnection(): Promise<Socket> {
    return new Promise((resolve, reject) => {
      const socket = connect(server.port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'));
      socket.once('data', () => resolve(socket));
      socket.once('error', reject);
    });
  }

  const openConnections = () =>
    new Promise<number>((resolve, reject) => server.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

  it('refuses a connection past the cap without an answer, and takes one again once a place is free', async () => {
    const held = [await heldConnection(), await heldConnection()];
    const refused = await exchange(server.port, (socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n'));
    expect(refused.answer).toBe('');

    held[0]!.destroy();
    while ((await openConnections()) >= 2) await setTimeout(20);
    const served = await exchange(server.port, (socket) =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    );
    expect(served.answer).toMatch(/^HTTP\/1\.1 200 /);
    held[1]!.destroy();
  });
});
