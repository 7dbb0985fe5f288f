import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config, ConfigSlice } from './config.ts';
import { sendNotFound } from './http/error-handling.ts';
import { documented } from './http/openapi.ts';
import { publicOrigin } from './http/origin.ts';
import { resolvePage, withPageMeta, type PageAnswer } from './site/page-meta.ts';
import { pageRendering, withRenderedPage } from './site/page-render.ts';

/** index.html as built, read again only when a rebuild changed it (no restart needed). */
function indexHtmlReader(webDist: string): () => string {
  const file = join(webDist, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(file, 'utf8') };
    return cached.html;
  };
}

/**
 * The built web app (web/dist) with its single-page fallback: client routes (/cars/…,
 * /dashboard/…) all load index.html, with the page's own title, description and Open Graph tags
 * (site/page-meta.ts), and the public pages' content rendered on the server (site/page-render.ts)
 * so link previews, crawlers and phones without JavaScript read the page. Outside the API
 * plugin, so no API hook ever runs for a page.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  { company, server, geo }: Pick<Config, 'company'> & ConfigSlice<{ server: 'publicUrl'; geo: 'countryHeader' }>,
) {
  const built = existsSync(webDist);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuild of web/dist is served without a restart;
      // a missing file falls through to the not-found handler below.
      wildcard: true,
      // "/" is a page like any other: it gets its meta tags below.
      index: false,
      // The web build writes .br and .gz beside each asset; compressing once beats per request.
      preCompressed: true,
      cacheControl: false,
      // Hashed build assets never change; everything else must be revalidated.
      setHeaders(res, path) {
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = built ? indexHtmlReader(webDist) : null;
  const origin = (request: FastifyRequest) => publicOrigin(server, request);
  const rendering = pageRendering(app, webDist, geo.countryHeader);

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    if (!indexHtml) return sendNotFound(request, reply);
    const companyName = company.name;
    const { found, meta } = await resolvePage(app.db, company, path).catch((error: unknown): PageAnswer => {
      // A page without its own tags still works; the database's trouble is logged, not shown.
      request.log.warn({ err: error }, 'page meta unavailable');
      return { found: true, meta: null };
    });
    const template = meta ? withPageMeta(indexHtml(), meta, origin(request), path, companyName) : indexHtml();
    // Staff and sign-in pages are the browser's alone to render.
    const page = meta && meta.type !== 'private' ? await rendering.render(request, request.url) : null;
    const html = page ? withRenderedPage(template, page) : template;
    // An unknown path or car still gets the app, which shows its not-found screen; the status says
    // so to crawlers, link checkers and caches.
    return reply
      .code(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  // 404 only while there is no web build to serve.
  const homePage = documented({
    summary: 'The web app at its home page, with link preview tags',
    tags: ['pages'],
    answers: { 200: ['text/html'] },
    errors: [404],
  });
  app.get('/', { schema: homePage }, (request, reply) => sendPage(request, reply, '/'));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
    if (!wantsPage) return sendNotFound(request, reply);
    return sendPage(request, reply, path);
  });
}
