import { describe, expect, it } from 'vitest';
import type { DealSettingsAnswer } from '../../domain/contracts/deals.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { axeViolations, reportMissingChromium, signInStaff } from './harness.ts';

/**
 * The staff's deal settings screen (docs/product/staff-dashboard.md#deal-settings) in real Chromium
 * against `npm start`, on a phone: an admin signed in as web/e2e/dashboard.e2e.test.ts signs one in
 * opens Deals from the dashboard's tabs, changes the doc fee and saves, and the public settings then
 * answer the new version with that fee. axe on the screen.
 */

const missing = reportMissingChromium('deal settings (web/e2e/deal-settings.e2e.test.ts)');

const ADMIN = { id: 730_000_001, first_name: 'Ada', last_name: 'Staff' };
const PHONE = { width: 360, height: 780 };
const WAIT_MS = 10_000;

describe.skipIf(missing)('the deal settings screen in a real browser', () => {
  // The passkey step in front of the save is web/e2e/passkeys.e2e.test.ts's subject; this suite runs without it.
  const suite = useBrowserSuite({
    ADMIN_TELEGRAM_IDS: String(ADMIN.id),
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_STRICT_MAX: '1000',
    STAFF_MFA: 'off',
  });

  const publicSettings = async () => (await (await fetch(`${suite.server.baseUrl}/api/deal-settings`)).json()) as DealSettingsAnswer;

  it('saves a new doc fee from the Deals tab as the next version, which the public settings then answer', async () => {
    const before = await publicSettings();
    const context = await suite.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    context.setDefaultTimeout(WAIT_MS);
    const page = await signInStaff(await context.newPage(), suite.server.baseUrl, ADMIN, '/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Deals' }).click();
    await page.getByText(`Editing version ${before.version}.`).waitFor();
    expect(await page.getByLabel('Documentation fee, $').inputValue()).toBe(String(before.settings.docFeeCents / 100));
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    await page.getByLabel('Documentation fee, $').fill('575.25');
    await page.getByRole('button', { name: 'Save deal settings' }).click();
    await page.getByText(`Saved as version ${before.version + 1}. Shoppers are quoted with it from now on.`, { exact: true }).waitFor();

    const after = await publicSettings();
    expect(after.version).toBe(before.version + 1);
    expect(after.settings).toEqual({ ...before.settings, docFeeCents: 57_525 });
    expect(await axeViolations(page)).toEqual([]);
  });
});
