import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarCard } from '../../domain/contracts/cars.ts';
import type { Paged } from '../../domain/contracts/paged.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { reportMissingChromium } from './harness.ts';

const noChromium = reportMissingChromium('public pages paint from their HTML');

/** A phone's viewport, where the first card's photo is the largest paint. */
const PHONE = { viewport: { width: 390, height: 844 } };

/*
 * The head of a public page (server/src/site/page-render.ts, docs/operations/benchmarks.md#pages):
 * the stylesheets inline, so nothing blocks the first paint but the HTML, and the largest picture
 * preloaded so that its one download starts with the head.
 */
describe.skipIf(noChromium)('public pages paint from their HTML alone (production build, real Chromium)', () => {
  const suite = useBrowserSuite();
  let pages: Array<{ path: string; styled: string; property: string; value: string; picture: boolean }>;

  beforeAll(async () => {
    const cars = (await (await fetch(`${suite.server.baseUrl}/api/cars?limit=1`)).json()) as Paged<CarCard>;
    pages = [
      { path: '/', styled: '.hero', property: 'display', value: 'grid', picture: false },
      { path: '/cars', styled: '.car-grid', property: 'display', value: 'grid', picture: true },
      { path: `/cars/${cars.items[0]!.uuid}`, styled: '.gallery__main', property: 'position', value: 'relative', picture: true },
    ];
  });

  /** Every stylesheet and picture request a page makes, by path. */
  function requestsOf(page: Page) {
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin === suite.server.baseUrl) requested.push(url.pathname + url.search);
    });
    return requested;
  }

  it('serves each page with its stylesheets in the head, styled with scripts off and no stylesheet fetched', async () => {
    const context = await suite.newContext({ ...PHONE, javaScriptEnabled: false });
    for (const { path, styled, property, value } of pages) {
      const html = await (await fetch(`${suite.server.baseUrl}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toMatch(/<style data-href="\/assets\/index-[\w-]+\.css">/);
      // Every stylesheet link is a disabled stand-in: none can hold up the paint.
      expect(
        head.match(/<link rel="stylesheet"[^>]*>/g)?.every((link) => link.includes(' disabled')),
        path,
      ).toBe(true);

      const page = await context.newPage();
      const requested = requestsOf(page);
      await page.goto(`${suite.server.baseUrl}${path}`, { waitUntil: 'load' });
      expect(
        await page
          .locator(styled)
          .first()
          .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property),
        path,
      ).toBe(value);
      expect(
        requested.filter((url) => url.endsWith('.css')),
        path,
      ).toEqual([]);
    }
  });

  it('hydrates each page without fetching a stylesheet it carries inline', async () => {
    const context = await suite.newContext(PHONE);
    for (const { path } of pages) {
      const page = await context.newPage();
      const requested = requestsOf(page);
      await page.goto(`${suite.server.baseUrl}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.host === 'web');
      await page.waitForLoadState('networkidle');
      expect(
        requested.filter((url) => url.endsWith('.css')),
        path,
      ).toEqual([]);
    }
  });

  it("preloads the catalogue's first photo and a car's cover as their <img> asks for them: one download each", async () => {
    const context = await suite.newContext(PHONE);
    for (const { path } of pages.filter((target) => target.picture)) {
      const page = await context.newPage();
      const requested = requestsOf(page);
      await page.goto(`${suite.server.baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
      const { preloaded, shown } = await page.evaluate(() => {
        const link = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"][fetchpriority="high"]');
        const image = document.querySelector<HTMLImageElement>('main img:not([loading="lazy"])');
        return { preloaded: link?.href ?? null, shown: image?.currentSrc ?? null };
      });
      expect(preloaded, path).not.toBeNull();
      expect(preloaded, path).toBe(shown);
      const picture = new URL(shown!);
      // The browser reused the preload (an unused one would also warn in the console, which fails the test).
      expect(
        requested.filter((url) => url === picture.pathname + picture.search),
        path,
      ).toHaveLength(1);
    }
  });
});
