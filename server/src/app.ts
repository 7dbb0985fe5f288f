import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Catalogues } from './i18n/catalogues.ts';
import type { PiiCipher } from './security/pii-crypto.ts';
import { createPdfRenderer, type PdfRenderer } from './pdf/pdf-renderer.service.ts';
import { createImageDecoder, type ImageDecoder } from './media/image-decoder.service.ts';
import { mediaRoutes } from './cars/media.routes.ts';
import { feedFileRoutes } from './feeds/feeds.routes.ts';
import { photoMediaRoutes } from './media/media.routes.ts';
import { sitemapRoutes } from './site/sitemap.routes.ts';
import type { MediaStore } from './media/media-store.service.ts';
import { createDatabaseMediaStore } from './media/media.repository.ts';
import cookie from '@fastify/cookie';
import { api } from './api.ts';
import { registerBodyRate } from './http/body-rate.ts';
import { clientErrorHandler, frameworkErrorHandler } from './http/early-errors.ts';
import { registerErrorHandling } from './http/error-handling.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRouteTable } from './http/route-table.ts';
import { registerSecurityHeaders, securityHeaders } from './security/headers.ts';
import { registerWebApp } from './web-app.ts';
import { lenderCallbackRoutes } from './lender/lender-callbacks.routes.ts';
import './http/viewer.ts';
import type { RequestSettings } from './http/request-settings.ts';
import { loggerOptions, registerRequestLogging, requestLoggerFactory } from './http/logger.ts';
import { WEB_DIST } from './paths.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  pii: PiiCipher;
  catalogues: Catalogues;
  /** The runtime's one Chromium; an app built without it answers every PDF with 503 pdf_unavailable. */
  pdf?: PdfRenderer;
  /** The runtime's bounded image decoding; an app built without it makes its own from config. */
  images?: ImageDecoder;
  /** Where processed photos are kept; an app built without one keeps them in `db`. */
  media?: MediaStore;
  /** Folder of the built web app; tests may point it elsewhere or leave it missing. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Encrypts personal data at rest with DATA_ENCRYPTION_KEY (see security/pii-crypto.ts). */
    readonly pii: PiiCipher;
    /** The web app's translations, for text the server writes itself (see i18n/catalogues.ts). */
    readonly catalogues: Catalogues;
    /** Renders PDFs in this process's one Chromium, a few at a time (see pdf/pdf-renderer.service.ts). */
    readonly pdf: PdfRenderer;
    /** Decodes uploaded photos, refusing pixel bombs and a few at a time (see media/image-decoder.service.ts). */
    readonly images: ImageDecoder;
    /** Stored photos by content hash (see media/media-store.service.ts). */
    readonly media: MediaStore;
  }
}

/** Builds the whole HTTP app; used by the entry point and by every test alike. */
export async function buildApp({
  config,
  db,
  pii,
  catalogues,
  pdf = createPdfRenderer({ chromePath: undefined }),
  images = createImageDecoder({ maxPixels: config.images.maxPixels, concurrency: config.images.decodeConcurrency }),
  media = createDatabaseMediaStore(db),
  webDist = WEB_DIST,
  logger,
}: AppDeps): Promise<FastifyInstance> {
  const { headersMs, idleMs, requestMs } = config.server.httpTimeouts;
  const headers = securityHeaders(config.server);
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    // One cheap line per interesting request instead (registerRequestLogging).
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLoggerFactory,
    connectionTimeout: idleMs,
    requestTimeout: requestMs,
    // Node checks header and request deadlines on this interval (30 s by default), so it sets their precision.
    http: { headersTimeout: headersMs, connectionsCheckingInterval: Math.min(1000, headersMs) },
    bodyLimit: 1024 * 1024,
    trustProxy: trustedProxies(config.server.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    clientErrorHandler: clientErrorHandler(headers),
    frameworkErrors: frameworkErrorHandler(headers),
  });
  limitConnections(app, config.server.httpLimits.maxConnections);
  // Features are given their own settings (api.ts and the registrations below); only these
  // cross-cutting ones, read by helpers that have nothing but the request, travel with the app.
  const requestSettings: RequestSettings = {
    server: { production: config.server.production },
    security: {
      sessionSecret: config.security.sessionSecret,
      guestLimits: config.security.guestLimits,
      rateLimit: config.security.rateLimit,
    },
  };
  app.decorate('requestSettings', requestSettings);
  app.decorate('db', db);
  app.decorate('pii', pii);
  app.decorate('catalogues', catalogues);
  app.decorate('pdf', pdf);
  app.decorate('images', images);
  app.decorate('media', media);

  registerRouteTable(app);
  await registerOpenApi(app, { company: config.company, server: config.server });
  registerErrorHandling(app);
  registerRequestLogging(app);
  // Security headers go on every answer, pages and refusals included.
  registerSecurityHeaders(app, headers);
  registerBodyRate(app, config.server.httpLimits.minBodyBytesPerSecond, headers);
  // Cookies are parsed for every request; only the API reads them.
  await app.register(cookie, { secret: config.security.sessionSecret, hook: 'onRequest' });

  await app.register(api(config), { prefix: '/api' });
  // Beside the API plugin, like the Telegram webhook: the lender proves itself by signature.
  await app.register(lenderCallbackRoutes({ lender: config.lender }), { prefix: '/api/lender' });
  await app.register(mediaRoutes);
  await app.register(photoMediaRoutes);
  await app.register(sitemapRoutes({ server: config.server }));
  await app.register(feedFileRoutes({ company: config.company, server: config.server }));
  await registerWebApp(app, webDist, { company: config.company, server: config.server, geo: config.geo });
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to us (proxy-addr semantics). */
function trustedProxies(trust: Config['server']['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return Array.isArray(trust) ? [...trust] : trust;
}

/**
 * HTTP_MAX_CONNECTIONS: Node closes any connection beyond it at once, so hoarding clients cannot
 * exhaust the process's sockets and memory. Said in the log at most once a minute while it happens.
 */
function limitConnections(app: FastifyInstance, maxConnections: number) {
  app.server.maxConnections = maxConnections;
  let saidAt = -Infinity;
  app.server.on('drop', () => {
    if (performance.now() - saidAt < 60_000) return;
    saidAt = performance.now();
    app.log.warn({ maxConnections }, 'connection limit reached: refusing new connections (HTTP_MAX_CONNECTIONS)');
  });
}
