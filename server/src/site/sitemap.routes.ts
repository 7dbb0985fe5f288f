import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { availableCarsAfter } from '../cars/cars.repository.ts';
import type { Db } from '../db/database.ts';
import { documented } from '../http/openapi.ts';
import { siteOrigin } from '../http/origin.ts';
import { SITEMAP_CLOSE, SITEMAP_OPEN, robotsTxt, sitemapUrl } from './sitemap-xml.ts';

/** Cars read per query while the sitemap is written: memory stays at one page whatever the stock. */
const PAGE_SIZE = 1000;

/** The same for everyone, and a car sold a few minutes ago may linger that long. */
const CACHE_CONTROL = 'public, max-age=600';

type CarPage = Awaited<ReturnType<typeof availableCarsAfter>>;

/** The sitemap's text, a page of cars at a time: the home page, the car list, then every car for sale. */
async function* sitemapChunks(db: Db, origin: string, first: CarPage): AsyncGenerator<string> {
  const url = (path: string) => new URL(path, origin).href;
  yield SITEMAP_OPEN + sitemapUrl(url('/')) + sitemapUrl(url('/cars'));
  let page = first;
  for (;;) {
    yield page.map((car) => sitemapUrl(url(`/cars/${car.uuid}`), car.updated_at)).join('');
    const last = page.at(-1);
    if (page.length < PAGE_SIZE || !last) break;
    page = await availableCarsAfter(db, last.uuid, PAGE_SIZE);
  }
  yield SITEMAP_CLOSE;
}

/**
 * GET /sitemap.xml and GET /robots.txt for search engines (README "Search engines"), beside the API
 * plugin like the car pictures: they are site files, not API answers.
 */
export const sitemapRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/sitemap.xml',
    { schema: documented({ summary: 'The sitemap: the home page, the car list and every car for sale', tags: ['pages'], errors: [400] }) },
    async (request, reply) => {
      const origin = siteOrigin(request);
      // The first page is read before answering, so a database that cannot be reached is a 503, not a cut-off 200.
      const first = await availableCarsAfter(app.db, null, PAGE_SIZE);
      const stream = Readable.from(sitemapChunks(app.db, origin, first));
      stream.on('error', (error) => request.log.warn({ err: error }, 'sitemap cut short'));
      return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(stream);
    },
  );
  app.get(
    '/robots.txt',
    { schema: documented({ summary: 'What crawlers may visit, and where the sitemap is', tags: ['pages'], errors: [400] }) },
    async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', CACHE_CONTROL)
        .send(robotsTxt(new URL('/sitemap.xml', siteOrigin(request)).href)),
  );
};
