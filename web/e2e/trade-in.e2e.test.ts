import type { Page, Response } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DealQuoteRequest } from '../../domain/contracts/deals.ts';
import type { PricedDeal } from '../../domain/deals/deal-quote.schema.ts';
import type { Language } from '../../domain/enums.ts';
import { buildVin } from '../../domain/vin.ts';
import { loadCatalogues, type Catalogues } from '../../server/src/i18n/catalogues.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { cents, firstNewCar, settledPayment, WAIT_MS } from './deal-journey.ts';
import { axeViolations, reportMissingChromium, signInStaff } from './harness.ts';

/**
 * A trade-in from the phone (docs/product/trade-ins.md) in real Chromium against the production
 * build: a web shopper on a phone describes their car with four photos and asks for an offer; staff
 * appraise it in the dashboard and send an offer; the shopper accepts it, and the car page's deal
 * then carries it as its trade, its payment lower by the equity. Every new screen is checked by axe.
 * In English and in Spanish for the shopper, each step found by its words in that language; the
 * dashboard in English.
 */

const missing = reportMissingChromium('trade-ins (web/e2e/trade-in.e2e.test.ts)');

const ADMIN_TELEGRAM_ID = 730_000_003;
const PHONE = { width: 390, height: 844 };
const OFFER_DOLLARS = 12_000;
const PAYOFF_DOLLARS = 4_000;
const PHOTO_ANGLES = ['front', 'rear', 'left', 'right'] as const;

/** The condition questions, each answered with the answer a careful owner gives. */
const ANSWERS: ReadonlyArray<[question: string, answer: string]> = [
  ['Has it been in an accident?', 'None'],
  ['Are any warning lights on?', 'None are on'],
  ['Has anyone smoked in it?', 'Never smoked in'],
  ['How many keys do you have?', 'Two or more'],
  ['How are the tires?', 'Good'],
  ['Any paint or body damage?', 'None'],
  ['Any mechanical problems?', 'No problems'],
  ['Any aftermarket modifications?', 'Not modified'],
];

/** A photo of one colour per angle, so each upload is a different picture. */
const photoOf = async (index: number) => ({
  name: `car-${index}.jpg`,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40 * index, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer(),
});

/** The quotes the car page asked for, with what it sent; the last one is what the page shows once settled. */
function recordQuotes(page: Page): Array<{ request: DealQuoteRequest; answer: Promise<PricedDeal> }> {
  const quotes: Array<{ request: DealQuoteRequest; answer: Promise<PricedDeal> }> = [];
  page.on('response', (response: Response) => {
    if (!response.url().endsWith('/api/deals/quote') || response.status() !== 200) return;
    quotes.push({ request: response.request().postDataJSON() as DealQuoteRequest, answer: response.json() as Promise<PricedDeal> });
  });
  return quotes;
}

describe.skipIf(missing)('a trade-in appraised from the phone, in a real browser', () => {
  const suite = useBrowserSuite({
    ADMIN_TELEGRAM_IDS: String(ADMIN_TELEGRAM_ID),
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_STRICT_MAX: '1000',
    STAFF_MFA: 'off',
  });

  let catalogues: Catalogues;
  beforeAll(async () => {
    catalogues = await loadCatalogues();
  });

  /** The car page's finance deal, settled: its payment as shown and the quote it shows. */
  async function financeDeal(page: Page, carId: string, t: (id: string) => string) {
    const quotes = recordQuotes(page);
    await page.goto(`${suite.server.baseUrl}/cars/${carId}`);
    const builder = page.getByRole('region', { name: t('Your deal'), exact: true });
    await builder.getByRole('radio', { name: t('Finance') }).check();
    await builder.getByRole('textbox', { name: t('ZIP code') }).fill('75201');
    await builder.getByRole('combobox', { name: t('Your credit') }).selectOption('good');
    const payment = await settledPayment(builder, t);
    const last = quotes.at(-1)!;
    return { builder, payment, request: last.request, quote: (await last.answer).quote };
  }

  it.each<Language>(['en', 'es'])(
    'in %s, a shopper describes their car with four photos, staff offer, the shopper accepts, and the deal takes the equity',
    async (lang) => {
      const t = (id: string) => catalogues.translate(lang, id);
      const context = await suite.newContext({ viewport: PHONE, reducedMotion: 'reduce', locale: lang === 'es' ? 'es-MX' : 'en-US' });
      context.setDefaultTimeout(WAIT_MS);
      const page = await context.newPage();
      await page.goto(`${suite.server.baseUrl}/`);
      const car = await firstNewCar(page);
      const before = await financeDeal(page, car.uuid, t);

      // The shopper describes the car: the VIN gives its year and make, the rest is typed and answered.
      await page.goto(`${suite.server.baseUrl}/trade-in`);
      await page.getByRole('heading', { level: 1, name: t('Value your trade') }).waitFor();
      await page.getByRole('textbox', { name: t('VIN') }).fill(buildVin('2HG', 'FC2F8', 2019, 'H', lang === 'en' ? 100_001 : 100_002));
      await expect.poll(() => page.getByRole('textbox', { name: t('Brand') }).inputValue()).toBe('Honda');
      expect(await page.getByRole('textbox', { name: t('Year') }).inputValue()).toBe('2019');
      await page.getByRole('textbox', { name: t('Model') }).fill('Civic');
      await page.getByRole('textbox', { name: t('Mileage') }).fill('64000');
      for (const [question, answer] of ANSWERS) {
        await page
          .getByRole('group', { name: t(question), exact: true })
          .getByRole('radio', { name: t(answer), exact: true })
          .check();
      }
      await page
        .getByRole('group', { name: t('Is the car paid off?'), exact: true })
        .getByRole('radio', { name: t('Financed'), exact: true })
        .check();
      await page.getByRole('textbox', { name: t('Bank or lender') }).fill('First Credit Union');
      await page.getByRole('textbox', { name: t('Loan payoff amount, $') }).fill(String(PAYOFF_DOLLARS));
      for (const [index, angle] of PHOTO_ANGLES.entries()) {
        await page.locator(`#tradein-photo-${angle}`).setInputFiles(await photoOf(index));
        await expect.poll(() => page.getByRole('button', { name: t('Delete photo') }).count()).toBe(index + 1);
      }
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: t('Ask for an offer') }).click();
      await page.getByText(t('We are looking at your car. You will hear from us with an offer soon.')).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // Staff find it first in the queue, see the four photos and the payoff, and send an offer.
      const staffContext = await suite.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', locale: 'en-US' });
      staffContext.setDefaultTimeout(WAIT_MS);
      const staff = await signInStaff(
        await staffContext.newPage(),
        suite.server.baseUrl,
        { id: ADMIN_TELEGRAM_ID, first_name: 'Ada', last_name: 'Staff' },
        '/dashboard/trade-ins',
      );
      await staff.getByRole('heading', { level: 2, name: 'Trade-ins' }).waitFor();
      expect(await axeViolations(staff)).toEqual([]);
      await staff.getByRole('link', { name: '2019 Honda Civic' }).first().click();
      await staff.getByText('First Credit Union').waitFor();
      await expect.poll(() => staff.locator('img[src^="blob:"]').count()).toBeGreaterThanOrEqual(PHOTO_ANGLES.length);
      const offers = staff.getByRole('region', { name: 'Offers', exact: true });
      await offers.getByRole('button', { name: 'Send an offer' }).click();
      const form = staff.getByRole('form', { name: 'Send an offer' });
      await form.getByLabel('Offer, $').fill(String(OFFER_DOLLARS));
      expect(await axeViolations(staff)).toEqual([]);
      await form.getByRole('button', { name: 'Send the offer' }).click();
      await staff.getByText('Offer sent. The owner is told at once.').waitFor();

      // The shopper accepts it on the phone.
      await page.reload();
      await page.getByRole('button', { name: t('Accept offer') }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: t('Accept offer') }).click();
      await page.getByRole('link', { name: t('Browse cars') }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // The car page's deal now carries the offer as its trade, and the payment falls with the equity.
      const after = await financeDeal(page, car.uuid, t);
      await after.builder.getByText('Civic').first().waitFor();
      expect(after.request.deal.trade).toEqual({ allowanceCents: OFFER_DOLLARS * 100, payoffCents: PAYOFF_DOLLARS * 100 });
      expect({ ...after.request.deal, trade: null }).toEqual(before.request.deal);
      expect(after.quote.type).toBe('finance');
      expect(before.quote.type).toBe('finance');
      if (after.quote.type !== 'finance' || before.quote.type !== 'finance') return;
      expect(cents(after.payment)).toBe(after.quote.paymentCents);
      expect(before.quote.amountFinancedCents - after.quote.amountFinancedCents).toBeGreaterThanOrEqual(
        (OFFER_DOLLARS - PAYOFF_DOLLARS) * 100,
      );
      expect(cents(after.payment)).toBeLessThan(cents(before.payment));
      expect(await axeViolations(page)).toEqual([]);
    },
    240_000,
  );
});
