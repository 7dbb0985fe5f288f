import { describe, expect, it } from 'vitest';
import { parseXml, textAt } from '../../test/xml-tree.ts';
import { SITEMAP_CLOSE, SITEMAP_OPEN, sitemapUrl } from './sitemap-xml.ts';

describe('a sitemap entry', () => {
  it('escapes an address with XML characters in it, so a parser reads it back as written', () => {
    const address = `https://cars.example/cars?brand=A&B<'">`;
    const { root } = parseXml(SITEMAP_OPEN + sitemapUrl(address) + SITEMAP_CLOSE);
    expect(textAt(root, 'url/loc')).toBe(address);
  });

  it('gives its last change as a W3C datetime in UTC', () => {
    const { root } = parseXml(SITEMAP_OPEN + sitemapUrl('https://cars.example/', new Date('2026-10-15T09:30:00+02:00')) + SITEMAP_CLOSE);
    expect(textAt(root, 'url/lastmod')).toBe('2026-10-15T07:30:00.000Z');
  });
});
