import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './browser-suite.ts';
import {
  DARK_THEME,
  axeViolations,
  emitTelegramEvent,
  failedRequest,
  lastTelegramCall,
  openTelegramPage,
  reportMissingChromium,
} from './harness.ts';

/**
 * The cars feature in real Chromium against the production build (`npm start`) with its seeded
 * catalogue of 180 cars: the list rules of docs/product/catalogue.md#catalogue, the details page, favourites, accessibility,
 * and the Telegram Back and Main buttons.
 */

const missing = reportMissingChromium('cars (web/e2e/cars.e2e.test.ts)');

describe.skipIf(missing)('cars in a real browser', () => {
  const suite = useBrowserSuite({ RATE_LIMIT_MAX: '100000' });

  async function openPage(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
    const context = await suite.newContext({ viewport });
    const page = await context.newPage();
    await page.goto(`${suite.server.baseUrl}${path}`);
    return page;
  }

  const cards = (page: Page) => page.locator('article.car-card__body');
  const cardHrefs = (page: Page) => page.locator('a.car-card__link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const dollars = (text: string) => Number(text.replace(/[^\d]/g, ''));

  async function waitForCards(page: Page, count?: number) {
    await cards(page).first().waitFor();
    if (count !== undefined) await page.waitForFunction((n) => document.querySelectorAll('article.car-card__body').length === n, count);
  }

  it('lists cars; the model list follows the brand, and Apply narrows the list to both', async () => {
    const page = await openPage('/cars');
    await page.getByRole('heading', { level: 1, name: 'Available Cars' }).waitFor();
    await expect.poll(() => page.title()).toBe('Available Cars');
    await waitForCards(page, 20);

    const brand = page.getByRole('combobox', { name: 'Brand' });
    const model = page.getByRole('combobox', { name: 'Model' });
    await expect(model.isDisabled()).resolves.toBe(true);
    // The brands arrive by their own request, possibly after the first cards.
    await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select[id$="-brand"]')?.options.length ?? 0) > 4);
    const brands = (await brand.locator('option').allTextContents()).slice(1);
    expect(brands.length).toBeGreaterThan(3);
    const chosen = brands.includes('Toyota') ? 'Toyota' : brands[0]!;
    await brand.selectOption(chosen);

    // The brand's models arrive in the form; the list waits for Apply like every other filter.
    await page.waitForFunction(() => (document.querySelector<HTMLSelectElement>('select[id$="-model"]')?.options.length ?? 0) > 1);
    const models = (await model.locator('option').allTextContents()).slice(1);
    expect(models.length).toBeGreaterThan(0);

    // Pick a model, Apply: the list narrows to it and the URL says so.
    await model.selectOption(models[0]!);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('brand') === chosen && url.searchParams.get('model') === models[0]);
    await waitForCards(page);
    const titles = await page.locator('.car-card__title').allTextContents();
    expect(titles.every((title) => title.includes(` ${chosen} `))).toBe(true);
    await page.waitForFunction(
      (m) => [...document.querySelectorAll('.car-card__title')].every((t) => t.textContent?.includes(` ${m}`)),
      models[0]!,
    );

    // The filtered list survives a reload.
    await page.reload();
    await waitForCards(page);
    await expect(page.getByRole('combobox', { name: 'Model' }).inputValue()).resolves.toBe(models[0]);
  });

  it('sorts by price, low to high', async () => {
    const page = await openPage('/cars');
    await waitForCards(page, 20);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    await page.waitForFunction(() => {
      const prices = [...document.querySelectorAll('.car-card__price')].map((p) => Number(p.textContent?.replace(/[^\d]/g, '')));
      return prices.length === 20 && prices.every((price, i) => i === 0 || price >= prices[i - 1]!);
    });
    await page.getByRole('button', { name: 'Load More' }).click();
    await waitForCards(page, 40);
    const prices = (await page.locator('.car-card__price').allTextContents()).map(dollars);
    expect(prices.every((price, i) => i === 0 || price >= prices[i - 1]!)).toBe(true);
  });

  it('Load More appends pages without duplicate cars', async () => {
    const page = await openPage('/cars?available=false');
    await waitForCards(page, 20);
    for (const expected of [40, 60, 80]) {
      await page.getByRole('button', { name: 'Load More' }).click();
      await waitForCards(page, expected);
    }
    const hrefs = await cardHrefs(page);
    expect(hrefs).toHaveLength(80);
    expect(new Set(hrefs).size).toBe(80);
  });

  /** Loads two more pages, scrolls far down and opens the card nearest the middle of the screen. */
  async function openCarFarDown(page: Page): Promise<{ scrollY: number; href: string }> {
    await waitForCards(page, 20);
    for (const expected of [40, 60]) {
      await page.getByRole('button', { name: 'Load More' }).click();
      await waitForCards(page, expected);
    }
    const link = page.locator('a.car-card__link').nth(50);
    await link.scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(2000);
    // The wheel may still be scrolling: read the position once it holds from one frame to the next.
    const scrollY = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let last = window.scrollY;
          const check = () =>
            requestAnimationFrame(() => {
              if (window.scrollY === last) return resolve(last);
              last = window.scrollY;
              check();
            });
          check();
        }),
    );
    const href = (await link.getAttribute('href')) ?? '';
    await link.click();
    await page.getByRole('region', { name: 'Key specs' }).waitFor();
    return { scrollY, href };
  }

  it("Back from a car returns to the card's place in the catalogue, also after Load More", async () => {
    const page = await openPage('/cars?available=false');
    const { scrollY } = await openCarFarDown(page);
    await page.goBack();
    await waitForCards(page, 60);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThanOrEqual(5);
  });

  it('"Back to cars" on a car returns to the same place in the catalogue', async () => {
    const page = await openPage('/cars?available=false');
    const { scrollY } = await openCarFarDown(page);
    await page.getByRole('link', { name: /Back to cars/ }).click();
    await page.waitForURL((url) => url.pathname === '/cars' && url.searchParams.get('available') === 'false');
    await waitForCards(page, 60);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrollY - 5);
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrollY)).toBeLessThanOrEqual(5);
  });

  it('ignores nonsense in the URL instead of failing', async () => {
    const page = await openPage('/cars?yearMin=abc&sort=nope&priceMax=-3&condition=broken');
    await waitForCards(page, 20);
    await expect(page.getByRole('combobox', { name: 'Sort by' }).inputValue()).resolves.toBe('default');
  });

  it('opens a car; the deal is priced by the server and follows the cash down, with its disclosure', async () => {
    const page = await openPage('/cars');
    await waitForCards(page);
    const firstLink = page.locator('a.car-card__link').first();
    const title = (await firstLink.textContent()) ?? '';
    await firstLink.click();
    await page.waitForURL(/\/cars\/[0-9a-f-]{36}$/);
    // The address changes before React shows the new page, so wait for the details themselves.
    await page.getByRole('region', { name: 'Key specs' }).waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);

    const deal = page.getByRole('region', { name: 'Your deal' });
    await deal.getByText('Enter your ZIP code to see your deal.').waitFor();
    await deal.getByRole('combobox', { name: 'Your credit' }).selectOption('good');
    await deal.getByRole('textbox', { name: 'ZIP code' }).fill('75201');
    const monthly = deal.getByRole('status', { name: 'Monthly payment' });
    await monthly.waitFor();
    const before = await monthly.textContent();
    expect(before).toMatch(/^\$[\d,]+\.\d{2}$/);
    await deal.getByText(/^\$0 down, 60 monthly payments of \$[\d,.]+ at [\d.]+% APR\. Total of payments \$[\d,.]+\./).waitFor();
    await deal.getByRole('textbox', { name: 'Cash down, $' }).fill('5000');
    await expect.poll(() => monthly.textContent()).not.toBe(before);
    expect(dollars((await monthly.textContent()) ?? '')).toBeLessThan(dollars(before ?? ''));
    await deal.getByText(/^\$5,000 down, 60 monthly payments/).waitFor();
    await page.getByText('Estimate only. Your actual rate and payment depend on credit approval.').waitFor();
    // The deal is in the address, so a reload shows it again.
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ deal: 'finance', zip: '75201', tier: 'good', down: '5000' });
    await page.reload();
    await page
      .getByRole('region', { name: 'Your deal' })
      .getByText(/^\$5,000 down, 60 monthly payments/)
      .waitFor();

    // Back to the list it came from.
    await page.getByRole('link', { name: /Back to cars/ }).click();
    await page.waitForURL(/\/cars$/);
    await waitForCards(page);
  });

  it('a favourite survives a reload', async () => {
    const page = await openPage('/cars');
    await waitForCards(page);
    const card = cards(page).nth(2);
    const name = await card.locator('.car-card__title').textContent();
    // Let the server confirm before reloading.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/viewed-cars/toggle-favorite'));
    await card.getByRole('button', { name: 'Add to favourites' }).click();
    await card.getByRole('button', { name: 'Remove from favourites' }).waitFor();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await waitForCards(page);
    const again = page.getByRole('article', { name: name ?? '' });
    await expect(again.getByRole('button', { name: 'Remove from favourites' }).getAttribute('aria-pressed')).resolves.toBe('true');

    // And on its details page.
    await again.locator('a.car-card__link').click();
    await page.getByRole('heading', { level: 1, name: name ?? '' }).waitFor();
    await expect(page.getByRole('button', { name: 'Remove from favourites' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await page.getByRole('button', { name: 'Remove from favourites' }).click();
    await page.getByRole('button', { name: 'Add to favourites' }).waitFor();
  });

  it('answers 404 and shows "not found" for an unknown or malformed car id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-car']) {
      // The page's 404 status is what the test is about.
      suite.allowNoise(failedRequest(404, `/cars/${id}`));
      const context = await suite.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const response = await page.goto(`${suite.server.baseUrl}/cars/${id}`);
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: "We couldn't find this car" }).waitFor();
      await expect(page.getByRole('link', { name: /Back to cars/ }).getAttribute('href')).resolves.toBe('/cars');
    }
  });

  it('has no serious or critical accessibility violations on /cars and a car page', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await openPage('/cars', viewport);
      await waitForCards(page, 20);
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('a.car-card__link').first().click();
      await page.getByRole('region', { name: 'Your deal' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  it('on a phone, the filters fold away behind a Filters button', async () => {
    const page = await openPage('/cars', { width: 390, height: 844 });
    await waitForCards(page, 20);
    const toggle = page.getByRole('button', { name: /^Filters/ });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('combobox', { name: 'Brand' }).isVisible()).resolves.toBe(false);
    await toggle.click();
    await page.getByRole('combobox', { name: 'Brand' }).waitFor({ state: 'visible' });
    await page.getByRole('combobox', { name: 'Condition' }).selectOption('used');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('condition') === 'used');
    await page.getByRole('combobox', { name: 'Brand' }).waitFor({ state: 'hidden' });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.waitForFunction(
      () => [...document.querySelectorAll('.car-badge--used')].length === document.querySelectorAll('.car-card').length,
    );
  });

  it('on a phone, an empty list shows its filters as chips; Clear filters brings the cars back and Back undoes it', async () => {
    const page = await openPage('/cars?priceMax=1000&condition=new', { width: 390, height: 844 });
    await page.getByText('No cars found matching your criteria').waitFor();
    await page.getByRole('button', { name: 'Filters (2)' }).waitFor();
    await page.getByRole('button', { name: 'Remove filter: Price to $1,000' }).waitFor();
    await page.getByRole('button', { name: 'Remove filter: New' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForCards(page, 20);
    expect(new URL(page.url()).search).toBe('');
    await page.goBack();
    await page.getByText('No cars found matching your criteria').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  describe('inside Telegram', () => {
    it("keeps AA contrast in Telegram's dark palette", async () => {
      const page = await openTelegramPage(suite.browser, suite.server.baseUrl, '/cars', { themeParams: DARK_THEME });
      suite.track(page);
      await waitForCards(page, 20);
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('a.car-card__link').first().click();
      await page.getByRole('region', { name: 'Your deal' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });

    async function openCarInTelegram(): Promise<Page> {
      const page = await openTelegramPage(suite.browser, suite.server.baseUrl, '/cars');
      suite.track(page);
      await waitForCards(page);
      await page.locator('a.car-card__link').first().click();
      await page.waitForURL(/\/cars\/[0-9a-f-]{36}$/);
      await page.getByRole('region', { name: 'Your deal' }).waitFor();
      return page;
    }

    it('the Back button on a car returns to the list', async () => {
      const page = await openCarInTelegram();
      await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
      await emitTelegramEvent(page, 'back_button_pressed');
      await page.waitForURL((url) => url.pathname === '/cars');
      await waitForCards(page);
    });

    it('a car shows no web "Back to cars" link beside the native Back button', async () => {
      const page = await openCarInTelegram();
      await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
      await expect(page.getByRole('link', { name: /Back to cars/ }).count()).resolves.toBe(0);
    });

    it('the Main button on a car is "Apply for financing" and opens the application', async () => {
      const page = await openCarInTelegram();
      await expect
        .poll(() => lastTelegramCall(page, 'web_app_setup_main_button'))
        .toMatchObject({ is_visible: true, is_active: true, text: 'Apply for financing' });
      // Inside Telegram the native button replaces the page button.
      await expect(page.getByRole('button', { name: 'Apply for financing' }).count()).resolves.toBe(0);
      await emitTelegramEvent(page, 'main_button_pressed');
      await page.waitForURL((url) => url.pathname === '/application');
      const draft = await page.evaluate(() => sessionStorage.getItem('applicationDraft'));
      expect((JSON.parse(draft ?? '{}') as { carId?: string }).carId).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  async function firstCarPage(viewport: { width: number; height: number }): Promise<Page> {
    const list = await openPage('/cars?sort=price_desc', viewport);
    await waitForCards(list);
    const href = (await cardHrefs(list))[0]!;
    await list.goto(`${suite.server.baseUrl}${href}`);
    await list.getByRole('heading', { level: 1 }).waitFor();
    return list;
  }

  it('on a desktop, the deal follows Share closely in the right column', async () => {
    const page = await firstCarPage({ width: 1280, height: 900 });
    const gap = await page.evaluate(() => {
      const actions = document.querySelector('.car-details__actions')!.getBoundingClientRect();
      const deal = document.querySelector('.deal')!.getBoundingClientRect();
      const photo = document.querySelector('.gallery__main img')!.getBoundingClientRect();
      return { gap: deal.top - actions.bottom, besidePhoto: deal.left > photo.right };
    });
    expect(gap.besidePhoto).toBe(true);
    expect(gap.gap).toBeLessThanOrEqual(40);
  });

  it("on a phone, the gallery's arrows sit below the photo instead of covering it", async () => {
    const page = await firstCarPage({ width: 390, height: 844 });
    const boxes = await page.evaluate(() => {
      const photo = document.querySelector('.gallery__main img')!.getBoundingClientRect();
      return [...document.querySelectorAll('.gallery__nav')].map((arrow) => arrow.getBoundingClientRect().top - photo.bottom);
    });
    expect(boxes).toHaveLength(2);
    for (const below of boxes) expect(below).toBeGreaterThanOrEqual(0);
    await page.getByRole('button', { name: 'Next photo' }).click();
    await expect.poll(() => page.locator('.gallery__main img').getAttribute('alt')).toMatch(/Photo 2 of/);
  });
});
