import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.ts';

/**
 * Route-level access rules, declared where the route is:
 *
 *   app.get('/users', { config: ADMIN_ONLY }, handler)
 *
 * 'signed-in' needs a Telegram user (init data or a session) and answers 401 otherwise, web guests
 * included; 'admin' also answers 403 to anyone but an admin. Routes without `access` are public.
 */
export type Access = 'admin' | 'signed-in';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every admin-only route (method and URL), so tests can prove each one is guarded. */
    readonly adminRoutes: ReadonlyArray<{ method: string; url: string }>;
  }
}

export const ADMIN_ONLY = { access: 'admin' } as const;
export const SIGNED_IN = { access: 'signed-in' } as const;

/** Spec §6 header, sent by the original client with admin calls. */
const CLAIMED_TELEGRAM_ID = 'x-telegram-id';

/** Registers the admin-route registry and the hook that enforces `access`. Call after registerIdentity. */
export function registerAccessControl(app: FastifyInstance) {
  const adminRoutes: Array<{ method: string; url: string }> = [];
  app.decorate('adminRoutes', adminRoutes);
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'admin') return;
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD twin for every GET; it is the same route.
      if (method !== 'HEAD' && !adminRoutes.some((r) => r.method === method && r.url === route.url)) adminRoutes.push({ method, url: route.url });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const viewer = request.viewer;
    // A web guest is only a cookie for favourites: to these routes it is nobody.
    if (access && (!viewer || viewer.via === 'guest')) throw new HttpError('unauthorized', 'Sign in to continue.');

    // Accepted for compatibility, never trusted: it may only repeat the verified identity.
    const claimed = request.headers[CLAIMED_TELEGRAM_ID];
    if (claimed !== undefined && request.url.startsWith('/api/')) {
      const matches = typeof claimed === 'string' && viewer?.telegramId != null && claimed.trim() === String(viewer.telegramId);
      if (!matches) throw new HttpError('forbidden', 'The x-telegram-id header does not match the signed-in user.');
    }

    if (access === 'admin' && !viewer?.isAdmin) throw new HttpError('forbidden', 'This needs staff (admin) rights.');
  });
}
