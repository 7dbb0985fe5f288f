import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createRuntime } from '../runtime.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, DATABASE_KINDS, HTTP_ONLY_KINDS, type TestDatabase } from '../../test/database.ts';
import { recordingStream } from '../../test/log-lines.ts';
import { loggerOptions } from './logger.ts';

const PERSONAL = 'Jane Q. Applicant';

describe.each(DATABASE_KINDS)('error logs on %s', (kind) => {
  const { stream, lines } = recordingStream();
  let database: TestDatabase;
  let app: FastifyInstance;
  // The whole runtime, so that its timers (the expiry job's, the outbox worker's) stop with the suite.
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const config = testConfig({ LOG_LEVEL: 'info' });
    const runtime = await createRuntime(config, { db: database.db, logger: { ...(loggerOptions(config) as object), stream } });
    close = () => runtime.close();
    app = runtime.app;
    // A statement that fails with a person's name among its bound values, as a failing search would.
    app.get('/api/test/failing-statement', async () => sql`select 1 / 0 where ${PERSONAL} <> ''`.execute(app.db));
    await app.ready();
  });
  afterAll(async () => {
    await close?.();
    await database?.drop();
  });

  it('logs a failed statement with its SQL and error, but never its bound values', async () => {
    const res = await app.inject('/api/test/failing-statement');
    expect(res.statusCode).toBe(500);
    const logged = lines.find((line) => line.includes('division by zero'));
    expect(logged).toBeDefined();
    expect(logged).toContain('select 1 / 0');
    expect(lines.join('\n')).not.toContain(PERSONAL);
  });
});

interface LogLine {
  msg: string;
  reqId?: string;
  status?: number;
  req?: { url?: string; ip?: string };
}

/** An app whose log lines are kept, parsed, for the test to read. */
function loggedApp(kind: (typeof DATABASE_KINDS)[number], env: Record<string, string>) {
  const lines: LogLine[] = [];
  let database: TestDatabase;
  let app: FastifyInstance;
  // The whole runtime, so that its timers (the expiry job's, the outbox worker's) stop with the suite.
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const config = testConfig({ LOG_LEVEL: 'info', ...env });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as LogLine);
        done();
      },
    });
    const runtime = await createRuntime(config, { db: database.db, logger: { ...(loggerOptions(config) as object), stream } });
    close = () => runtime.close();
    app = runtime.app;
    app.get('/api/test/failing', async () => {
      throw new Error('boom');
    });
    await app.ready();
  });
  afterAll(async () => {
    await close?.();
    await database?.drop();
  });
  return {
    inject: (options: InjectOptions) => app.inject(options),
    /** The address the line about `url` names. */
    addressLogged: (url: string) => lines.find((line) => line.req?.url === url)?.req?.ip,
    /** The request id the line about `url` carries. */
    requestIdLogged: (url: string) => lines.find((line) => line.req?.url === url)?.reqId,
  };
}

describe.each(HTTP_ONLY_KINDS)('client addresses in the logs on %s', (kind) => {
  const direct = loggedApp(kind, {});
  const proxied = loggedApp(kind, { TRUST_PROXY: '10.0.0.1' });

  it('names the client of a refused request (4xx)', async () => {
    expect((await direct.inject({ url: '/api/no-such-route-1', remoteAddress: '198.51.100.7' })).statusCode).toBe(404);
    expect(direct.addressLogged('/api/no-such-route-1')).toBe('198.51.100.7');
  });

  it('names the client of a failed request (5xx)', async () => {
    expect((await direct.inject({ url: '/api/test/failing', remoteAddress: '198.51.100.8' })).statusCode).toBe(500);
    expect(direct.addressLogged('/api/test/failing')).toBe('198.51.100.8');
  });

  it('names the client of a request refused before any hook', async () => {
    expect((await direct.inject({ url: '/api/cars/%E0%A4%A', remoteAddress: '198.51.100.9' })).statusCode).toBe(400);
    expect(direct.addressLogged('/api/cars/%E0%A4%A')).toBe('198.51.100.9');
  });

  it("tells one request's line from another's by its request id", async () => {
    await direct.inject({ url: '/api/no-such-route-5' });
    await direct.inject({ url: '/api/no-such-route-6' });
    const first = direct.requestIdLogged('/api/no-such-route-5');
    expect(first).toMatch(/^req-/);
    expect(direct.requestIdLogged('/api/no-such-route-6')).not.toBe(first);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    await direct.inject({ url: '/api/no-such-route-2', remoteAddress: '198.51.100.10', headers: { 'x-forwarded-for': '203.0.113.66' } });
    expect(direct.addressLogged('/api/no-such-route-2')).toBe('198.51.100.10');
  });

  it('takes the address a trusted proxy forwarded', async () => {
    await proxied.inject({ url: '/api/no-such-route-3', remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.67' } });
    expect(proxied.addressLogged('/api/no-such-route-3')).toBe('203.0.113.67');
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    await proxied.inject({ url: '/api/no-such-route-4', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.68' } });
    expect(proxied.addressLogged('/api/no-such-route-4')).toBe('10.0.0.2');
  });
});
