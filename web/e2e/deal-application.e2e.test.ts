import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { exampleDealSettings } from '../../domain/deals/deal-settings.ts';
import type { Language } from '../../domain/enums.ts';
import { loadCatalogues, type Catalogues } from '../../server/src/i18n/catalogues.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { cents, firstNewCar, licencePhoto, settledPayment, shopperPhone, WAIT_MS } from './deal-journey.ts';
import { axeViolations, reportMissingChromium, signInStaff } from './harness.ts';

/**
 * The deal from the car page to the staff's screen (docs/product/deal-builder.md#the-deal-in-the-application)
 * in real Chromium against the production build: on a phone, a shopper builds a lease with a
 * protection product, reloads, applies with it, sees it on the review (checked by axe) and on their
 * status; a staff member sees the same payment on the application page. In English and in Spanish,
 * each step found by its words in that language.
 */

const missing = reportMissingChromium('deal in the application (web/e2e/deal-application.e2e.test.ts)');

const ADMIN_TELEGRAM_ID = 730_000_001;
/** The seeded GAP product, named as the shopper reads it. */
const GAP = exampleDealSettings('TX').products.find((product) => product.id === 'gap')!;

/** `text` as a regular expression that matches it whole. */
const whole = (text: string) => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}$`);

/** The label of a line of a list of figures (a <dt>), by its whole text. */
const term = (scope: Locator, text: string) => scope.locator('dt').filter({ hasText: whole(text) });

describe.skipIf(missing)('the deal in the application, in a real browser', () => {
  const suite = useBrowserSuite({
    ADMIN_TELEGRAM_IDS: String(ADMIN_TELEGRAM_ID),
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_STRICT_MAX: '1000',
    STAFF_MFA: 'off',
  });

  let catalogues: Catalogues;
  let photo: Awaited<ReturnType<typeof licencePhoto>>;
  beforeAll(async () => {
    catalogues = await loadCatalogues();
    photo = await licencePhoto();
  });

  it.each<Language>(['en', 'es'])(
    'in %s, a lease with GAP built on the car page survives a reload, is applied with, and staff see the same payment',
    async (lang) => {
      const t = (id: string) => catalogues.translate(lang, id);
      const page = await shopperPhone(suite, lang);
      const carId = (await firstNewCar(page)).uuid;

      // The car page: a lease, the ZIP, the credit tier and GAP.
      await page.goto(`${suite.server.baseUrl}/cars/${carId}`);
      const builder = page.getByRole('region', { name: t('Your deal'), exact: true });
      await builder.getByRole('radio', { name: t('Lease') }).check();
      await builder.getByRole('textbox', { name: t('ZIP code') }).fill('75201');
      await builder.getByRole('combobox', { name: t('Your credit') }).selectOption('good');
      await builder.getByRole('checkbox', { name: new RegExp(`^${GAP.name[lang]}`) }).check();
      await term(builder, GAP.name[lang]).waitFor();
      const payment = await settledPayment(builder, t);
      expect(cents(payment)).toBeGreaterThan(0);

      // A reload shows the same deal.
      await page.reload();
      // Waited for, not read once: the page may still be hydrating when the locators first resolve.
      await builder.getByRole('radio', { name: t('Lease'), checked: true }).waitFor();
      await builder.getByRole('checkbox', { name: new RegExp(`^${GAP.name[lang]}`), checked: true }).waitFor();
      expect(await settledPayment(builder, t)).toBe(payment);

      // Applying with it: the wizard keeps it while the licence photos are added.
      await builder.getByRole('link', { name: t('Apply with this deal') }).click();
      await page.getByRole('heading', { level: 1, name: t('Car loan application'), exact: true }).waitFor();
      await page.goto(`${suite.server.baseUrl}/application/license`);
      await page.locator('#field-front').setInputFiles(photo);
      await page.locator('#field-back-gallery').setInputFiles(photo);
      for (const side of ['Front of license', 'Back of license']) {
        await page
          .getByRole('group', { name: t(side), exact: true })
          .getByText(t('Photo uploaded'))
          .waitFor();
      }
      await page.getByRole('button', { name: t('Next'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t('Review Your Application'), exact: true }).waitFor();

      const review = page.getByRole('region', { name: t('Your deal'), exact: true });
      expect(await settledPayment(review, t)).toBe(payment);
      await review.getByText(t('Lease'), { exact: true }).waitFor();
      await term(review, GAP.name[lang]).waitFor();
      await review.getByRole('link', { name: t('Change the deal') }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const required = page.locator('input[type="checkbox"][aria-required="true"]');
      for (let i = 0; i < (await required.count()); i += 1) await required.nth(i).check();
      await page.getByRole('button', { name: t('Submit Application') }).click();
      // Exactly: "Review Your Application" holds these words too.
      await page.getByRole('heading', { level: 1, name: t('Your application'), exact: true }).waitFor();

      // The applicant's status shows the deal they applied with.
      const applied = page.getByRole('region', { name: t('Your deal'), exact: true });
      await applied.getByText(t('Lease'), { exact: true }).waitFor();
      expect(cents(await term(applied, t('Monthly payment')).locator('xpath=following-sibling::dd').textContent())).toBe(cents(payment));

      // A staff member sees the same payment on the application page.
      const userId = await page.evaluate(async () => ((await (await fetch('/api/me')).json()) as { user: { id: number } }).user.id);
      const staffContext = await suite.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', locale: 'en-US' });
      staffContext.setDefaultTimeout(WAIT_MS);
      const staff = await signInStaff(
        await staffContext.newPage(),
        suite.server.baseUrl,
        { id: ADMIN_TELEGRAM_ID, first_name: 'Ada', last_name: 'Staff' },
        `/dashboard/users/${userId}`,
      );
      const deal = staff.getByRole('region', { name: 'Deal', exact: true });
      await deal.getByText('Lease', { exact: true }).waitFor();
      expect(cents(await deal.getByRole('status', { name: 'Monthly payment' }).textContent())).toBe(cents(payment));
      await term(deal, GAP.name.en).waitFor();
    },
    180_000,
  );
});
