import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config, ConfigSlice } from './config.ts';
import { sendNotFound } from './http/error-handling.ts';
import { documented } from './http/openapi.ts';
import { publicOrigin } from './http/origin.ts';
import { resolvePage, withPageMeta, type PageAnswer } from './site/page-meta.ts';
import { pageRendering, renderedPageChunks, stylesheetTexts, withInlineStylesheets } from './site/page-render.ts';

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
 * A compressor for a streamed page in the best encoding the browser takes, flushing each chunk so
 * the head leaves at once; null when the browser takes neither. Quick settings: a page is
 * compressed per request, unlike the built assets.
 */
function pageCompressor(acceptEncoding: string | undefined): { encoding: string; stream: Transform } | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) {
    const stream = createBrotliCompress({
      flush: constants.BROTLI_OPERATION_FLUSH,
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    return { encoding: 'br', stream };
  }
  if (/\bgzip\b/.test(accepted)) return { encoding: 'gzip', stream: createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 }) };
  return null;
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
  const stylesheets = stylesheetTexts(webDist);

  // An unknown path or car still gets the app, which shows its not-found screen; the status says
  // so to crawlers, link checkers and caches.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    if (!indexHtml) return sendNotFound(request, reply);
    const companyName = company.name;
    const { found, meta } = await resolvePage(app.db, company, path).catch((error: unknown): PageAnswer => {
      // A page without its own tags still works; the database's trouble is logged, not shown.
      request.log.warn({ err: error }, 'page meta unavailable');
      return { found: true, meta: null };
    });
    const template = meta ? withPageMeta(indexHtml(), meta, origin(request), path, companyName) : indexHtml();
    reply
      .code(found ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // Staff and sign-in pages are the browser's alone to render, with the stylesheets as built.
    if (!meta || meta.type === 'private') return reply.send(template);
    if (request.method !== 'GET') return reply.send(withInlineStylesheets(template, [], stylesheets));
    const page = await rendering.render(request, request.url);
    const chunks = page ? renderedPageChunks(template, page, stylesheets, request.log) : [withInlineStylesheets(template, [], stylesheets)];
    const compressor = pageCompressor(request.headers['accept-encoding']);
    if (!compressor) return reply.send(Readable.from(chunks));
    // A visitor who leaves mid-page ends the pipeline, and with it the render's stream.
    pipeline(chunks, compressor.stream).catch((error: unknown) => request.log.debug({ err: error }, 'page stream ended early'));
    return reply.header('content-encoding', compressor.encoding).send(compressor.stream);
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
