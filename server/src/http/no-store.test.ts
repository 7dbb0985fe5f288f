import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { HTTP_ONLY_KINDS } from '../../test/database.ts';
import { createAdmin, tmaHeaders, type TestTelegramUser } from '../../test/identity.ts';

/**
 * No cache, shared or the browser's own, may keep an answer that depends on who asked: a draft's
 * SSN, /api/me, staff lists, audit and metrics. Every API route answers `no-store` unless it is one
 * of the few that set their own Cache-Control, because what they say is the same for everyone.
 */
const CACHEABLE = new Set(['GET /api/site', 'GET /api/faqs/public', 'GET /api/applications/consents']);

const ADMIN: TestTelegramUser = { id: 7301, first_name: 'Ada' };
const APPLICANT: TestTelegramUser = { id: 7302, first_name: 'Harriet' };
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const directives = (header: string | string[] | number | undefined) =>
  String(header ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase());

describe.each(HTTP_ONLY_KINDS)('caching of API answers on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 3 } });
  let plausible: Record<string, string>;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    const car = await t.db.selectFrom('cars').select(['uuid', 'brand']).orderBy('uuid').executeTakeFirstOrThrow();
    plausible = { uuid: car.uuid, brand: car.brand, id: '1', userId: '1', side: 'front' };
  });

  const apiRoutes = () => t.app.routeTable.filter(({ method, url }) => url.startsWith('/api/') && method !== 'OPTIONS');
  const pathOf = (url: string) =>
    url.replace(/:(\w+)|\*/g, (_match, name: string | undefined) => encodeURIComponent(plausible[name ?? ''] ?? 'x'));

  it('answers no-store from every route that does not declare itself cacheable, as anyone and on errors', async () => {
    const cached: string[] = [];
    for (const { method, url } of apiRoutes()) {
      if (CACHEABLE.has(`${method} ${url}`)) continue;
      for (const [caller, headers] of [
        ['anonymous', {}],
        ['admin', tmaHeaders(ADMIN)],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: pathOf(url),
          headers: { ...headers, ...(BODY_METHODS.has(method) ? { 'content-type': 'application/json' } : {}) },
          ...(BODY_METHODS.has(method) ? { payload: '{}' } : {}),
        });
        if (!directives(res.headers['cache-control']).includes('no-store')) {
          cached.push(`${method} ${url} as ${caller}: ${res.statusCode} cache-control=${String(res.headers['cache-control'])}`);
        }
      }
    }
    expect(cached).toEqual([]);
  });

  it('walks the routes that matter most: the draft, /api/me, users, audit and metrics', () => {
    const urls = apiRoutes().map(({ method, url }) => `${method} ${url}`);
    expect(urls).toEqual(
      expect.arrayContaining(['GET /api/applications/draft', 'GET /api/me', 'GET /api/users', 'GET /api/audit', 'GET /api/metrics']),
    );
  });

  it('never lets a cache keep a saved draft with its SSN', async () => {
    const draft = { personal: { firstName: 'Harriet', ssn: '123-45-6789' } };
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/applications/draft', headers: tmaHeaders(APPLICANT), payload: draft })).statusCode,
    ).toBe(200);
    const res = await t.app.inject({ url: '/api/applications/draft', headers: tmaHeaders(APPLICANT) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('123-45-6789');
    expect(directives(res.headers['cache-control'])).toContain('no-store');
  });

  it('keeps the own Cache-Control of the routes that are the same for everyone', async () => {
    expect(directives((await t.app.inject('/api/site')).headers['cache-control'])).toContain('public');
    expect(directives((await t.app.inject('/api/applications/consents?lang=en')).headers['cache-control'])).toContain('public');
    const faqs = await t.app.inject('/api/faqs/public?lang=en');
    expect(directives(faqs.headers['cache-control'])).toEqual(['public', 'no-cache']);
    expect(faqs.headers.etag).toBeDefined();
  });

  it('answers no-store when a cacheable route refuses the request', async () => {
    for (const url of ['/api/faqs/public?lang=en&lang=es', '/api/applications/consents?lang=%3Cscript%3E']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(directives(res.headers['cache-control'])).toContain('no-store');
    }
  });
});
