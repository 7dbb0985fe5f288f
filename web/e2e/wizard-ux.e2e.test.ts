import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { housingInput, incomeInput, personalInput } from '../../domain/test-fixtures.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { reportMissingChromium } from './harness.ts';

/**
 * The wizard's page button on the plain web, in real Chromium: on a phone the sticky bar never hides
 * the field that has the focus (WCAG 2.4.11), and on a desktop it covers nothing while the page is read.
 */

const missing = reportMissingChromium('wizard page button (web/e2e/wizard-ux.e2e.test.ts)');

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const WAIT_MS = 8_000;

describe.skipIf(missing)('the wizard’s page button in a real browser', () => {
  const suite = useBrowserSuite({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' });

  async function personalStep(viewport: { width: number; height: number }): Promise<Page> {
    const context = await suite.newContext({ viewport, reducedMotion: 'reduce' });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    await page.goto(`${suite.server.baseUrl}/application/personal`);
    await page.getByRole('heading', { level: 1, name: 'Personal Information', exact: true }).waitFor();
    return page;
  }

  /** How far the focused element's box reaches under the top of the page button's bar, in px (0 when clear). */
  const hiddenUnderBar = (page: Page) =>
    page.evaluate(() => {
      const bar = document.querySelector('.main-button-bar');
      const focused = document.activeElement;
      if (!bar || !focused) return 0;
      const barTop = bar.getBoundingClientRect().top;
      return Math.max(0, focused.getBoundingClientRect().bottom - barTop);
    });

  it('on a 390 × 844 phone, keeps every field reached with Tab clear of the sticky bar', async () => {
    const page = await personalStep(PHONE);
    await page.getByLabel('First name', { exact: true }).focus();
    const reached: { label: string; hidden: number }[] = [];
    for (let step = 0; step < 9; step += 1) {
      const label = await page.evaluate(() => {
        const focused = document.activeElement;
        return focused?.id ? (document.querySelector(`label[for="${focused.id}"]`)?.textContent ?? focused.id) : '';
      });
      reached.push({ label, hidden: await hiddenUnderBar(page) });
      await page.keyboard.press('Tab');
    }
    expect(reached.map((field) => field.label)).toContain('Confirm email');
    expect(reached.filter((field) => field.hidden > 0)).toEqual([]);
  });

  it('on a 1280 × 800 desktop, covers no part of a long step while it is read', async () => {
    const context = await suite.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    await page.goto(`${suite.server.baseUrl}/`);
    await page.evaluate((draft) => sessionStorage.setItem('applicationDraft', JSON.stringify(draft)), {
      carId: '',
      personal: personalInput(),
      housing: housingInput(),
      income: incomeInput({ yearsAtEmployer: '1' }),
      driverLicense: { front: '', back: '' },
    });
    await page.goto(`${suite.server.baseUrl}/application/income`);
    await page.getByRole('heading', { level: 1, name: 'Income', exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    // The form's fields run below the fold; a bar pinned over the viewport would lie across them.
    const overlap = await page.evaluate(() => {
      const bar = document.querySelector('.main-button-bar')!.getBoundingClientRect();
      const form = document.getElementById('wizard-step-form')!.getBoundingClientRect();
      const viewportBottom = window.innerHeight;
      return {
        formRunsBelowFold: form.bottom > viewportBottom,
        covered: Math.max(0, Math.min(form.bottom, viewportBottom) - Math.max(bar.top, 0)),
      };
    });
    expect(overlap.formRunsBelowFold).toBe(true);
    expect(overlap.covered).toBe(0);
    await page.getByRole('button', { name: 'Next', exact: true }).scrollIntoViewIfNeeded();
    expect(await page.getByRole('button', { name: 'Next', exact: true }).isVisible()).toBe(true);
  });
});
