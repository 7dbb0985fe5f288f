import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { recordingStream } from '../../test/log-lines.ts';
import { loggerOptions } from './logger.ts';

describe('the server log', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => Promise.all(apps.splice(0).map((app) => app.close())));

  function logWith(env: Record<string, string>) {
    const { stream, lines } = recordingStream();
    const app = Fastify({ logger: loggerOptions(testConfig({ LOG_LEVEL: 'info', ...env }), stream) });
    apps.push(app);
    return { log: app.log, lines };
  }

  it('reads as time, level, message and key=value pairs in a development terminal', () => {
    const { log, lines } = logWith({ NODE_ENV: 'development' });
    log.warn({ eventId: 7, consumer: 'lender', error: 'the lender answered 500' }, 'outbox event not delivered; retrying later');
    expect(lines.join('')).toMatch(
      /^\d\d:\d\d:\d\d WARN {2}outbox event not delivered; retrying later eventId=7 consumer=lender error="the lender answered 500"\n$/,
    );
  });

  it("puts an error's stack under its line in development", () => {
    const { log, lines } = logWith({ NODE_ENV: 'development' });
    log.error({ err: new Error('database is down') }, 'request failed');
    const [head, ...stack] = lines.join('').trimEnd().split('\n');
    expect(head).toMatch(/^\d\d:\d\d:\d\d ERROR request failed err="database is down"$/);
    expect(stack[0]).toBe('    Error: database is down');
    expect(stack.length).toBeGreaterThan(1);
  });

  it('stays one JSON object a line in production, for log collectors', () => {
    const { log, lines } = logWith({
      NODE_ENV: 'production',
      SESSION_SECRET: 'production-session-secret-that-is-long-enough-0123456789',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      STAFF_MFA: 'off',
    });
    log.info({ applicationId: 3 }, 'submitted');
    expect(JSON.parse(lines.join(''))).toMatchObject({ level: 30, msg: 'submitted', applicationId: 3 });
  });
});
