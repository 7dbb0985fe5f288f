import type { Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CarCard } from '../../domain/contracts/cars.ts';
import type { Paged } from '../../domain/contracts/paged.ts';
import { LANGUAGES, type Language } from '../../domain/enums.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { failedRequest, reportMissingChromium } from './harness.ts';

const noChromium = reportMissingChromium('server-rendered pages');

/** The catalogue's heading in each language, as the server and the client write it. */
const AVAILABLE_CARS: Record<Language, string> = {
  en: 'Available Cars',
  uk: 'Доступні автомобілі',
  es: 'Autos disponibles',
  ru: 'Автомобили в наличии',
};

describe.skipIf(noChromium)('public pages rendered on the server (production build, real Chromium)', () => {
  const suite = useBrowserSuite();
  let car: CarCard;

  beforeAll(async () => {
    const cars = (await (await fetch(`${suite.server.baseUrl}/api/cars?limit=1&sort=price_desc`)).json()) as Paged<CarCard>;
    car = cars.items[0]!;
  });

  /** A phone with scripts off: whatever it reads came in the server's HTML. */
  async function openWithoutScripts(path: string, headers: Record<string, string> = {}) {
    const context = await suite.newContext({ javaScriptEnabled: false, extraHTTPHeaders: headers });
    const page = await context.newPage();
    const response = await page.goto(`${suite.server.baseUrl}${path}`);
    return { page, status: response?.status() };
  }

  /** A browser with scripts on, noting every console error and every API call the page makes. */
  async function openWithScripts(
    path: string,
    { cookieLanguage, storedLanguage }: { cookieLanguage?: Language; storedLanguage?: Language } = {},
  ) {
    const context = await suite.newContext({ extraHTTPHeaders: { 'accept-language': 'en-US,en;q=0.9' } });
    if (cookieLanguage) await context.addCookies([{ name: 'lang', value: cookieLanguage, url: suite.server.baseUrl }]);
    if (storedLanguage) {
      // Not in the blank page a new tab starts on, whose storage is closed to scripts.
      await context.addInitScript((language) => {
        if (window.location.protocol.startsWith('http')) sessionStorage.setItem('currentLanguage', language);
      }, storedLanguage);
    }
    const page = await context.newPage();
    const problems: string[] = [];
    const apiCalls: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    // React reports a hydration mismatch as a console error.
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
    });
    await page.goto(`${suite.server.baseUrl}${path}`);
    return { page, problems, apiCalls };
  }

  const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.host === 'web');

  it('a phone without JavaScript reads the home page: the hero, the questions and the dealer contact', async () => {
    const { page, status } = await openWithoutScripts('/');
    expect(status).toBe(200);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('Who can apply for a car loan?').waitFor();
    await page.locator('#contact').getByText('1200 Commerce Street, Dallas, TX 75202').waitFor();
    expect(await page.getByText('This site needs JavaScript').count()).toBe(0);
  });

  it('a phone without JavaScript reads the catalogue, opens a car from it and pages on with Load More', async () => {
    const { page, status } = await openWithoutScripts('/cars?sort=price_desc');
    expect(status).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Available Cars' }).waitFor();
    await page.getByText(/\d+ cars found/).waitFor();
    const firstPage = await page
      .locator('.car-grid a[href^="/cars/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(firstPage.length).toBeGreaterThan(0);
    expect(firstPage).toContain(`/cars/${car.uuid}`);

    await page.getByRole('button', { name: 'Load More' }).click();
    await page.waitForURL(/page=2/);
    const secondPage = await page
      .locator('.car-grid a[href^="/cars/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);

    await page.locator(`.car-grid a[href="${secondPage[0]}"]`).first().click();
    await page.waitForURL(new RegExp(`${secondPage[0]}$`));
    await page.getByRole('heading', { level: 1 }).waitFor();
  });

  it("a phone without JavaScript reads a car's name, price, mileage, photos and specs", async () => {
    const { page, status } = await openWithoutScripts(`/cars/${car.uuid}`);
    expect(status).toBe(200);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toContain(car.brand);
    expect(heading).toContain(car.model);
    const text = await page.locator('main').innerText();
    expect(text).toContain(`$${car.price.toLocaleString('en-US')}`);
    expect(text).toContain(car.mileage.toLocaleString('en-US'));
    expect(await page.locator('main img').count()).toBeGreaterThan(0);
    expect(text).toMatch(/Transmission/);
  });

  it('an unknown car is a real 404 page, and so is an unknown address', async () => {
    // The 404 status of these two pages is what the test is about.
    suite.allowNoise(failedRequest(404, '/cars/00000000-0000-4000-8000-000000000000'));
    suite.allowNoise(failedRequest(404, '/no-such-page'));
    const unknownCar = await openWithoutScripts('/cars/00000000-0000-4000-8000-000000000000');
    expect(unknownCar.status).toBe(404);
    await unknownCar.page.getByRole('heading', { level: 1, name: "We couldn't find this car" }).waitFor();
    const unknownPath = await openWithoutScripts('/no-such-page');
    expect(unknownPath.status).toBe(404);
    await unknownPath.page.getByRole('heading', { level: 1 }).waitFor();
  });

  it('filters a server-rendered catalogue cannot read are left out, and the page still renders', async () => {
    const { page, status } = await openWithoutScripts('/cars?yearMin=abc&sort=sideways&priceMax=-5&page=zero');
    expect(status).toBe(200);
    await page.getByText(/\d+ cars found/).waitFor();
    expect(await page.locator('.car-grid a[href^="/cars/"]').count()).toBeGreaterThan(0);
  });

  it('the server writes the page in the language of the cookie the picker sets, else the browser asks for', async () => {
    const fromCookie = await openWithoutScripts('/cars', { cookie: 'lang=es', 'accept-language': 'uk' });
    await fromCookie.page.getByRole('heading', { level: 1, name: AVAILABLE_CARS.es }).waitFor();
    expect(await fromCookie.page.evaluate(() => document.documentElement.lang)).toBe('es');
    const fromBrowser = await openWithoutScripts('/cars', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' });
    await fromBrowser.page.getByRole('heading', { level: 1, name: AVAILABLE_CARS.ru }).waitFor();
  });

  for (const language of LANGUAGES) {
    it(`in ${language}, the three public pages hydrate without a warning and without asking for their data again`, async () => {
      for (const path of ['/', '/cars', `/cars/${car.uuid}`]) {
        const { page, problems, apiCalls } = await openWithScripts(path, { cookieLanguage: language });
        await hydrated(page);
        // The app is interactive: the header's language picker answers.
        await page.getByRole('banner').waitFor();
        await page.waitForLoadState('networkidle');
        expect(problems, path).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        expect(
          apiCalls.filter((call) => call === '/api/cars' || call === `/api/cars/${car.uuid}`),
          path,
        ).toEqual([]);
      }
    });
  }

  it('a language remembered in the tab that differs from the server’s takes over after hydration', async () => {
    const { page, problems } = await openWithScripts('/cars', { storedLanguage: 'es' });
    await page.getByRole('heading', { level: 1, name: AVAILABLE_CARS.es }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    // The next page comes from the server in it too.
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('es');
    expect(problems).toEqual([]);
  });

  it('with JavaScript, Load More appends the next page in place instead of leaving the page', async () => {
    const { page, problems } = await openWithScripts('/cars');
    await hydrated(page);
    const before = await page.locator('.car-grid > li').count();
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => page.locator('.car-grid > li').count()).toBeGreaterThan(before);
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
  });
});
