import * as v from 'valibot';
import { carTitle, carUuidSchema } from '../../../domain/cars.ts';
import { formatMileage, formatMoney } from '../../../domain/format.ts';
import { findCar } from '../cars/cars.repository.ts';
import type { Db } from '../db/database.ts';
import { jsonLdScript, structuredData, type Dealer, type StructuredSubject } from './structured-data.ts';

/**
 * What a link preview or a crawler reads about a public page (docs/product/screens.md#screens-and-routes): the page is built in the
 * browser, so its title, description, Open Graph tags, canonical link and JSON-LD are written into index.html here.
 */
export type PageMeta = PublicPageMeta | PrivatePageMeta;

export interface PublicPageMeta {
  title: string;
  description: string;
  /** Root-relative or absolute; made absolute when rendered. */
  image: string | null;
  /** Known for our own picture only; previews lay the card out before they fetch the image. */
  imageSize?: { width: number; height: number };
  type: 'website' | 'product';
  /** The one address search engines should list the page under; null for a not-found answer, which has none. */
  canonicalPath: string | null;
  /** What the page's schema.org JSON-LD describes (site/structured-data.ts), if anything. */
  about?: StructuredSubject;
}

/** Staff, sign-in and visit pages are nobody's link preview and no search result: they only say noindex. */
interface PrivatePageMeta {
  type: 'private';
}

const SITE_TITLE = 'Car loans and leases';
const SITE_DESCRIPTION = 'Browse our cars and apply for a car loan or lease online.';

/** scripts/make-link-preview.ts draws it into the web build's public files, at the size previews ask for. */
const SITE_IMAGE = '/link-preview.png';
const SITE_IMAGE_SIZE = { width: 1200, height: 630 };

const CAR_PATH = /^\/cars\/([^/]+)\/?$/;

/**
 * Staff and sign-in pages, and a shopper's own visit screens (docs/product/visits.md): search engines
 * are told to leave them out, and a visit's signed link (its token) goes into no tag of the page.
 */
const PRIVATE_PATH = /^\/(dashboard(\/.*)?|auth\/link|visits(\/[^/]+)?|cars\/[^/]+\/visit)$/;

/**
 * The web app's screens (web/src/app/router.tsx) other than a car and the private ones above:
 * any other path is the app's not-found screen, answered with a 404 status.
 */
const PUBLIC_PATHS = new Set([
  '/',
  '/cars',
  '/favorites',
  '/privacy',
  '/terms',
  '/application',
  '/trade-in',
  ...['personal', 'housing', 'income', 'license', 'review'].map((step) => `/application/${step}`),
]);

/** What the server says about a page path: whether the app has such a screen, and its head. */
export interface PageAnswer {
  found: boolean;
  /** null when the built page is served as it is. */
  meta: PageMeta | null;
}

/**
 * The meta of a path (a car page names the car, its price and its first photo), and whether it exists.
 * `path` carries no query: a canonical address never has one. The car list's filters and sort only
 * narrow or reorder the one list, and its later pages (the Load More link's `?page=`) hold cars the
 * sitemap lists one by one, so `/cars?brand=Ford&page=2` is `/cars` to a search engine rather than
 * one more copy of it.
 */
export async function resolvePage(db: Db, dealer: Dealer, path: string): Promise<PageAnswer> {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (PRIVATE_PATH.test(normalized)) return { found: true, meta: { type: 'private' } };
  const companyName = dealer.name;
  const site = (page: string, description = SITE_DESCRIPTION): PublicPageMeta => ({
    title: `${page} · ${companyName}`,
    description,
    image: SITE_IMAGE,
    imageSize: SITE_IMAGE_SIZE,
    type: 'website',
    canonicalPath: PUBLIC_PATHS.has(normalized) ? normalized : null,
  });
  const carId = CAR_PATH.exec(path)?.[1];
  if (carId !== undefined) {
    const uuid = carId.toLowerCase();
    const car = v.is(carUuidSchema, carId) ? await findCar(db, uuid, null) : undefined;
    if (!car) return { found: false, meta: site(SITE_TITLE) };
    const name = carTitle(car);
    return {
      found: true,
      meta: {
        title: `${name} · ${companyName}`,
        description: `${name} for ${formatMoney(car.price)}, ${formatMileage(car.mileage, 'en', 'long')}. Apply for financing online at ${companyName}.`,
        image: car.photos[0] ?? null,
        type: 'product',
        canonicalPath: `/cars/${uuid}`,
        about: { kind: 'car', car, dealer },
      },
    };
  }
  const found = PUBLIC_PATHS.has(normalized);
  switch (normalized) {
    case '/':
      return { found, meta: { ...site(SITE_TITLE), about: { kind: 'dealer', dealer } } };
    case '/cars':
      return {
        found,
        meta: site('Available Cars', `Cars for sale at ${companyName}, with prices, mileage and photos. Finance or lease online.`),
      };
    case '/application':
      return { found, meta: site('Car loan application', `Apply for a car loan or lease with ${companyName} in about 10 minutes.`) };
    case '/favorites':
      return { found, meta: site('Favourites') };
    case '/trade-in':
      return { found, meta: site('Value your trade', `Describe your car from your phone and get an offer from ${companyName}.`) };
    case '/privacy':
      return { found, meta: site('Privacy notice', `How ${companyName} collects, shares and protects your personal information.`) };
    case '/terms':
      return { found, meta: site('Terms of use', `The terms for using the ${companyName} website and mini app.`) };
    default:
      return { found, meta: site(SITE_TITLE) };
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page's address on our origin. The path is the request's, so it is set as the path alone:
 * resolved as a URL, `//evil.example/x` (or `/\evil.example/x`) would name another host.
 */
function pageUrl(origin: string, path: string): string {
  const url = new URL(origin);
  url.pathname = path.replace(/^[/\\]+/, '/');
  return url.href;
}

/**
 * index.html with the page's own <title>, description, Open Graph tags, canonical link and JSON-LD
 * in place of the generic ones; a private page gets only its noindex.
 */
export function withPageMeta(html: string, meta: PageMeta, origin: string, path: string, siteName: string): string {
  if (meta.type === 'private') return html.replace(/<\/title>/i, '</title>\n    <meta name="robots" content="noindex" />');
  const absolute = (url: string) => new URL(url, origin).href;
  const tag = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  const canonical = meta.canonicalPath === null ? null : pageUrl(origin, meta.canonicalPath);
  const tags = [
    tag('name', 'description', meta.description),
    tag('property', 'og:type', meta.type),
    tag('property', 'og:site_name', siteName),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', pageUrl(origin, path)),
    ...(meta.image
      ? [tag('property', 'og:image', absolute(meta.image)), tag('name', 'twitter:card', 'summary_large_image')]
      : [tag('name', 'twitter:card', 'summary')]),
    ...(meta.image && meta.imageSize
      ? [tag('property', 'og:image:width', String(meta.imageSize.width)), tag('property', 'og:image:height', String(meta.imageSize.height))]
      : []),
    ...(canonical ? [`<link rel="canonical" href="${escapeHtml(canonical)}" />`] : []),
    ...(canonical && meta.about
      ? [jsonLdScript(structuredData(meta.about, { page: canonical, home: pageUrl(origin, '/'), absolute }))]
      : []),
  ].join('\n    ');
  return html
    .replace(/<meta name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(meta.title)}</title>\n    ${tags}`);
}
