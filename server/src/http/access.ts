import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

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
}

export const ADMIN_ONLY = { access: 'admin' } as const;
export const SIGNED_IN = { access: 'signed-in' } as const;

/** Spec §6 header, sent by the original client with admin calls. */
const CLAIMED_TELEGRAM_ID = 'x-telegram-id';

/** The hook that enforces `access` (app.adminRoutes lists what it guards). Call after registerIdentity. */
export function registerAccessControl(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const viewer = request.viewer;
    // A web guest is only a cookie for favourites: to these routes it is nobody.
    if (access && (!viewer || viewer.via === 'guest')) throw new HttpError('unauthorized', 'Sign in to continue.');

    // Accepted for compatibility, never trusted: it may only repeat the verified identity.
    const claimed = request.headers[CLAIMED_TELEGRAM_ID];
    if (claimed !== undefined) {
      const matches = typeof claimed === 'string' && viewer?.telegramId != null && claimed.trim() === String(viewer.telegramId);
      if (!matches) throw new HttpError('forbidden', 'The x-telegram-id header does not match the signed-in user.');
    }

    if (access === 'admin' && !viewer?.isAdmin) throw new HttpError('forbidden', 'This needs staff (admin) rights.');
  });
}
