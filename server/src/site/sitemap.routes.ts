import { Readable } from 'node:stream';
import type { ConfigSlice } from '../config.ts';
import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { availableCarsAfter, countAvailableCars } from '../cars/cars.repository.ts';
import type { Db } from '../db/database.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { siteOrigin } from '../http/origin.ts';
import {
  SITEMAP_CLOSE,
  SITEMAP_INDEX_CLOSE,
  SITEMAP_INDEX_OPEN,
  SITEMAP_OPEN,
  robotsTxt,
  sitemapIndexEntry,
  sitemapUrl,
} from './sitemap-xml.ts';

/** Cars read per query while the sitemap is written: memory stays at one page whatever the stock. */
const PAGE_SIZE = 1000;

/** The same for everyone, and a car sold a few minutes ago may linger that long. */
const CACHE_CONTROL = 'public, max-age=600';

/** The protocol's limit of addresses in one sitemap file (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;

/**
 * A bigger stock is listed in sixteen parts by the first hex digit of the car's uuid: random uuids
 * share them out evenly, so each part stays under the limit up to about 750,000 cars.
 */
const PART_DIGITS = '0123456789abcdef';
const sitemapQuery = v.object({
  part: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]$/, 'part must be one hexadecimal digit, 0 to f'))),
});

/** The uuids of one part: from its digit up to the next one's. */
function partRange(digit: string): { from: string; below: string | null } {
  const next = PART_DIGITS[PART_DIGITS.indexOf(digit) + 1];
  const uuidFrom = (first: string) => `${first}0000000-0000-0000-0000-000000000000`;
  return { from: uuidFrom(digit), below: next ? uuidFrom(next) : null };
}

type CarPage = Awaited<ReturnType<typeof availableCarsAfter>>;
type Range = ReturnType<typeof partRange> | null;

/** The sitemap's text, a page of cars at a time: the home page and the car list first, then every car for sale in the range. */
async function* urlsetChunks(db: Db, origin: string, first: CarPage, range: Range, withPages: boolean): AsyncGenerator<string> {
  const url = (path: string) => new URL(path, origin).href;
  yield SITEMAP_OPEN + (withPages ? sitemapUrl(url('/')) + sitemapUrl(url('/cars')) : '');
  let page = first;
  for (;;) {
    yield page.map((car) => sitemapUrl(url(`/cars/${car.uuid}`), car.updated_at)).join('');
    const last = page.at(-1);
    if (page.length < PAGE_SIZE || !last) break;
    page = await availableCarsAfter(db, last.uuid, PAGE_SIZE, range);
  }
  yield SITEMAP_CLOSE;
}

function* indexChunks(origin: string): Generator<string> {
  yield SITEMAP_INDEX_OPEN;
  for (const digit of PART_DIGITS) yield sitemapIndexEntry(new URL(`/sitemap.xml?part=${digit}`, origin).href);
  yield SITEMAP_INDEX_CLOSE;
}

/**
 * What /sitemap.xml answers: every address in one file while they fit the protocol's limit, else
 * an index of the parts, each part asked for with `?part=`. The first query runs before the answer
 * starts, so a database that cannot be reached is a 503, not a cut-off 200.
 */
export async function sitemapFile(
  db: Db,
  origin: string,
  part: string | undefined,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<Iterable<string> | AsyncIterable<string>> {
  if (part === undefined) {
    if ((await countAvailableCars(db)) + 2 > maxUrls) return indexChunks(origin);
    return urlsetChunks(db, origin, await availableCarsAfter(db, null, PAGE_SIZE), null, true);
  }
  const range = partRange(part);
  return urlsetChunks(db, origin, await availableCarsAfter(db, null, PAGE_SIZE, range), range, part === PART_DIGITS[0]);
}

/**
 * GET /sitemap.xml and GET /robots.txt for search engines (docs/product/search-engines.md), beside the API
 * plugin like the car pictures: they are site files, not API answers.
 */
/** PUBLIC_URL, which every address in the sitemap starts with when set. */
type SitemapSettings = ConfigSlice<{ server: 'publicUrl' }>;

export const sitemapRoutes =
  ({ server }: SitemapSettings): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/sitemap.xml',
      {
        schema: documented({
          summary: 'The sitemap: the home page, the car list and every car for sale (an index of parts for a big stock)',
          tags: ['pages'],
          answers: { 200: ['application/xml'] },
          querystring: sitemapQuery,
          errors: [400],
        }),
      },
      async (request, reply) => {
        const { part } = parseOr400(sitemapQuery, request.query, 'sitemap');
        const stream = Readable.from(await sitemapFile(app.db, siteOrigin(server, request), part));
        stream.on('error', (error) => request.log.warn({ err: error }, 'sitemap cut short'));
        return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL).send(stream);
      },
    );
    app.get(
      '/robots.txt',
      {
        schema: documented({
          summary: 'What crawlers may visit, and where the sitemap is',
          tags: ['pages'],
          answers: { 200: ['text/plain'] },
          errors: [400],
        }),
      },
      async (request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', CACHE_CONTROL)
          .send(robotsTxt(new URL('/sitemap.xml', siteOrigin(server, request)).href)),
    );
  };
