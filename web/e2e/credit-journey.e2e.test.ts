import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSuite } from './browser-suite.ts';
import {
  axeViolations,
  registerTelegramUser,
  reportMissingChromium,
  signInStaff,
  submitApplicationAs,
  type TelegramUser,
} from './harness.ts';

/**
 * The staff side of the credit journey (docs/product.md#adverse-action-notices) in real Chromium
 * against `npm start`: an admin works a submitted lead and rejects it, and the rejection's notice
 * shows on the page as Regulation B wants it recorded. Staff sign in as in
 * web/e2e/dashboard.e2e.test.ts, through the Telegram Login Widget endpoint (signInStaff in
 * web/e2e/harness.ts).
 */

const missing = reportMissingChromium('credit journey (web/e2e/credit-journey.e2e.test.ts)');

const ADMIN_TELEGRAM_ID = 720_000_001;
const APPLICANT: TelegramUser = { id: 720_000_002, first_name: 'Mary', last_name: 'Major', username: 'mary_credit', language_code: 'en' };
const WAIT_MS = 15_000;

describe.skipIf(missing)('the credit journey in a real browser', () => {
  // The passkey step in front of staff screens is web/e2e/passkeys.e2e.test.ts's subject.
  const suite = useBrowserSuite({
    ADMIN_TELEGRAM_IDS: String(ADMIN_TELEGRAM_ID),
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_STRICT_MAX: '1000',
    STAFF_MFA: 'off',
  });
  let applicantUserId = 0;

  beforeAll(async () => {
    applicantUserId = await registerTelegramUser(suite.server.baseUrl, APPLICANT);
    await submitApplicationAs(suite.server.baseUrl, APPLICANT, applicantUserId);
  });

  /** A fresh browser signed in as the admin, on `path`. */
  async function adminPage(path: string): Promise<Page> {
    const context = await suite.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', acceptDownloads: true });
    context.setDefaultTimeout(WAIT_MS);
    return signInStaff(
      await context.newPage(),
      suite.server.baseUrl,
      { id: ADMIN_TELEGRAM_ID, first_name: 'Ada', last_name: 'Staff' },
      path,
    );
  }

  it('a staff member takes a lead, adds a note, rejects it with two reasons, and the notice appears in the history', async () => {
    const page = await adminPage(`/dashboard/users/${applicantUserId}`);
    await page.getByRole('heading', { name: /^Application #\d+$/ }).waitFor();

    await page.getByText('Nobody has taken this lead yet.').waitFor();
    await page.getByRole('button', { name: 'Take it' }).click();
    await page.getByText('Assigned to Ada Staff').waitFor();

    await page.getByText('Waiting for first contact').waitFor();
    const notes = page.getByRole('region', { name: 'Notes' });
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByLabel('New note').fill('Called Mary about her income documents.');
    await notes.getByLabel('I contacted the applicant').check();
    await notes.getByRole('button', { name: 'Save note' }).click();
    await notes.getByText('Called Mary about her income documents.').waitFor();
    await notes.getByText(/Contacted the applicant/).waitFor();
    await page.getByText(/^First response after /).waitFor();

    await page.getByLabel('Status').selectOption('rejected');
    await page.getByRole('button', { name: 'Change status…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject the application?' });
    await dialog.getByRole('checkbox', { name: 'Unable to verify income' }).check();
    await dialog.getByRole('checkbox', { name: 'Length of employment' }).check();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reject and send the notice' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByText(/^Notice sent on .+ \(Regulation B deadline .+\)\.$/).waitFor();
    await page.getByRole('button', { name: 'Download notice (PDF)' }).waitFor();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Adverse-action notice issued: Unable to verify income; Length of employment').waitFor();
    await history.getByText('Status changed from In Review to Rejected').waitFor();
    await history.getByText('Note added: contacted the applicant').waitFor();
    await history.getByText('Took the lead').waitFor();
  });

  it("downloads the rejection's notice as adverse-action-notice-{id}.pdf, and the history records it", async () => {
    const page = await adminPage(`/dashboard/users/${applicantUserId}`);
    const heading = await page.getByRole('heading', { name: /^Application #\d+$/ }).textContent();
    const id = heading?.replace(/\D/g, '');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Download notice (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`adverse-action-notice-${id}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.reload();
    await page.getByRole('region', { name: 'History' }).getByText('Adverse-action notice downloaded').waitFor();
  });
});
