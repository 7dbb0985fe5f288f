import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSuite } from './browser-suite.ts';
import {
  axeViolations,
  failedRequest,
  registerTelegramUser,
  reportMissingChromium,
  signInStaff,
  submitApplicationAs,
  type TelegramUser,
} from './harness.ts';

/**
 * The staff dashboard (docs/product/staff-dashboard.md#staff-dashboard) in real Chromium against `npm start`: an admin signed in through
 * the Telegram Login Widget endpoint (signInStaff in web/e2e/harness.ts signs its data as Telegram does)
 * finds an applicant, reviews, edits and decides, downloads the PDF, manages FAQs and reads the
 * metrics; a visitor gets the sign-in page and no staff data. axe on every screen.
 */

const missing = reportMissingChromium('staff dashboard (web/e2e/dashboard.e2e.test.ts)');

const ADMIN_TELEGRAM_ID = 710_000_001;
const APPLICANT: TelegramUser = {
  id: 710_000_002,
  first_name: 'Mary',
  last_name: 'Major',
  username: 'mary_applicant',
  language_code: 'en',
};
const BROWSER: TelegramUser = { id: 710_000_003, first_name: 'Zed', last_name: 'Browser', username: 'zed_browser', language_code: 'uk' };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };
const NARROW = { width: 700, height: 800 };
/** The dealer's zone for this suite: every dashboard time must carry its label (MST or MDT). */
const DEALER_TIME_ZONE = 'America/Denver';
const WAIT_MS = 10_000;

describe.skipIf(missing)('the staff dashboard in a real browser', () => {
  // These screens are about reviewing, editing and deciding; the passkey step in front of them is
  // web/e2e/passkeys.e2e.test.ts's subject, so this suite runs without it.
  const suite = useBrowserSuite({
    ADMIN_TELEGRAM_IDS: String(ADMIN_TELEGRAM_ID),
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_STRICT_MAX: '1000',
    STAFF_MFA: 'off',
    TIMEZONE: DEALER_TIME_ZONE,
  });
  let applicantUserId = 0;

  beforeAll(async () => {
    applicantUserId = await registerTelegramUser(suite.server.baseUrl, APPLICANT);
    await registerTelegramUser(suite.server.baseUrl, BROWSER);
    await submitApplicationAs(suite.server.baseUrl, APPLICANT, applicantUserId);
  });

  async function newPage(viewport = DESKTOP): Promise<Page> {
    const context = await suite.newContext({ viewport, reducedMotion: 'reduce', acceptDownloads: true });
    context.setDefaultTimeout(WAIT_MS);
    return context.newPage();
  }

  /** A fresh browser signed in as the admin, on `path`. */
  const adminPage = async (path: string, viewport = DESKTOP) =>
    signInStaff(await newPage(viewport), suite.server.baseUrl, { id: ADMIN_TELEGRAM_ID, first_name: 'Ada', last_name: 'Staff' }, path);

  const noViolations = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

  it('shows a visitor the staff sign-in page and answers no staff call', async () => {
    const page = await newPage();
    const answers: string[] = [];
    page.on(
      'response',
      (response) =>
        void response.text().then(
          (text) => answers.push(text),
          () => {},
        ),
    );
    // A visitor's calls for staff data, made to show that they are refused.
    for (const path of ['/api/users', '/api/metrics', '/api/faqs']) suite.allowNoise(failedRequest(401, path));
    await page.goto(`${suite.server.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    expect(await page.getByText('Send /login').count()).toBe(1);
    const statuses = await page.evaluate(async () =>
      Promise.all(['/api/users', '/api/metrics', '/api/faqs'].map(async (path) => (await fetch(path)).status)),
    );
    expect(statuses).toEqual([401, 401, 401]);
    expect(answers.join('\n')).not.toMatch(/mary_applicant|mary\.major@example\.com|Acme Corp/);
    await noViolations(page);
  });

  it('never downloads the dashboard code on public pages', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(request.url())));
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.goto(`${suite.server.baseUrl}/cars`);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /dashboard-page|daily-chart|metrics-page/.test(url))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
  });

  it('filters and sorts the users list, and a reload keeps both', async () => {
    const page = await adminPage('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('row', { name: /Mary Major/ }).waitFor();
    await page.getByLabel('Username', { exact: true }).fill('applicant');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('row', { name: /Zed Browser/ }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Email/ }).click();
    await page.waitForURL(/sortBy=email/);
    await page.reload();
    await page.getByRole('row', { name: /Mary Major/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('username')).toBe('applicant');
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe('applicant');
    expect(await page.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(await page.getByRole('row', { name: /Zed Browser/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Actions for Mary Major' }).click();
    const chat = page.getByRole('group', { name: 'Actions for Mary Major' }).getByRole('link', { name: 'Chat' });
    expect(await chat.getAttribute('href')).toBe('https://t.me/mary_applicant');
    await noViolations(page);
  });

  it('opens an application, reveals the SSN, saves an edit, changes the status and shows it all in the history', async () => {
    const page = await adminPage('/dashboard?username=applicant');
    await page.getByRole('button', { name: 'Actions for Mary Major' }).click();
    await page.getByRole('group', { name: 'Actions for Mary Major' }).getByRole('link', { name: 'Open application' }).click();
    await page.getByRole('heading', { name: /^Application #\d+$/ }).waitFor();
    await page.getByText('***-**-6789').waitFor();
    await page.getByRole('img', { name: 'Front of license' }).waitFor();
    await noViolations(page);

    await page.getByRole('button', { name: 'Reveal' }).click();
    await page.getByText('123-45-6789').waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Last Name', { exact: true }).fill('Minor');
    await noViolations(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByText('Minor', { exact: true }).waitFor();

    await page.getByLabel('Status').selectOption('approved');
    await page.getByRole('button', { name: 'Change status…' }).click();
    await page.getByRole('dialog', { name: 'Change the status to Approved?' }).getByRole('button', { name: 'Change and notify' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Status changed from In Review to Approved').waitFor();
    await history.getByText('Edited: Last Name').waitFor();
    await history.getByText('SSN revealed').waitFor();
    expect(await history.getByText(/Ada Staff/).count()).toBeGreaterThanOrEqual(3);

    await page.getByRole('button', { name: 'Confirm' }).click();
    await history.getByText('Review confirmed').waitFor();

    // Back returns to the list as it was left.
    await page.getByRole('link', { name: 'Back to Users' }).first().click();
    await page.waitForURL(/\/dashboard\?username=applicant/);
  });

  it('downloads the application as application-{id}.pdf', async () => {
    const page = await adminPage('/dashboard?username=applicant');
    const row = page.getByRole('row', { name: /Major|Minor/ });
    await row.getByRole('button', { name: /^Actions for / }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      row.getByRole('group').getByRole('button', { name: 'PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^application-\d+\.pdf$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('shows icon buttons with tooltips on a 360 px phone', async () => {
    const page = await adminPage(`/dashboard/users/${applicantUserId}`, PHONE);
    const pdf = page.getByRole('button', { name: 'PDF' });
    await pdf.waitFor();
    expect(await pdf.getAttribute('data-tooltip')).toBe('PDF');
    const label = await pdf.locator('.action-button__label').boundingBox();
    expect(label?.width ?? 0).toBeLessThanOrEqual(1);
    const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrollsSideways).toBe(false);
    // The tooltip is there for keyboard users too, not only on hover.
    await page.getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Tab');
    expect(await pdf.evaluate((button) => document.activeElement === button && button.matches(':focus-visible'))).toBe(true);
    expect(await pdf.evaluate((button) => getComputedStyle(button, '::after').content)).toBe('"PDF"');
    await noViolations(page);
  });

  /** How a table sits in its box: overflow sideways, the tallest row, and whether each row's actions button is inside the box. */
  const tableFit = (page: Page) =>
    page.locator('.table-scroll').evaluate((box) => {
      const bounds = box.getBoundingClientRect();
      const rows = [...box.querySelectorAll('tbody tr')];
      return {
        overflow: box.scrollWidth - box.clientWidth,
        pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        tallestRow: Math.max(...rows.map((row) => row.getBoundingClientRect().height)),
        actionsOutside: rows.filter((row) => {
          const button = row.querySelector('.row-menu__button')?.getBoundingClientRect();
          return !button || button.right > bounds.right || button.left < bounds.left;
        }).length,
      };
    });

  it.each([
    ['1280', DESKTOP],
    ['700', NARROW],
  ])('fits the users table in its box at %s px, with every row’s actions one click away', async (_width, viewport) => {
    const page = await adminPage('/dashboard', viewport);
    await page.getByRole('row', { name: /Mary Major/ }).waitFor();
    const fit = await tableFit(page);
    expect(fit).toMatchObject({ overflow: 0, actionsOutside: 0 });
    expect(fit.pageOverflow).toBeLessThanOrEqual(0);
    expect(fit.tallestRow).toBeLessThan(130);
    await page.getByRole('button', { name: 'Actions for Mary Major' }).click();
    const menu = page.getByRole('group', { name: 'Actions for Mary Major' });
    for (const name of ['Open application', 'Chat']) await menu.getByRole('link', { name }).waitFor();
    for (const name of ['PDF', 'Make admin']) await menu.getByRole('button', { name }).waitFor();
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
    await noViolations(page);
  });

  it('opens a row’s actions from the keyboard, and Escape closes them back onto their button', async () => {
    const page = await adminPage('/dashboard?username=applicant');
    const button = page.getByRole('button', { name: 'Actions for Mary Major' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('group', { name: 'Actions for Mary Major' });
    await menu.waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Open application');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await button.evaluate((element) => document.activeElement === element)).toBe(true);
  });

  it('fits the FAQ table in its box at 700 px, with every row’s actions one click away', async () => {
    const page = await adminPage('/dashboard/faqs', NARROW);
    await page.getByRole('heading', { name: 'FAQ', exact: true }).waitFor();
    await page.locator('.table-scroll tbody tr').first().waitFor();
    expect(await tableFit(page)).toMatchObject({ overflow: 0, actionsOutside: 0 });
    await page.locator('.row-menu__button').first().click();
    await page.locator('.row-menu').first().getByRole('button', { name: 'Edit' }).waitFor();
    await noViolations(page);
  });

  it('sends no status change while arrow keys move through the focused status select', async () => {
    const page = await adminPage(`/dashboard/users/${applicantUserId}`);
    const patches: string[] = [];
    page.on('request', (request) => void (request.method() === 'PATCH' && patches.push(request.url())));
    const select = page.getByLabel('Status');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.getByRole('button', { name: 'Change status…' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(patches).toEqual([]);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the toolbar’s labels at 700 px, where they fit', async () => {
    const page = await adminPage(`/dashboard/users/${applicantUserId}`, NARROW);
    const toolbar = page.getByRole('toolbar', { name: 'Application actions' });
    await toolbar.getByRole('button', { name: 'PDF' }).waitFor();
    for (const label of ['Edit', 'PDF', 'Chat', 'Confirm']) await toolbar.getByText(label, { exact: true }).waitFor({ state: 'visible' });
    const widths = await toolbar
      .locator('.action-button__label')
      .evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect().width));
    expect(Math.min(...widths)).toBeGreaterThan(1);
  });

  it('shows every time in the dealer’s time zone, with its label', async () => {
    const page = await adminPage('/dashboard?username=applicant');
    const row = page.getByRole('row', { name: /Mary Major|Mary Minor/ });
    await row.waitFor();
    expect(await row.textContent()).toMatch(/Registered\s*[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s?[AP]M M[SD]T/);
    const application = await adminPage(`/dashboard/users/${applicantUserId}`);
    const history = application.getByRole('region', { name: 'History' });
    await history.getByText('Application submitted').waitFor();
    expect(await history.locator('time').first().textContent()).toMatch(/M[SD]T$/);
  });

  it('creates, edits and deletes a FAQ, and the home page follows', async () => {
    const page = await adminPage('/dashboard/faqs');
    await page.getByRole('heading', { name: 'FAQ', exact: true }).waitFor();
    await noViolations(page);
    await page.getByRole('button', { name: 'New FAQ' }).click();
    const dialog = page.getByRole('dialog', { name: 'New FAQ' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Question is required.').waitFor();
    await noViolations(page);
    await dialog.getByLabel('Question').fill('Can I trade in my old car?');
    await dialog.getByLabel('Answer').fill('Yes, we value trade-ins on the spot.');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The new FAQ is at the top of the list.
    await page.getByRole('row').nth(1).getByText('Can I trade in my old car?').waitFor();

    const home = await newPage();
    await home.goto(`${suite.server.baseUrl}/`);
    await home.getByText('Can I trade in my old car?').waitFor();

    await page.getByRole('button', { name: 'Actions for Can I trade in my old car?' }).click();
    await page.getByRole('group', { name: 'Actions for Can I trade in my old car?' }).getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit FAQ' }).getByLabel('Question').fill('Do you take trade-ins?');
    await page.getByRole('dialog', { name: 'Edit FAQ' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('row', { name: /Do you take trade-ins/ }).waitFor();
    await home.reload();
    await home.getByText('Do you take trade-ins?').waitFor();

    await page.getByRole('button', { name: 'Actions for Do you take trade-ins?' }).click();
    await page.getByRole('group', { name: 'Actions for Do you take trade-ins?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this FAQ?' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('row', { name: /Do you take trade-ins/ }).waitFor({ state: 'detached' });
    await home.reload();
    await home.getByRole('heading', { level: 1 }).first().waitFor();
    await home.waitForLoadState('networkidle');
    expect(await home.getByText('Do you take trade-ins?').count()).toBe(0);
  });

  it('shows the metrics table and chart, loading the chart library only there, and links the overdue count to the users list', async () => {
    const page = await adminPage('/dashboard');
    await page.getByRole('row', { name: /Mary/ }).waitFor();
    const chartChunkLoaded = () =>
      page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /daily-chart-[^/]*\.js$/.test(entry.name)));
    expect(await chartChunkLoaded()).toBe(false);
    await page.getByRole('link', { name: 'Metrics' }).click();
    await page.getByRole('heading', { name: 'Metrics', exact: true }).waitFor();
    await page.getByRole('row', { name: /Total Users/ }).waitFor();
    await page.getByTestId('daily-chart').locator('canvas').waitFor();
    expect(await chartChunkLoaded()).toBe(true);
    // Before any hover the legend already shows the latest day's figures.
    const legend = await page.getByTestId('daily-chart').locator('.u-legend .u-value').allTextContents();
    expect(legend).toHaveLength(4);
    expect(legend.filter((value) => value.trim() === '--' || value.trim() === '')).toEqual([]);
    await noViolations(page);
    await page.getByRole('link', { name: 'Show these applicants' }).click();
    await page.waitForURL(/regBOverdue=true/);
    expect(await page.getByRole('checkbox', { name: /Only decisions overdue/ }).isChecked()).toBe(true);
    await page.getByText('No users match these filters.').waitFor();
  });

  it('keeps every dashboard tab reachable on a 360 px phone, the tab row scrolling inside the screen', async () => {
    const page = await adminPage('/dashboard', PHONE);
    const tabs = page.getByRole('navigation', { name: 'Dashboard sections' });
    await tabs.getByRole('link', { name: 'Users' }).waitFor();
    const row = await tabs.evaluate((nav) => ({ right: nav.getBoundingClientRect().right, page: document.documentElement.scrollWidth }));
    expect(row.right).toBeLessThanOrEqual(PHONE.width);
    expect(row.page).toBeLessThanOrEqual(PHONE.width);
    for (const [name, path] of [
      ['Security', '/dashboard/security'],
      ['Metrics', '/dashboard/metrics'],
      ['Inventory', '/dashboard/inventory'],
      ['FAQ', '/dashboard/faqs'],
      ['Users', '/dashboard'],
    ] as const) {
      const tab = tabs.getByRole('link', { name, exact: true });
      await tab.click();
      await page.waitForURL((url) => url.pathname === path);
      await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
      // The current tab is wholly on screen.
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
  });

  it('asks before signing out everywhere, then says on the staff sign-in page that it worked', async () => {
    const page = await adminPage('/dashboard/security');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out everywhere?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(async () => (await fetch('/api/users')).status)).toBe(200);

    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'You were signed out on every device.' }).waitFor();
    // Staff data asked for once signed out, to show that it is refused.
    suite.allowNoise(failedRequest(401, '/api/users'));
    expect(await page.evaluate(async () => (await fetch('/api/users')).status)).toBe(401);
  });

  it('signs out in one click', async () => {
    const page = await adminPage('/dashboard');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/`);
    await page.goto(`${suite.server.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
  });
});
