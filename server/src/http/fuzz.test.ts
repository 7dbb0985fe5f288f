import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../test/database.ts';
import { MADE_UP_NAME, useRouteFuzz } from '../../test/fuzz.ts';

/**
 * The route fuzz (server/test/fuzz.ts) finds every route the app registers and the parameters each
 * reads; fuzz-paths, fuzz-queries, fuzz-bodies and fuzz-headers sweep them with malformed input.
 */
describe.each(DATABASE_KINDS)('fuzzing every route on %s', (kind) => {
  const fuzz = useRouteFuzz(kind);

  it('fuzzes the routes Fastify registered, API, media and site files alike', () => {
    expect(fuzz.routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/cars' },
        { method: 'GET', url: '/api/cars/:uuid' },
        { method: 'POST', url: '/api/viewed-cars' },
        { method: 'POST', url: '/api/users/admin' },
        { method: 'GET', url: '/media/cars/:style/:scene.svg' },
        { method: 'GET', url: '/sitemap.xml' },
        { method: 'GET', url: '/robots.txt' },
        { method: 'GET', url: '/feeds/:channel-vehicles.csv' },
        { method: 'GET', url: '/api/inventory/feeds' },
        { method: 'GET', url: '/*' },
      ]),
    );
    expect(fuzz.routes.filter((r) => r.method === 'HEAD' || r.method === 'OPTIONS')).toEqual([]);
  });

  it('asks each route which query and body parameters it reads', async () => {
    expect(await fuzz.parametersRead({ method: 'GET', url: '/api/cars' }, 'query')).toEqual(
      expect.arrayContaining(['page', 'brand', 'sort']),
    );
    expect(new Set(await fuzz.parametersRead({ method: 'POST', url: '/api/viewed-cars' }, 'body'))).toEqual(
      new Set(['carUuid', 'car_uuid', 'user_id']),
    );
    expect(await fuzz.parametersRead({ method: 'POST', url: '/api/users/admin' }, 'query')).toEqual([]);
    expect(await fuzz.parametersRead({ method: 'POST', url: '/api/auth/telegram-widget' }, 'body')).toEqual([MADE_UP_NAME]);
  });

  it('refuses signed init data whose profile holds a NUL byte with a 4xx, not a 500', () => fuzz.sweepNulProfiles());

  it('is still healthy afterwards: the health check and the car list answer 200', () => fuzz.expectHealthy());
});
