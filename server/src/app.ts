import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Catalogues } from './i18n/catalogues.ts';
import type { PiiCipher } from './security/pii-crypto.ts';
import { createPdfRenderer, type PdfRenderer } from './pdf/pdf-renderer.ts';
import { mediaRoutes } from './cars/media.routes.ts';
import cookie from '@fastify/cookie';
import { api } from './api.ts';
import { registerErrorHandling } from './http/error-handling.ts';
import { registerOpenApi } from './http/openapi.ts';
import { registerRouteTable } from './http/route-table.ts';
import { registerSecurityHeaders } from './security/headers.ts';
import { registerWebApp } from './web-app.ts';
import './http/viewer.ts';
import { loggerOptions, registerRequestLogging } from './http/logger.ts';
import { WEB_DIST } from './paths.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  pii: PiiCipher;
  catalogues: Catalogues;
  /** The runtime's one Chromium; an app built without it answers every PDF with 503 pdf_unavailable. */
  pdf?: PdfRenderer;
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
    /** The web app's translations, for text the server writes itself (see i18n/catalogues.ts). */
    readonly catalogues: Catalogues;
    /** Renders PDFs in this process's one Chromium, a few at a time (see pdf/pdf-renderer.ts). */
    readonly pdf: PdfRenderer;
  }
}

/** Builds the whole HTTP app; used by the entry point and by every test alike. */
export async function buildApp({ config, db, pii, catalogues, pdf = createPdfRenderer({ chromePath: undefined }), webDist = WEB_DIST, logger }: AppDeps): Promise<FastifyInstance> {
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
  app.decorate('catalogues', catalogues);
  app.decorate('pdf', pdf);

  registerRouteTable(app);
  await registerOpenApi(app);
  registerErrorHandling(app);
  registerRequestLogging(app);
  // Security headers go on every answer, pages and refusals included.
  registerSecurityHeaders(app);
  // Cookies are parsed for every request; only the API reads them.
  await app.register(cookie, { secret: config.sessionSecret, hook: 'onRequest' });

  await app.register(api, { prefix: '/api' });
  await app.register(mediaRoutes);
  await registerWebApp(app, webDist);
  return app;
}
