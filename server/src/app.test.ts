import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { piiCipherFromConfig } from './security/pii-crypto.ts';
import { loadCatalogues } from './i18n/catalogues.ts';
import { createDatabase } from './db/database.ts';
import { testConfig, useTestApp } from '../test/app.ts';
import { DATABASE_KINDS } from '../test/database.ts';
import type { ErrorBody } from '../../domain/contracts/errors.ts';
import { fakeWebBuild } from '../test/web-build.ts';

describe.each(DATABASE_KINDS)('the server on %s', (kind) => {
  const t = useTestApp(kind, { webDist: fakeWebBuild() });

  it('reports health when the database answers', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json<ErrorBody>().error.code).toBe('not_found');
  });

  // A car page is 200 only for a car that exists (site/page-meta.test.ts); this database has none.
  it.each(['/', '/cars', '/dashboard/users/5', '/application'])('serves the web app for the client route %s', async (path) => {
    const res = await t.app.inject(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(/<title>[^<]+<\/title>/);
  });

  it('serves hashed build assets with a long cache lifetime', async () => {
    const res = await t.app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset with a 404 rather than the app page', async () => {
    const res = await t.app.inject('/assets/missing.js');
    expect(res.statusCode).toBe(404);
  });

  it('answers malformed JSON with a 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain('at ');
  });

  it('draws the car artwork tinted with the requested colour', async () => {
    const res = await t.app.inject('/media/cars/suv/street.svg?color=1F3A73');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('#1f3a73');
  });

  it.each(['/media/cars/tank/street.svg', '/media/cars/suv/moon.svg', '/media/cars/suv/street.svg?color=red'])(
    'refuses artwork it cannot draw: %s',
    async (url) => {
      expect((await t.app.inject(url)).statusCode).toBe(400);
    },
  );
});

describe('the server when the database is down', () => {
  it('reports 503 from the health check', async () => {
    // Nothing listens on port 1: a database that never answers.
    const db = createDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none' });
    // Built without the runtime, which would refuse to start on a database it cannot migrate.
    const config = testConfig();
    const app = await buildApp({
      config,
      db,
      pii: piiCipherFromConfig(config.security),
      catalogues: await loadCatalogues(),
      logger: false,
    });
    const res = await app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json<ErrorBody>().error.code).toBe('unavailable');
    await app.close();
    await db.destroy();
  });
});

describe('pages, assets and car pictures live outside the API', () => {
  const t = useTestApp('pglite', { webDist: fakeWebBuild(), env: { RATE_LIMIT_MAX: '3' } });

  it('serves a page to a request whose identity headers the API would refuse', async () => {
    const res = await t.app.inject({ url: '/dashboard/users', headers: { authorization: 'tma forged', 'x-telegram-id': '1' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect((await t.app.inject({ url: '/api/me', headers: { authorization: 'tma forged' } })).statusCode).toBe(401);
  });

  it('never counts pages, assets or car pictures against the API rate limit', async () => {
    for (let i = 0; i < 10; i++) {
      for (const url of ['/cars', '/assets/app-abc123.js', '/media/cars/suv/street.svg']) {
        expect((await t.app.inject({ url, remoteAddress: '127.0.0.9' })).statusCode, url).toBe(200);
      }
    }
    const api = await t.app.inject({ url: '/api/health', remoteAddress: '127.0.0.9' });
    expect(api.statusCode).toBe(200);
    expect(api.headers['x-ratelimit-remaining']).toBe('2');
  });
});
