import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string; parameters?: Array<{ name: string; in: string }>; requestBody?: unknown }>>;
}

/** Routes that are machinery rather than endpoints: the document itself, catch-alls and CORS preflights. */
const isMachinery = (route: { method: string; url: string }) => route.method === 'OPTIONS' || route.url.endsWith('*') || route.url === '/api/openapi.json';

describe('the API document at /api/openapi.json', () => {
  const t = useTestApp('pglite');
  const document = async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    return res.json<OpenApiDocument>();
  };

  it('lists every route the app serves, each with a summary', async () => {
    const { openapi, paths } = await document();
    expect(openapi).toMatch(/^3\./);
    const routes = t.app.routeTable.filter((route) => !isMachinery(route));
    expect(routes.length).toBeGreaterThan(10);
    for (const { method, url } of routes) {
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(paths[path]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined();
      if (url.startsWith('/api/')) expect(paths[path]?.[method.toLowerCase()]?.summary, `${method} ${url}`).toBeTruthy();
    }
  });

  it('documents query parameters and bodies from the schemas the handlers validate with', async () => {
    const { paths } = await document();
    expect(paths['/api/users']?.get?.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['page', 'limit', 'sortBy', 'is_admin']));
    expect(paths['/api/users/admin']?.post?.requestBody).toBeDefined();
  });
});
