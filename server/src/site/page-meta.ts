import * as v from 'valibot';
import { carUuidSchema } from '../../../domain/cars.ts';
import { formatMoney } from '../../../domain/format.ts';
import { findCar } from '../cars/cars.repository.ts';
import type { Db } from '../db/database.ts';

/**
 * What a link preview or a crawler reads about a public page (docs/product.md#screens-and-routes): the page is built in the
 * browser, so its title, description and Open Graph tags are written into index.html here.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Root-relative or absolute; made absolute when rendered. */
  image: string | null;
  /** Known for our own picture only; previews lay the card out before they fetch the image. */
  imageSize?: { width: number; height: number };
  type: 'website' | 'product';
}

const SITE_TITLE = 'Car loans and leases';
const SITE_DESCRIPTION = 'Browse our cars and apply for a car loan or lease online.';

/** scripts/make-link-preview.ts draws it into the web build's public files, at the size previews ask for. */
const SITE_IMAGE = '/link-preview.png';
const SITE_IMAGE_SIZE = { width: 1200, height: 630 };

const CAR_PATH = /^\/cars\/([^/]+)\/?$/;

/** Staff and sign-in pages are nobody's link preview: they keep the built page as it is. */
const PRIVATE_PATH = /^\/(dashboard(\/.*)?|auth\/link)$/;

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
  ...['personal', 'housing', 'income', 'license', 'review'].map((step) => `/application/${step}`),
]);

/** What the server says about a page path: whether the app has such a screen, and its link preview. */
export interface PageAnswer {
  found: boolean;
  /** null for a private page: the built page is served as it is. */
  meta: PageMeta | null;
}

/** The meta of a path (a car page names the car, its price and its first photo), and whether it exists. */
export async function resolvePage(db: Db, companyName: string, path: string): Promise<PageAnswer> {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (PRIVATE_PATH.test(normalized)) return { found: true, meta: null };
  const site = (page: string, description = SITE_DESCRIPTION): PageMeta => ({
    title: `${page} · ${companyName}`,
    description,
    image: SITE_IMAGE,
    imageSize: SITE_IMAGE_SIZE,
    type: 'website',
  });
  const carId = CAR_PATH.exec(path)?.[1];
  if (carId !== undefined) {
    const car = v.is(carUuidSchema, carId) ? await findCar(db, carId.toLowerCase(), null) : undefined;
    if (!car) return { found: false, meta: site(SITE_TITLE) };
    const name = [car.year, car.brand, car.model, car.trim].filter((part) => part !== null && part !== '').join(' ');
    return {
      found: true,
      meta: {
        title: `${name} · ${companyName}`,
        description: `${name} for ${formatMoney(car.price)}, ${car.mileage.toLocaleString('en-US')} miles. Apply for financing online at ${companyName}.`,
        image: car.photos[0] ?? null,
        type: 'product',
      },
    };
  }
  const found = PUBLIC_PATHS.has(normalized);
  switch (normalized) {
    case '/cars':
      return {
        found,
        meta: site('Available Cars', `Cars for sale at ${companyName}, with prices, mileage and photos. Finance or lease online.`),
      };
    case '/application':
      return { found, meta: site('Car loan application', `Apply for a car loan or lease with ${companyName} in about 10 minutes.`) };
    case '/favorites':
      return { found, meta: site('Favourites') };
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

/** index.html with the page's own <title>, description and Open Graph tags in place of the generic ones. */
export function withPageMeta(html: string, meta: PageMeta, origin: string, path: string, siteName: string): string {
  const absolute = (url: string) => new URL(url, origin).href;
  const tag = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
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
  ].join('\n    ');
  return html
    .replace(/<meta name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(meta.title)}</title>\n    ${tags}`);
}
