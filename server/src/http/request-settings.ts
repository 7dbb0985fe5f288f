import type { ConfigSlice } from '../config.ts';

/**
 * The settings read by helpers that routes call with nothing but the request or the reply: the
 * identity cookies' names and flags (auth/session-cookies.ts), the client-address key
 * (security/client-address.ts), the guest cap of ensureViewer (auth/identity.service.ts) and the
 * strict rate limit a route's options name (security/rate-limit.ts). Being cross-cutting, they
 * travel with the app (buildApp decorates it with them); a feature never reads them, its own
 * settings are handed to it by api.ts or app.ts.
 */
export type RequestSettings = ConfigSlice<{ server: 'production'; security: 'sessionSecret' | 'guestLimits' | 'rateLimit' }>;

declare module 'fastify' {
  interface FastifyInstance {
    readonly requestSettings: RequestSettings;
  }
}
