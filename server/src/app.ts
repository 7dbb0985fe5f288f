import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { PiiCipher } from './security/pii-crypto.ts';
import { registerAccessControl } from './auth/access.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { registerIdentity } from './auth/identity.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { carsRoutes } from './cars/cars.routes.ts';
import { publicFaqsRoutes } from './faqs/public-faqs.routes.ts';
import { geoRoutes } from './geo/geo.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import { favoritesRoutes } from './favorites/favorites.routes.ts';
import { mediaRoutes } from './cars/media.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { registerErrorHandling } from './http/error-handling.ts';
import { loggerOptions, registerRequestLogging } from './http/logger.ts';
import { registerSecurity } from './security/security.ts';
import { usersRoutes } from './users/users.routes.ts';
import './http/viewer.ts';

export const WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppDeps {
  config: Config;
  db: Db;
  pii: PiiCipher;
  /** Folder of the built web app; tests may point it elsewhere or leave it missing. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /** Encrypts personal data at rest with DATA_ENCRYPTION_KEY (see security/pii-crypto.ts). */
    readonly pii: PiiCipher;
  }
}

/** Builds the whole HTTP app; used by the entry point and by every test alike. */
export async function buildApp({ config, db, pii, webDist = WEB_DIST, logger }: AppDeps): Promise<FastifyInstance> {
  const { headersMs, idleMs, requestMs } = config.httpTimeouts;
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // One cheap line per interesting request instead (registerRequestLogging).
    logController: new LogController({ disableRequestLogging: true }),
    connectionTimeout: idleMs,
    requestTimeout: requestMs,
    // Node checks header and request deadlines on this interval (30 s by default), so it sets their precision.
    http: { headersTimeout: headersMs, connectionsCheckingInterval: Math.min(1000, headersMs) },
    bodyLimit: 1024 * 1024,
    // A hop count trusts that many proxies nearest to us (proxy-addr semantics).
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('pii', pii);
  app.decorateRequest('viewer', null);

  registerErrorHandling(app, { webDist: existsSync(webDist) ? webDist : undefined });
  registerRequestLogging(app);
  // Before any route: these hooks (and the admin-route registry) must see every route.
  await registerSecurity(app);
  await registerIdentity(app);
  registerAccessControl(app);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(carsRoutes, { prefix: '/api' });
  await app.register(publicFaqsRoutes, { prefix: '/api' });
  await app.register(siteRoutes, { prefix: '/api' });
  await app.register(geoRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(favoritesRoutes, { prefix: '/api' });
  await app.register(mediaRoutes);

  if (existsSync(webDist)) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuild of web/dist is served without a restart;
      // a missing file falls through to the not-found handler (SPA fallback or JSON 404).
      wildcard: true,
      index: ['index.html'],
      // The web build writes .br and .gz beside each asset; compressing once beats per request.
      preCompressed: true,
      cacheControl: false,
      // Hashed build assets never change; everything else must be revalidated.
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}
