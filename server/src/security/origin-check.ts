import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from '../http/errors.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The app's own origin is PUBLIC_URL when set: the Host header is the client's to choose, so it
 * proves nothing. Without PUBLIC_URL (development) it is the scheme and host the request was
 * addressed to, as seen through TRUST_PROXY.
 */
function isOwnOrigin(publicUrl: string | undefined, request: FastifyRequest, origin: string): boolean {
  if (publicUrl) return origin === originOf(publicUrl);
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * Cookies make every state-changing request a CSRF target, so those requests are same-origin by
 * default: a browser's Origin header must be our own or in ALLOWED_ORIGINS. Requests without
 * Origin (curl, server-to-server, the bot) carry no ambient browser cookies to abuse and pass.
 * The same allowlist drives CORS with credentials, so a listed front-end on another origin works.
 */
export async function registerOriginPolicy(app: FastifyInstance, server: Pick<Config['server'], 'allowedOrigins' | 'publicUrl'>) {
  const allowed = new Set(server.allowedOrigins.map((o) => originOf(o) ?? o));

  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'x-telegram-id', 'idempotency-key'],
    maxAge: 600,
  });

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (allowed.has(origin) || isOwnOrigin(server.publicUrl, request, origin)) return;
    throw new HttpError('forbidden', 'Requests from another site are not allowed.');
  });
}
