import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRuntime } from '../runtime.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';

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

describe('a client that is too slow', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const config = testConfig({ HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_IDLE_TIMEOUT_MS: '2500', HTTP_REQUEST_TIMEOUT_MS: '3000' });
    app = (await createRuntime(config, { db: database.db, logger: false })).app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('gets 408 and is disconnected when its headers never finish', async () => {
    const { answer, seconds } = await exchange(port, (socket) => socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n'));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(seconds).toBeLessThan(5);
  });

  it('is disconnected when its body stops arriving', async () => {
    const { seconds } = await exchange(port, (socket) =>
      socket.write('POST /api/auth/logout HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":'),
    );
    expect(seconds).toBeLessThan(5);
  });

  it('gets 408 when a trickling body outlasts the whole-request limit', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { answer, seconds } = await exchange(port, (socket) => {
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
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
