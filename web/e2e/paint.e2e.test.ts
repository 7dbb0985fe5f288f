import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '../../domain/constants.ts';
import type { CarCard } from '../../domain/contracts/cars.ts';
import { SERVER_STATE_ELEMENT_ID } from '../../domain/contracts/page-render.ts';
import type { Paged } from '../../domain/contracts/paged.ts';
import type { Language } from '../../domain/enums.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { reportMissingChromium } from './harness.ts';

const noChromium = reportMissingChromium('pages that paint at once');

/** The phone Lighthouse's mobile profile stands for (docs/operations/benchmarks.md#pages). */
const PHONE = { width: 390, height: 844 };

interface PictureOnScreen {
  loading: string | null;
  fetchPriority: string | null;
  /** Whether any of it is inside the first screen. */
  onFirstScreen: boolean;
}

/** The loading hints of the pictures `selector` finds, and where each sits on the page as first laid out. */
const picturesOf = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((images) =>
    images.map((image): PictureOnScreen => ({
      loading: image.getAttribute('loading'),
      fetchPriority: image.getAttribute('fetchpriority'),
      onFirstScreen: image.getBoundingClientRect().top < window.innerHeight,
    })),
  );

/**
 * Every element of the app carries React's fiber once hydrated, those in boundaries hydrated
 * later (web/src/components/hydrate-later.tsx) too: waiting for all of them means a mismatch
 * anywhere on the page has been found and reported (web/src/main.tsx, onRecoverableError). The
 * head tags React writes among the markup (a title, an image's preload) are never hydrated.
 */
const fullyHydrated = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('#root *:not(title, link, meta, style, script)')].every((element) =>
      Object.keys(element).some((key) => key.startsWith('__reactFiber$')),
    ),
  );

describe.skipIf(noChromium)('pages that paint at once (production build, real Chromium)', () => {
  const suite = useBrowserSuite();
  let car: CarCard;
  let carPath: string;

  beforeAll(async () => {
    // The demo stock's dearest car, which has several photos.
    const cars = (await (await fetch(`${suite.server.baseUrl}/api/cars?limit=1&sort=price_desc`)).json()) as Paged<CarCard>;
    car = cars.items[0]!;
    carPath = `/cars/${car.uuid}`;
  });

  it('on a phone, only the photos on the first screen load eagerly, the first of them ahead of the rest', async () => {
    // Read in the server's HTML, as the browser's preload scanner reads it before any script.
    const context = await suite.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();

    await page.goto(`${suite.server.baseUrl}/cars`);
    const cards = await picturesOf(page, '.car-grid img');
    expect(cards.length).toBeGreaterThan(4);
    expect(cards.filter((card) => card.onFirstScreen).map((card) => card.loading)).toEqual(['eager', 'eager']);
    expect(cards.filter((card) => !card.onFirstScreen).every((card) => card.loading === 'lazy')).toBe(true);
    expect(cards.map((card) => card.fetchPriority === 'high')).toEqual(cards.map((_, index) => index === 0));

    await page.goto(`${suite.server.baseUrl}${carPath}`);
    const [cover, ...others] = await picturesOf(page, '.gallery img');
    expect(cover).toEqual({ loading: 'eager', fetchPriority: 'high', onFirstScreen: true });
    expect(others.length).toBeGreaterThan(0);
    expect(others.map((thumbnail) => thumbnail.loading).every((loading) => loading === 'lazy')).toBe(true);
  });

  it('without JavaScript, the home page, the catalogue, a car and the application read whole', async () => {
    const context = await suite.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const read = async (path: string) => {
      const response = await page.goto(`${suite.server.baseUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(await page.getByText('This site needs JavaScript').count(), path).toBe(0);
      return page.locator('main').innerText();
    };

    expect(await read('/')).toContain('Frequently asked questions');
    const catalogue = await read('/cars');
    expect(catalogue).toMatch(/\d+ cars found/);
    expect(await page.locator('.car-grid > li').count()).toBeGreaterThan(4);
    expect(await read(carPath)).toContain('Key specs');
    const application = await read('/application');
    expect(application).toContain('Car loan application');
    expect(application).toContain('What you will need');
    expect(application).toContain('You have not chosen a car yet.');
  });

  it("the application's first step, rendered without the tab's draft, shows that draft once hydrated", async () => {
    const context = await suite.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${suite.server.baseUrl}/`);
    // A reload's tab: a chosen car and a first answer, which the server cannot read.
    await page.evaluate(
      (carId) => sessionStorage.setItem('applicationDraft', JSON.stringify({ carId, personal: { firstName: 'Ann' } })),
      car.uuid,
    );
    await page.goto(`${suite.server.baseUrl}/application`);
    await fullyHydrated(page);
    await page.locator('.chosen-car__name').getByText(`${car.brand} ${car.model}`).waitFor();
    // Answers in the tab are kept without asking about a saved draft.
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
  });

  it('a language the tab remembers, other than the server wrote in, reaches the parts hydrated later too', async () => {
    const context = await suite.newContext({ viewport: PHONE, extraHTTPHeaders: { 'accept-language': 'en' } });
    // Not in the blank page a new tab starts on, whose storage is closed to scripts.
    await context.addInitScript((key) => {
      if (window.location.protocol.startsWith('http')) sessionStorage.setItem(key, 'uk');
    }, LANGUAGE_STORAGE_KEY);
    const page = await context.newPage();
    await page.goto(`${suite.server.baseUrl}/cars`);
    await fullyHydrated(page);
    await page.locator('.car-grid > li').last().getByRole('button', { name: 'Додати в обране' }).waitFor();
    // The switch wrote the cookie, which would have the server write the next page in Ukrainian.
    await context.clearCookies({ name: LANGUAGE_COOKIE.name });
    await page.goto(`${suite.server.baseUrl}${carPath}`);
    await fullyHydrated(page);
    await page.getByRole('heading', { level: 2, name: 'Основні характеристики' }).waitFor();
  });

  it('on a phone, the four public pages keep their layout while they hydrate', async () => {
    const context = await suite.newContext({ viewport: PHONE });
    // Every shift the page makes, as Lighthouse sums them into CLS (those right after an input excepted).
    await context.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    for (const path of ['/', '/cars', carPath, '/application']) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      await fullyHydrated(page);
      // The frame after hydration is laid out before its shifts are read.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      const shift = await page.evaluate(() =>
        (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
      );
      // The budget of docs/operations/benchmarks.md#pages.
      expect(shift, path).toBeLessThanOrEqual(0.02);
    }
  });

  for (const language of ['en', 'uk'] satisfies Language[]) {
    it(`in ${language}, the four public pages hydrate whole without a mismatch`, async () => {
      const context = await suite.newContext({ viewport: PHONE });
      await context.addCookies([{ name: 'lang', value: language, url: suite.server.baseUrl }]);
      const page = await context.newPage();
      for (const path of ['/', '/cars', carPath, '/application']) {
        await page.goto(`${suite.server.baseUrl}${path}`);
        // Served from the server, not drawn by the browser from an empty page.
        expect(await page.locator(`#${SERVER_STATE_ELEMENT_ID}`).count(), path).toBe(1);
        await fullyHydrated(page);
        expect(await page.evaluate(() => document.documentElement.lang), path).toBe(language);
      }
      // The application's first step is interactive once hydrated: its Main button leads on.
      await page.locator('.main-button-bar button').click();
      await page.waitForURL(/\/application\/personal$/);
    });
  }
});
