import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { TELEGRAM_LAUNCH_SCRIPT } from '../../../domain/telegram-launch.ts';
import type { Config } from '../config.ts';

/** Telegram Web shows the mini app in an iframe under these origins. */
export const TELEGRAM_FRAME_ANCESTORS = ['https://web.telegram.org', 'https://*.telegram.org'];

/** The one inline script a page may run, by its hash: the Telegram launch check in index.html's head. */
const TELEGRAM_LAUNCH_SCRIPT_HASH = `'sha256-${createHash('sha256').update(TELEGRAM_LAUNCH_SCRIPT).digest('base64')}'`;

/**
 * Content-Security-Policy: our own scripts (and the launch check), fonts and API only. Styles allow inline for the UI
 * kit; images allow Telegram avatars. frame-ancestors lets Telegram Web embed the app, which is
 * why frameguard (X-Frame-Options) is off: SAMEORIGIN there would blank the app inside Telegram.
 */
export function contentSecurityPolicy(server: Pick<Config['server'], 'production'>) {
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'base-uri': ["'self'"],
      'object-src': ["'none'"],
      'script-src': ["'self'", TELEGRAM_LAUNCH_SCRIPT_HASH],
      'script-src-attr': ["'none'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:', 'https://t.me', 'https://*.telegram.org'],
      'connect-src': ["'self'"],
      'font-src': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'", ...TELEGRAM_FRAME_ANCESTORS],
      // Development runs over plain http on localhost, where upgrading would break every request.
      ...(server.production ? { 'upgrade-insecure-requests': [] } : {}),
    },
  };
}

/**
 * Permissions-Policy: the camera for the app itself (the licence step may open it), and the
 * powerful features the app never uses switched off, so no injected script or embedded page can
 * ask for them. Passkeys and fullscreen keep their defaults (this origin only). Only features
 * Chromium knows are named: it logs an error for any other (Web Bluetooth has no policy name there).
 */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

/**
 * The security headers of every answer. They depend on configuration only, so they are worked out
 * once at start: helmet as a Fastify plugin rebuilds its policy on every request, a real share of
 * a catalogue request. Answers written before any hook (http/early-errors.ts) send them too.
 */
export function securityHeaders(server: Pick<Config['server'], 'production'>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: contentSecurityPolicy(server),
    frameguard: false,
    // HSTS only means something over https, which is what production runs on.
    strictTransportSecurity: server.production ? { maxAge: 15552000, includeSubDomains: true } : false,
  })({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  return Object.freeze(headers);
}

export function registerSecurityHeaders(app: FastifyInstance, headers: Readonly<Record<string, string>>) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
