import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRuntime } from '../runtime.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes raw bytes to the server and reads its whole answer, as a hostile or broken client would. */
function rawRequest(port: number, bytes: string): Promise<Answer> {
  return new Promise((resolve) => {
    let text = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.on('data', (chunk) => (text += String(chunk)));
    socket.on('error', () => {});
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

/** The security headers every answer carries, as an ordinary API answer sends them. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'permissions-policy',
  'x-content-type-options',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
];

describe('answers written before any hook', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let close: (() => Promise<void>) | undefined;
  let port: number;
  let ordinary: Record<string, unknown>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    // No web build: its page wildcard would take the long path below before the router could refuse it.
    const webDist = join(tmpdir(), 'no-web-build');
    const runtime = await createRuntime(testConfig({ HTTP_HEADERS_TIMEOUT_MS: '1000' }), { db: database.db, logger: false, webDist });
    // The whole runtime, so that its timers (the outbox worker's, the jobs') stop with the suite.
    close = () => runtime.close();
    app = runtime.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    ordinary = (await app.inject('/api/health')).headers;
  });
  afterAll(async () => {
    await close?.();
    await database?.drop();
  });

  function expectLikeEveryAnswer(answer: { headers: Record<string, unknown>; body: string }, code: string) {
    for (const name of SECURITY_HEADERS) expect(answer.headers[name], name).toBe(ordinary[name]);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(answer.body) as ErrorBody;
    expect(body).toEqual({ error: { code, message: body.error.message } });
    expect(body.error.message.length).toBeGreaterThan(0);
    return body.error.message;
  }

  it('answers a broken percent-encoding in the path with 400 in our shape, without repeating the path', async () => {
    for (const url of ['/api/cars/%E0%A4%A', '/cars/%FF%FEzz']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(400);
      const message = expectLikeEveryAnswer(res, 'bad_request');
      expect(message).not.toContain('%');
      expect(res.body).not.toContain(url);
    }
  });

  it('answers a path parameter longer than the router takes with 414 in our shape, without repeating it', async () => {
    const brand = 'q'.repeat(300);
    const res = await app.inject(`/media/cars/${brand}/studio.svg`);
    expect(res.statusCode, res.body).toBe(414);
    expectLikeEveryAnswer(res, 'uri_too_long');
    expect(res.body).not.toContain(brand);
  });

  it('answers headers too large with 431 in our shape, without repeating them', async () => {
    const answer = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Probe: ${'<b>'.repeat(7000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expectLikeEveryAnswer(answer, 'headers_too_large');
    expect(answer.body).not.toContain('<b>');
  });

  it('answers headers that never finish with 408 in our shape', async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    expect(answer.status).toBe(408);
    expectLikeEveryAnswer(answer, 'request_timeout');
  });

  it('answers a request that is not HTTP with 400 in our shape, without repeating it', async () => {
    const answer = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-<script>: 1\r\n\r\n');
    expect(answer.status).toBe(400);
    expectLikeEveryAnswer(answer, 'bad_request');
    expect(answer.body).not.toContain('script');
  });

  it('answers a body the parser refuses with 400 in our shape, without repeating it', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/applications/draft',
      headers: { 'content-type': 'application/json' },
      payload: '{"ssn": "123-45-67',
    });
    expect(res.statusCode).toBe(400);
    expectLikeEveryAnswer(res, 'bad_request');
    expect(res.body).not.toContain('123-45');
  });

  it('answers a content type nobody reads with 415 in our shape', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/applications/draft',
      headers: { 'content-type': 'text/x-probe' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expectLikeEveryAnswer(res, 'unsupported_media_type');
  });
});
