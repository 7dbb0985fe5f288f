import { escapeXml } from '../../../domain/xml-text.ts';

/** The sitemap protocol's XML (sitemaps.org), written in pieces so that a long list is streamed. */

export const SITEMAP_OPEN = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const SITEMAP_CLOSE = '</urlset>\n';

export const SITEMAP_INDEX_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
export const SITEMAP_INDEX_CLOSE = '</sitemapindex>\n';

/** One part's entry in a sitemap index. */
export const sitemapIndexEntry = (location: string): string => `<sitemap><loc>${escapeXml(location)}</loc></sitemap>\n`;

/** One page's entry; `lastModified` as a W3C datetime (an ISO 8601 instant in UTC). */
export function sitemapUrl(location: string, lastModified?: Date): string {
  const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeXml(location)}</loc>${lastmod}</url>\n`;
}

/** robots.txt: everything but the staff pages and the API may be crawled, and the sitemap says what there is. */
export function robotsTxt(sitemapAddress: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /api/', '', `Sitemap: ${sitemapAddress}`, ''].join('\n');
}
