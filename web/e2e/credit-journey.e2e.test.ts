import type { Locator, Page } from 'playwright-core';
import { ADVERSE_ACTION_REASONS, adverseActionReasonLabels } from '../../domain/adverse-action.ts';
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
 * The staff side of the credit journey (docs/product/notices.md#adverse-action-notices) in real Chromium
 * against `npm start`: an admin works a submitted lead and rejects it, and the rejection's notice
 * shows on the page as Regulation B wants it recorded. Staff sign in as in
 * web/e2e/dashboard.e2e.test.ts, through the Telegram Login Widget endpoint (signInStaff in
 * web/e2e/harness.ts).
 */

const missing = reportMissingChromium('credit journey (web/e2e/credit-journey.e2e.test.ts)');

const ADMIN_TELEGRAM_ID = 720_000_001;
const APPLICANT: TelegramUser = { id: 720_000_002, first_name: 'Mary', last_name: 'Major', username: 'mary_credit', language_code: 'en' };
/** A second applicant whose application stays in review: the dialog's layout is looked at, never confirmed. */
const PHONE_APPLICANT: TelegramUser = { id: 720_000_003, first_name: 'Paul', last_name: 'Phone', language_code: 'en' };
const REASON_LABELS = ADVERSE_ACTION_REASONS.map((reason) => adverseActionReasonLabels[reason]);
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
  let phoneApplicantUserId = 0;

  beforeAll(async () => {
    applicantUserId = await registerTelegramUser(suite.server.baseUrl, APPLICANT);
    await submitApplicationAs(suite.server.baseUrl, APPLICANT, applicantUserId);
    phoneApplicantUserId = await registerTelegramUser(suite.server.baseUrl, PHONE_APPLICANT);
    await submitApplicationAs(suite.server.baseUrl, PHONE_APPLICANT, phoneApplicantUserId);
  });

  /** A fresh browser signed in as the admin, on `path`, in a window `width` pixels wide. */
  async function adminPage(path: string, width = 1280): Promise<Page> {
    const context = await suite.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce', acceptDownloads: true });
    context.setDefaultTimeout(WAIT_MS);
    return signInStaff(
      await context.newPage(),
      suite.server.baseUrl,
      { id: ADMIN_TELEGRAM_ID, first_name: 'Ada', last_name: 'Staff' },
      path,
    );
  }

  /** The rejection dialog of the phone applicant's application, opened in a phone-wide window (360 px). */
  async function rejectionDialogOnAPhone(): Promise<{ page: Page; dialog: Locator }> {
    const page = await adminPage(`/dashboard/users/${phoneApplicantUserId}`, 360);
    await page.getByRole('heading', { name: /^Application #\d+$/ }).waitFor();
    await page.getByLabel('Status').selectOption('rejected');
    await page.getByRole('button', { name: 'Change status…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject the application?' });
    await dialog.waitFor();
    return { page, dialog };
  }
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error('not laid out');
    return found;
  };
  /** The label that holds a reason's checkbox. */
  const labelOf = (checkbox: Locator) => checkbox.locator('xpath=ancestor::label[1]');

  it('on a 360 px phone each reason has its own line, its checkbox inside its own label', async () => {
    const { dialog } = await rejectionDialogOnAPhone();
    let previousBottom = -Infinity;
    for (const label of REASON_LABELS) {
      const checkbox = dialog.getByRole('checkbox', { name: label, exact: true });
      const [boxOfCheckbox, boxOfLabel] = [await box(checkbox), await box(labelOf(checkbox))];
      expect(await labelOf(checkbox).textContent()).toBe(label);
      // Within its own label's box, top to bottom, so it can be read as that reason's box only.
      expect(boxOfCheckbox.y, label).toBeGreaterThanOrEqual(boxOfLabel.y);
      expect(boxOfCheckbox.y + boxOfCheckbox.height, label).toBeLessThanOrEqual(boxOfLabel.y + boxOfLabel.height);
      // Below the whole of the reason before it: no box shares a line with another reason's text.
      expect(boxOfLabel.y, label).toBeGreaterThanOrEqual(previousBottom);
      expect(boxOfCheckbox.x, label).toBeLessThanOrEqual(boxOfLabel.x + 8);
      previousBottom = boxOfLabel.y + boxOfLabel.height;
    }
  });

  it('on a 360 px phone clicking a reason’s words ticks its own checkbox and no other', async () => {
    const { dialog } = await rejectionDialogOnAPhone();
    const checked = () => Promise.all(REASON_LABELS.map((label) => dialog.getByRole('checkbox', { name: label, exact: true }).isChecked()));
    for (const [index, label] of REASON_LABELS.entries()) {
      await dialog.getByText(label, { exact: true }).click();
      expect(await checked(), label).toEqual(REASON_LABELS.map((_, other) => other === index));
      await dialog.getByText(label, { exact: true }).click();
      expect(await checked(), label).toEqual(REASON_LABELS.map(() => false));
    }
  });

  it('on a 360 px phone Tab reaches each reason in turn, Space ticks it, and the focus shows', async () => {
    const { page, dialog } = await rejectionDialogOnAPhone();
    // The modal puts focus on its first control, the first reason; a key moves it, so Tab out and back.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    for (const [index, label] of REASON_LABELS.entries()) {
      if (index > 0) await page.keyboard.press('Tab');
      const checkbox = dialog.getByRole('checkbox', { name: label, exact: true });
      expect(await checkbox.evaluate((element) => element === document.activeElement), label).toBe(true);
      expect(
        await checkbox.evaluate((element) => element.matches(':focus-visible') && getComputedStyle(element).outlineStyle !== 'none'),
        label,
      ).toBe(true);
      await page.keyboard.press('Space');
      expect(await checkbox.isChecked(), label).toBe(true);
      await page.keyboard.press('Space');
      expect(await checkbox.isChecked(), label).toBe(false);
    }
  });

  it('a staff member takes a lead, adds a note, rejects it with two reasons and the credit score used, and the notice appears in the history', async () => {
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
    await dialog.getByRole('checkbox', { name: 'Credit report used' }).check();
    await dialog.getByLabel('Consumer reporting agency').selectOption({ label: 'Experian' });
    await dialog.getByText('P.O. Box 2002, Allen, TX 75013 · 1-888-397-3742').waitFor();
    await dialog.getByRole('checkbox', { name: 'Credit score used' }).check();
    await dialog.getByLabel('Credit score', { exact: true }).fill('587');
    await dialog.getByLabel('Lowest possible score').fill('300');
    await dialog.getByLabel('Highest possible score').fill('850');
    await dialog.getByLabel('Date the score was created').fill('2026-11-02');
    await dialog.getByLabel(/^Key factors that adversely affected the score/).fill('Serious delinquency\nNumber of recent inquiries');
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
