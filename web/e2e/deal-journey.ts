import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import type { Language } from '../../domain/enums.ts';
import { housingInput, incomeInput, personalInput } from '../../domain/test-fixtures.ts';
import type { BrowserSuite } from './browser-suite.ts';

/** What the deal suites share: a shopper's phone part-way through the wizard, and how a payment is read. */

const PHONE = { width: 390, height: 844 };
export const WAIT_MS = 15_000;

/** A payment as written in any of the languages, in cents, to compare what two screens say. */
export const cents = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));

/** A licence photo to upload on the wizard's last step. */
export async function licencePhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const buffer = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#2f6db5' } })
    .png()
    .toBuffer();
  return { name: 'licence.png', mimeType: 'image/png', buffer };
}

/** A shopper's phone in `lang`, with the first three steps already answered in this tab. */
export async function shopperPhone(suite: BrowserSuite, lang: Language): Promise<Page> {
  const context = await suite.newContext({ viewport: PHONE, reducedMotion: 'reduce', locale: lang === 'es' ? 'es-MX' : 'en-US' });
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  await page.goto(`${suite.server.baseUrl}/`);
  await page.evaluate((draft) => sessionStorage.setItem('applicationDraft', JSON.stringify(draft)), {
    carId: '',
    personal: personalInput(),
    housing: housingInput(),
    income: incomeInput(),
    driverLicense: { front: '', back: '' },
  });
  return page;
}

/** The first new car of the catalogue (it has an MSRP, so it can be leased) and its price in dollars. */
export const firstNewCar = (page: Page) =>
  page.evaluate(
    async () => ((await (await fetch('/api/cars?condition=new')).json()) as { items: Array<{ uuid: string; price: number }> }).items[0]!,
  );

/** The payment once the quote for what is on screen has come (no "Updating..." left). */
export async function settledPayment(region: Locator, t: (id: string) => string): Promise<string> {
  const payment = region.getByRole('status', { name: t('Monthly payment') });
  await payment.waitFor();
  await region.getByText(t('Updating...')).waitFor({ state: 'hidden' });
  return (await payment.textContent()) ?? '';
}
