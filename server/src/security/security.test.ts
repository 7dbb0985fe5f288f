import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { loggerOptions } from '../http/logger.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS, HTTP_ONLY_KINDS } from '../../test/database.ts';
import { tmaHeaders } from '../../test/identity.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { TELEGRAM_LAUNCH_SCRIPT } from '../../../domain/telegram-launch.ts';
import { redisAnswers } from '../../test/local-services.ts';

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe.each(HTTP_ONLY_KINDS)('security headers on %s', (kind) => {
  const t = useTestApp(kind);

  it('sends a Content-Security-Policy that lets only Telegram frame the app', async () => {
    const res = await t.app.inject('/api/health');
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp['frame-ancestors']).toEqual(["'self'", 'https://web.telegram.org', 'https://*.telegram.org']);
  });

  it('allows scripts, connections and fonts from our own origin only, and no inline script but the Telegram launch check', async () => {
    const csp = directives(String((await t.app.inject('/api/health')).headers['content-security-policy']));
    const launchCheck = createHash('sha256').update(TELEGRAM_LAUNCH_SCRIPT).digest('base64');
    expect(csp['script-src']).toEqual(["'self'", `'sha256-${launchCheck}'`]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['font-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
  });

  it('allows Telegram avatars as images', async () => {
    const csp = directives(String((await t.app.inject('/api/health')).headers['content-security-policy']));
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://t.me', 'https://*.telegram.org']));
  });

  it('sends no X-Frame-Options, which would blank the app inside Telegram Web', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('lets only the app itself use the camera, and switches off the powerful features it never uses, on every answer', async () => {
    for (const url of ['/api/health', '/media/cars/suv/studio.svg', '/api/no-such-route']) {
      const header = String((await t.app.inject(url)).headers['permissions-policy']);
      const policy: Record<string, string> = Object.fromEntries(
        header.split(',').map((part) => part.trim().split('=') as [string, string]),
      );
      expect(policy.camera, url).toBe('(self)');
      for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'serial', 'display-capture'])
        expect(policy[feature], `${url} ${feature}`).toBe('()');
      // Staff confirm passkeys (WebAuthn) on this origin: those stay at their default, this origin only.
      expect(policy['publickey-credentials-get']).toBeUndefined();
      expect(policy['publickey-credentials-create']).toBeUndefined();
    }
  });

  it('names in Permissions-Policy only features Chromium recognises, so no page logs an error about it', async () => {
    // Chromium's permissions-policy feature names for what the app switches off; an unknown one
    // (such as "bluetooth") is reported on every page load as "Unrecognized feature".
    const recognised = [
      'camera',
      'microphone',
      'geolocation',
      'payment',
      'usb',
      'serial',
      'hid',
      'midi',
      'display-capture',
      'browsing-topics',
    ];
    const header = String((await t.app.inject('/api/health')).headers['permissions-policy']);
    const features = header.split(',').map((part) => part.trim().split('=')[0]);
    expect(features.filter((feature) => !recognised.includes(feature!))).toEqual([]);
  });

  it('sends the security headers on errors too', async () => {
    const res = await t.app.inject('/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-security-policy']).toContain('frame-ancestors');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe.each(HTTP_ONLY_KINDS)('same-origin writes without PUBLIC_URL (development) on %s', (kind) => {
  const t = useTestApp(kind);
  const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

  it('accepts a write from the host the request was sent to', async () => {
    expect((await logout({ origin: 'http://localhost:5173', host: 'localhost:5173' })).statusCode).toBe(200);
  });

  it('refuses a write from the same host over another scheme', async () => {
    expect((await logout({ origin: 'https://localhost:5173', host: 'localhost:5173' })).statusCode).toBe(403);
  });
});

describe.each(HTTP_ONLY_KINDS)('same-origin writes and CORS on %s', (kind) => {
  const t = useTestApp(kind, { env: { ALLOWED_ORIGINS: 'https://partner.example.com', PUBLIC_URL: 'https://cars.example.com' } });
  const logout = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

  it('refuses a write from another site with 403', async () => {
    const res = await logout({ origin: 'https://evil.example.net' });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorBody>().error.code).toBe('forbidden');
  });

  it('refuses a write from an opaque "null" origin', async () => {
    expect((await logout({ origin: 'null' })).statusCode).toBe(403);
  });

  it('accepts a write from PUBLIC_URL', async () => {
    expect((await logout({ origin: 'https://cars.example.com' })).statusCode).toBe(200);
  });

  it('refuses a write whose Origin merely repeats the Host header it chose', async () => {
    expect((await logout({ origin: 'http://evil.example.net', host: 'evil.example.net' })).statusCode).toBe(403);
  });

  it('refuses a write from our own host over another scheme', async () => {
    expect((await logout({ origin: 'http://cars.example.com', host: 'cars.example.com' })).statusCode).toBe(403);
  });

  it('accepts a write from an origin in ALLOWED_ORIGINS', async () => {
    expect((await logout({ origin: 'https://partner.example.com' })).statusCode).toBe(200);
  });

  it('accepts a write with no Origin header, as from a server or curl', async () => {
    expect((await logout({})).statusCode).toBe(200);
  });

  it('lets a page from another site read public data but not write', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example.net' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CORS with credentials for an allowed origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://partner.example.com' } });
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
  });

  it('answers a CORS preflight from an allowed origin, allowing the tma header', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/viewed-cars',
      headers: {
        origin: 'https://partner.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example.com');
    expect(String(res.headers['access-control-allow-headers'])).toContain('authorization');
  });

  it('gives a preflight from another site no CORS permission', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/viewed-cars',
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.each(DATABASE_KINDS)('rate limits on %s', (kind) => {
  const t = useTestApp(kind, { env: { RATE_LIMIT_MAX: '5', RATE_LIMIT_STRICT_MAX: '2' } });
  const from = (remoteAddress: string, url = '/api/health', method: 'GET' | 'POST' = 'GET', payload?: object) =>
    t.app.inject({ method, url, remoteAddress, ...(payload ? { payload } : {}) });

  it('answers 429 with a JSON error once a client passes the global limit', async () => {
    for (let i = 0; i < 5; i++) expect((await from('10.0.0.1')).statusCode).toBe(200);
    const res = await from('10.0.0.1');
    expect(res.statusCode).toBe(429);
    const body = res.json<ErrorBody>();
    expect(body).toEqual({ error: { code: 'rate_limited', message: body.error.message } });
    expect(body.error.message).toMatch(/Too many requests/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts each client separately', async () => {
    for (let i = 0; i < 6; i++) await from('10.0.0.2');
    expect((await from('10.0.0.3')).statusCode).toBe(200);
  });

  it('limits sign-in attempts more strictly than other calls', async () => {
    const attempt = () => from('10.0.0.4', '/api/auth/link', 'POST', { token: 'A'.repeat(43) });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(429);
  });

  it('limits unknown paths too, so probing costs the same', async () => {
    for (let i = 0; i < 5; i++) await from('10.0.0.5', '/api/probe');
    expect((await from('10.0.0.5', '/api/probe')).statusCode).toBe(429);
  });

  it('does not count car pictures, so a catalogue page with many photos never trips the limit', async () => {
    for (let i = 0; i < 20; i++) expect((await from('10.0.0.6', '/media/cars/suv/studio.svg')).statusCode).toBe(200);
    expect((await from('10.0.0.6')).statusCode).toBe(200);
  });
});

describe.each(HTTP_ONLY_KINDS)('request size limits on %s', (kind) => {
  const t = useTestApp(kind);

  it('answers 413 for a sign-in body larger than a sign-in needs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/link',
      payload: { token: 'A'.repeat(43), padding: 'x'.repeat(8 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorBody>().error.code).toBe('payload_too_large');
  });

  it('answers 413 for any body over 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/register',
      headers: tmaHeaders({ id: 1 }),
      payload: { x: 'x'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBe(413);
  });
});

/** Redis is optional infrastructure: without it these tests say so and skip. */
const REDIS_URL = 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(REDIS_URL);
if (!redisUp) console.warn(`Redis is not answering at ${REDIS_URL}: skipping the shared rate-limit store tests.`);

describe.skipIf(!redisUp)('rate limits shared through Redis', () => {
  const env = { RATE_LIMIT_MAX: '3', REDIS_URL };
  const first = useTestApp('pglite', { env });
  const second = useTestApp('pglite', { env });

  it('counts one client across two instances', async () => {
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (const t of [first, second, first])
      expect((await t.app.inject({ url: '/api/health', remoteAddress: address })).statusCode).toBe(200);
    expect((await second.app.inject({ url: '/api/health', remoteAddress: address })).statusCode).toBe(429);
  });
});

describe('rate limits when Redis cannot be reached', () => {
  const t = useTestApp('pglite', { env: { RATE_LIMIT_MAX: '2', REDIS_URL: 'redis://127.0.0.1:1' } });

  it('keeps serving rather than failing every request', async () => {
    for (let i = 0; i < 4; i++) expect((await t.app.inject({ url: '/api/health', remoteAddress: '10.8.0.1' })).statusCode).toBe(200);
  });
});

describe('rate-limit configuration', () => {
  it.each(['RATE_LIMIT_MAX', 'RATE_LIMIT_STRICT_MAX'])('stops start-up naming %s when it is not a positive number', (name) => {
    expect(() => testConfig({ [name]: '0' })).toThrow(ConfigError);
    expect(() => testConfig({ [name]: 'lots' })).toThrow(name);
  });

  it('stops start-up naming REDIS_URL when it is not a Redis URL', () => {
    expect(() => testConfig({ REDIS_URL: 'http://127.0.0.1:6379' })).toThrow('REDIS_URL');
  });
});

describe('log redaction', () => {
  function capture(log: (app: FastifyInstance) => void): string {
    let output = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        output += String(chunk);
        done();
      },
    });
    const options = loggerOptions(testConfig({ LOG_LEVEL: 'info' }));
    const app = Fastify({ logger: { ...(options as object), stream } });
    log(app);
    return output;
  }

  it.each([
    ['an SSN', { ssn: '123-45-6789' }, '123-45-6789'],
    ['a birth date inside an applicant', { applicant: { dateOfBirth: '01/02/1990' } }, '01/02/1990'],
    ['a birth date two levels down', { body: { applicant: { date_of_birth: '1990-01-02' } } }, '1990-01-02'],
    ['init data', { initData: 'user=%7B%7D&hash=abc' }, 'user=%7B%7D'],
    ['an authorization header', { headers: { authorization: 'tma secret-init-data' } }, 'secret-init-data'],
    ['a cookie', { headers: { cookie: 'session=s1.1.2.sig' } }, 's1.1.2.sig'],
    ['a sign-in token', { token: 'very-secret-token' }, 'very-secret-token'],
  ])('keeps %s out of the logs', (_name, object, secret) => {
    const output = capture((app) => app.log.info(object, 'something happened'));
    expect(output).toContain('something happened');
    expect(output).toContain('[redacted]');
    expect(output).not.toContain(secret);
  });
});
