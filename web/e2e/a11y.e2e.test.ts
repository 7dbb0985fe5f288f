import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './browser-suite.ts';
import { axeViolations, DARK_THEME, failedRequest, openTelegramPage, reportMissingChromium } from './harness.ts';

const noChromium = reportMissingChromium('accessibility (axe-core)');

describe.skipIf(noChromium)('accessibility with axe-core: no serious or critical violations', () => {
  const suite = useBrowserSuite();

  async function webPage(path: string, viewport = { width: 1280, height: 900 }) {
    const context = await suite.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    suite.track(page);
    await page.goto(`${suite.server.baseUrl}${path}`);
    return page;
  }

  it('/ on a desktop', async () => {
    const page = await webPage('/');
    await page.getByText('Who can apply for a car loan?').waitFor();
    await page.locator('#contact').getByText('1200 Commerce Street, Dallas, TX 75202').waitFor();
    // Open one FAQ so its answer is checked too.
    await page.getByText('Who can apply for a car loan?').click();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('/ on a phone', async () => {
    const page = await webPage('/', { width: 375, height: 740 });
    await page.getByText('Who can apply for a car loan?').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('/ in Spanish', async () => {
    const page = await webPage('/');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await page.getByText('¿Quién puede solicitar un préstamo para auto?').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('/ inside Telegram with a dark theme', async () => {
    const page = await openTelegramPage(suite.browser, suite.server.baseUrl, '/', { themeParams: DARK_THEME });
    suite.track(page);
    await page.getByText('Who can apply for a car loan?').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it.each(['/application', '/no/such/page', '/auth/link', '/dashboard'])('%s', async (path) => {
    // The not-found page is checked as served, with its 404 status.
    suite.allowNoise(failedRequest(404, '/no/such/page'));
    const page = await webPage(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('every control on / is reachable by keyboard, with a visible focus', async () => {
    const page = await webPage('/');
    await page.locator('#contact').getByText('1200 Commerce Street, Dallas, TX 75202').waitFor();
    const seen: Array<{ name: string; outline: string }> = [];
    for (let step = 0; step < 60; step++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return { name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40), outline: style.outlineStyle };
      });
      if (focused) seen.push(focused);
    }
    const names = seen.map((item) => item.name);
    expect(names[0]).toBe('Skip to content');
    for (const wanted of [
      'Apply',
      'Contact',
      'Start Application',
      'Apply for loan',
      'Who can apply for a car loan?',
      'Fill out an application',
    ]) {
      expect(names).toContain(wanted);
    }
    expect(seen.filter((item) => item.outline === 'none')).toEqual([]);
  });
});
