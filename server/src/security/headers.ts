import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Telegram Web shows the mini app in an iframe under these origins (shared/telegram.md). */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'];

/**
 * Content-Security-Policy: our own scripts, fonts and API only. Styles allow inline for the UI
 * kit; images allow Telegram avatars. frame-ancestors lets Telegram Web embed the app, which is
 * why frameguard (X-Frame-Options) is off: SAMEORIGIN there would blank the app inside Telegram.
 */
export function contentSecurityPolicy(config: Config) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'script-src': ["'self'"],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https://t.me', 'https://*.telegram.org'],
      'connect-src': ["'self'"],
      'font-src': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'", ...TELEGRAM_FRAME_ANCESTORS],
      // Development runs over plain http on localhost, where upgrading would break every request.
      ...(config.production ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: contentSecurityPolicy(app.config),
    frameguard: false,
    // HSTS only means something over https, which is what production runs on.
    strictTransportSecurity: app.config.production ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
}
