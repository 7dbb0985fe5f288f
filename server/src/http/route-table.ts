import type { FastifyInstance } from 'fastify';
import { isAdminAccess, type Access } from './access.ts';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves (HEAD twins of GET routes left out), for tests and the API document. */
    readonly routeTable: readonly RouteEntry[];
    /** The admin-only ones (with or without the passkey step), so a test can prove each one is guarded. */
    readonly adminRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

/** Call on the root instance before any route: its onRoute hook then sees routes in every plugin. */
export function registerRouteTable(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  app.decorate('adminRoutes', {
    getter: () => routes.filter((route) => isAdminAccess(route.access)).map(({ method, url }) => ({ method, url })),
  });
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    for (const method of methods) {
      // A HEAD beside a GET of the same URL (Fastify's twin, or @fastify/static's own) is that GET.
      if (method === 'HEAD' && (methods.includes('GET') || routes.some((r) => r.url === route.url && r.method === 'GET'))) continue;
      if (method === 'GET') removeWhere(routes, (r) => r.url === route.url && r.method === 'HEAD');
      if (!routes.some((r) => r.method === method && r.url === route.url))
        routes.push({ method, url: route.url, access: route.config?.access });
    }
  });
}

function removeWhere<T>(items: T[], matches: (item: T) => boolean) {
  for (let i = items.length - 1; i >= 0; i--) if (matches(items[i]!)) items.splice(i, 1);
}
