import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './browser-suite.ts';
import { axeViolations, reportMissingChromium } from './harness.ts';

const noChromium = reportMissingChromium('favourites');

describe.skipIf(noChromium)('the favourites screen on the plain web (production build, real Chromium)', () => {
  const suite = useBrowserSuite();

  async function webPage(path: string, viewport = { width: 390, height: 844 }): Promise<Page> {
    const context = await suite.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(`${suite.server.baseUrl}${path}`);
    return page;
  }

  const cardTitles = (page: Page, section: string) =>
    page.getByRole('region', { name: section }).getByRole('heading', { level: 3 }).allTextContents();

  it('shows an empty state that leads to the catalogue', async () => {
    const page = await webPage('/favorites');
    await page.getByRole('heading', { level: 1, name: 'Favourites' }).waitFor();
    await page.getByText('No favourites yet').waitFor();
    expect(await page.getByRole('region', { name: 'Recently viewed' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Browse cars' }).click();
    await page.getByRole('heading', { level: 1, name: 'Available Cars' }).waitFor();
  });

  it('lists the favourite cars and the recently viewed ones with the catalogue cards', async () => {
    const page = await webPage('/cars');
    const cards = page.locator('.car-card');
    await cards.nth(2).waitFor();
    const first = (await cards.nth(0).getByRole('heading').textContent())!;
    const second = (await cards.nth(1).getByRole('heading').textContent())!;
    await cards.nth(0).getByRole('button', { name: 'Add to favourites' }).click();
    await expect.poll(() => cards.nth(0).getByRole('button', { name: 'Remove from favourites' }).count()).toBe(1);
    await cards.nth(1).getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: second }).waitFor();

    // On a phone the header's pages sit behind the Menu button.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Favourites' }).click();
    await page.getByRole('heading', { level: 1, name: 'Favourites' }).waitFor();
    await expect.poll(() => cardTitles(page, 'Your favourite cars')).toEqual([first]);
    await expect.poll(() => cardTitles(page, 'Recently viewed')).toEqual([second]);
    // The same card as the catalogue: photo, price and the heart.
    const card = page.getByRole('region', { name: 'Your favourite cars' }).locator('.car-card');
    await card.locator('img').waitFor();
    expect(await card.locator('.car-card__price').textContent()).toMatch(/^\$[\d,]+$/);
  });

  it('removes a favourite in place, and Undo puts it back where it was', async () => {
    const page = await webPage('/cars');
    const cards = page.locator('.car-card');
    await cards.nth(2).waitFor();
    const titles: string[] = [];
    for (const n of [0, 1, 2]) {
      titles.push((await cards.nth(n).getByRole('heading').textContent())!);
      // The heart turns at once; the next page load must wait for the server to have it.
      const saved = page.waitForResponse((response) => response.url().endsWith('/api/viewed-cars/toggle-favorite') && response.ok());
      await cards.nth(n).getByRole('button', { name: 'Add to favourites' }).click();
      await saved;
      await expect.poll(() => cards.nth(n).getByRole('button', { name: 'Remove from favourites' }).count()).toBe(1);
    }
    await page.goto(`${suite.server.baseUrl}/favorites`);
    const section = page.getByRole('region', { name: 'Your favourite cars' });
    await expect.poll(() => cardTitles(page, 'Your favourite cars')).toHaveLength(3);
    const before = await cardTitles(page, 'Your favourite cars');
    expect([...before].sort()).toEqual([...titles].sort());

    const middle = before[1]!;
    await section.locator('.car-card', { hasText: middle }).getByRole('button', { name: 'Remove from favourites' }).click();
    await expect.poll(() => cardTitles(page, 'Your favourite cars')).toEqual([before[0], before[2]]);
    await page.getByRole('status').getByText('Removed from favourites').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const restored = page.waitForResponse((response) => response.url().endsWith('/api/viewed-cars/toggle-favorite') && response.ok());
    await page.getByRole('button', { name: 'Undo' }).click();
    await restored;
    await expect.poll(() => cardTitles(page, 'Your favourite cars')).toEqual(before);
    // The server agrees after a reload.
    await page.reload();
    await expect.poll(() => cardTitles(page, 'Your favourite cars')).toHaveLength(3);

    // Removing the last ones leaves the empty state.
    for (const title of before) {
      const saved = page.waitForResponse((response) => response.url().endsWith('/api/viewed-cars/toggle-favorite') && response.ok());
      await section.locator('.car-card', { hasText: title }).getByRole('button', { name: 'Remove from favourites' }).click();
      await saved;
    }
    await page.getByText('No favourites yet').waitFor();
    await page.reload();
    await page.getByText('No favourites yet').waitFor();
  });

  it('a favourite taken out also loses its filled heart under Recently viewed at once', async () => {
    const page = await webPage('/cars');
    const card = page.locator('.car-card').first();
    await card.waitFor();
    const title = (await card.getByRole('heading').textContent())!;
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/viewed-cars/toggle-favorite') && response.ok());
    await card.getByRole('button', { name: 'Add to favourites' }).click();
    await saved;
    await card.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.goto(`${suite.server.baseUrl}/favorites`);
    const recent = page.getByRole('region', { name: 'Recently viewed' }).locator('.car-card', { hasText: title });
    await recent.getByRole('button', { name: 'Remove from favourites' }).waitFor();

    await page
      .getByRole('region', { name: 'Your favourite cars' })
      .locator('.car-card', { hasText: title })
      .getByRole('button', { name: 'Remove from favourites' })
      .click();
    await recent.getByRole('button', { name: 'Add to favourites' }).waitFor({ timeout: 1000 });
    await expect(recent.getByRole('button', { name: 'Add to favourites' }).getAttribute('aria-pressed')).resolves.toBe('false');
  });

  it('says "Click the heart" with a mouse and "Tap the heart" on a touch screen', async () => {
    const desktop = await webPage('/favorites', { width: 1280, height: 900 });
    await desktop.getByText('Click the heart on a car to keep it here.').waitFor();
    const phoneContext = await suite.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const phone = await phoneContext.newPage();
    await phone.goto(`${suite.server.baseUrl}/favorites`);
    await phone.getByText('Tap the heart on a car to keep it here.').waitFor();
  });

  it('axe finds no serious or critical issue on the screen, in Ukrainian on a desktop', async () => {
    const page = await webPage('/favorites', { width: 1280, height: 900 });
    await page.getByRole('combobox', { name: 'Language' }).selectOption('uk');
    await page.getByRole('heading', { level: 1, name: 'Обране' }).waitFor();
    await page.getByText('Обраних авто поки немає').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
