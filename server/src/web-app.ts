import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './http/error-handling.ts';

/**
 * The built web app (web/dist) with its single-page fallback: client routes (/cars/…,
 * /dashboard/…) all load index.html. Outside the API plugin, so no API hook ever runs for a page.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  const built = existsSync(webDist);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuild of web/dist is served without a restart;
      // a missing file falls through to the not-found handler below.
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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
    if (!built || !wantsPage) return sendNotFound(request, reply);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
  });
}
