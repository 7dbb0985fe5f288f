import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { InventoryCar } from '../../domain/contracts/inventory.ts';
import type { CarWrite } from '../../domain/inventory.schema.ts';
import { buildVin, vinMessages } from '../../domain/vin.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { axeViolations, reportMissingChromium, signInStaff } from './harness.ts';

/**
 * The dashboard's Inventory tab (docs/product/inventory.md#inventory) in real Chromium against `npm start`:
 * staff add a car with its photos and publish it, and a visitor finds it with the cover they chose;
 * a sold car's page says so and offers similar cars; a stock file goes through its dry run and its
 * commit. axe on every inventory screen at a phone's width and a desktop's.
 */

const missing = reportMissingChromium('inventory (web/e2e/inventory.e2e.test.ts)');

const ADMIN_TELEGRAM_ID = 720_000_001;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 780 };
const WAIT_MS = 15_000;

/** Each test's cars carry their own make, so the catalogue and the staff list show only that test's cars when filtered by it. */
let serial = 0;
const uniqueMake = (name: string) => `${name}${Date.now().toString(36).toUpperCase()}`;
const vinOf = (year: number) => buildVin('1HG', 'CV1F3', year, 'A', 700_000 + ++serial);
const stockOf = () => `E2E-${Date.now().toString(36).toUpperCase().slice(-6)}${++serial}`;

/** A plain photo of one colour, `width` × 3/4 of it, as a JPEG or a PNG file. */
async function photoFile(name: string, colour: string, format: 'jpeg' | 'png') {
  const image = sharp({ create: { width: 1600, height: 1200, channels: 3, background: colour } });
  const buffer = format === 'jpeg' ? await image.jpeg({ quality: 90 }).toBuffer() : await image.png().toBuffer();
  return { name, mimeType: `image/${format}`, buffer };
}

describe.skipIf(missing)('the inventory in a real browser', () => {
  const suite = useBrowserSuite({
    ADMIN_TELEGRAM_IDS: String(ADMIN_TELEGRAM_ID),
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_STRICT_MAX: '1000',
    // The passkey step is web/e2e/passkeys.e2e.test.ts's subject; these screens hold no personal data.
    STAFF_MFA: 'off',
  });

  async function newPage(viewport = DESKTOP): Promise<Page> {
    const context = await suite.newContext({ viewport, reducedMotion: 'reduce' });
    context.setDefaultTimeout(WAIT_MS);
    return context.newPage();
  }

  /** A fresh browser signed in as the admin, on `path`. */
  const staffPage = async (path: string, viewport = DESKTOP) =>
    signInStaff(await newPage(viewport), suite.server.baseUrl, { id: ADMIN_TELEGRAM_ID, first_name: 'Ida', last_name: 'Stock' }, path);

  /** A car added through the staff API from the signed-in page (what the form sends), for tests about what follows. */
  async function addCarThroughApi(page: Page, car: Partial<CarWrite>): Promise<InventoryCar> {
    const year = car.year ?? 2019;
    const body = { vin: vinOf(year), stockNumber: stockOf(), year, condition: 'used', mileage: 30_000, ...car };
    const answer = await page.evaluate(async (json) => {
      const response = await fetch('/api/inventory', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    }, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as InventoryCar;
  }

  const photoIds = (page: Page) =>
    page.locator('.photo-list [data-photo-id]').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.photoId ?? ''));

  const noViolations = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

  it('lets staff add a car with three photos, choose its cover and publish it, and a visitor finds it with that cover', async () => {
    const make = uniqueMake('Aurelia');
    const page = await staffPage('/dashboard/inventory');
    await page.getByRole('heading', { level: 2, name: 'Inventory' }).waitFor();
    await page.getByRole('link', { name: 'Add car' }).click();
    await page.getByRole('heading', { level: 2, name: 'Add car' }).waitFor();

    // The VIN is checked as it is typed, and its 10th character fills the year.
    const vin = vinOf(2018);
    const vinInput = page.getByLabel('VIN', { exact: true });
    const vinCheck = page.locator('.vin-check');
    await vinInput.pressSequentially(vin.slice(0, 10));
    await expect.poll(() => vinCheck.textContent()).toBe('10 of 17 characters');
    const wrongDigit = vin.slice(0, 8) + (vin[8] === '0' ? '1' : '0') + vin.slice(9);
    await vinInput.fill(wrongDigit);
    await expect.poll(() => vinCheck.textContent()).toBe(vinMessages.checkDigit);
    await vinInput.fill(vin);
    await expect.poll(() => vinCheck.textContent()).toBe('The check digit matches.');
    expect(await page.getByLabel('Year', { exact: true }).inputValue()).toBe('2018');

    const stock = stockOf();
    await page.getByLabel('Stock number', { exact: true }).fill(stock);
    await page.getByLabel('Make', { exact: true }).fill(make);
    await page.getByLabel('Model', { exact: true }).fill('Coupe Grande');
    await page.getByLabel('Body style').selectOption('sedan');
    await page.getByLabel('Condition', { exact: true }).selectOption('used');
    await page.getByLabel('Price, $').fill('23500');
    await page.getByLabel('Mileage, mi').fill('41000');
    await page.getByRole('button', { name: 'Add car' }).click();

    // The car's page opens for its photos.
    const title = `2018 ${make} Coupe Grande`;
    await page.getByRole('heading', { level: 2, name: title }).waitFor();
    await page.getByRole('heading', { name: 'Photos (0)' }).waitFor();
    await page
      .locator('#car-photos-input')
      .setInputFiles([
        await photoFile('front.jpg', '#aa3333', 'jpeg'),
        await photoFile('side.png', '#33aa33', 'png'),
        await photoFile('back.jpg', '#3333aa', 'jpeg'),
      ]);
    await page.getByRole('heading', { name: 'Photos (3)' }).waitFor({ timeout: 60_000 });
    const [first, second, third] = await photoIds(page);

    // The third becomes the cover by its keyboard button.
    const items = page.getByRole('list', { name: 'Photos in order; the first is the cover' }).getByRole('listitem');
    await items.nth(2).getByRole('button', { name: 'Make cover' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Photo moved to first place: it is the cover now.' }).waitFor({ state: 'attached' });
    await expect.poll(() => photoIds(page)).toEqual([third, first, second]);
    await items.first().locator('.photo-item__cover').waitFor();
    await page.locator('.photo-list [aria-busy="true"]').first().waitFor({ state: 'detached' });
    const coverUrl = (await items.first().getByRole('img').getAttribute('src')) ?? '';
    const coverHash = /\/media\/photos\/([0-9a-f]{64})\.jpg$/.exec(coverUrl)?.[1];
    expect(coverHash).toBeDefined();

    // A reload shows the order the server kept.
    await page.reload();
    await page.getByRole('heading', { name: 'Photos (3)' }).waitFor();
    expect(await photoIds(page)).toEqual([third, first, second]);

    // Published: the car was a draft, hidden from visitors until now.
    await page.getByLabel('Listing state', { exact: true }).selectOption('available');
    await page.getByRole('button', { name: 'Save car' }).click();
    await page.getByText('Car saved.').waitFor();
    await page.locator('.car-page__summary').getByText('Available').waitFor();

    // A visitor, with no staff cookie, finds it in the catalogue with that cover, and opens it.
    const visitor = await newPage();
    await visitor.goto(`${suite.server.baseUrl}/cars?brand=${encodeURIComponent(make)}`);
    const card = visitor.locator('article.car-card__body').filter({ hasText: title });
    await card.waitFor();
    expect(await visitor.locator('article.car-card__body').count()).toBe(1);
    const picture = card.locator('img');
    const srcset = (await picture.getAttribute('srcset')) ?? '';
    expect(srcset).toContain(`/media/photos/${coverHash}.jpg 640w`);
    const webp = (await card.locator('source[type="image/webp"]').getAttribute('srcset')) ?? '';
    expect(webp).toMatch(/\/media\/photos\/[0-9a-f]{64}\.webp 320w/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await card.getByRole('link', { name: title }).click();
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(visitor.url()).pathname).toMatch(/^\/cars\/[0-9a-f-]{36}$/);
  });

  it('shows a car marked sold as sold on its public page, with similar cars for sale', async () => {
    const make = uniqueMake('Borealis');
    const page = await staffPage('/dashboard');
    const sold = await addCarThroughApi(page, {
      brand: make,
      model: 'Sedan One',
      bodyStyle: 'sedan',
      price: 21_000,
      listingState: 'available',
    });
    const alike = await addCarThroughApi(page, {
      brand: make,
      model: 'Sedan Two',
      bodyStyle: 'sedan',
      price: 22_000,
      listingState: 'available',
    });

    await page.goto(`${suite.server.baseUrl}/dashboard/inventory?brand=${encodeURIComponent(make)}`);
    const name = `2019 ${make} Sedan One (${sold.stockNumber})`;
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page
      .getByRole('group', { name: `Actions for ${name}` })
      .getByRole('button', { name: 'Mark as sold' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Mark this car as sold?' });
    await dialog.getByText('will leave the catalogue list. Its page stays and says it has been sold.').waitFor();
    await dialog.getByRole('button', { name: 'Mark as sold' }).click();
    await page.getByText('Listing state changed.').waitFor();
    await page
      .getByRole('row', { name: /Sedan One/ })
      .locator('.listing-state--sold')
      .waitFor();

    const visitor = await newPage();
    await visitor.goto(`${suite.server.baseUrl}/cars/${sold.uuid}`);
    await visitor.getByRole('heading', { level: 1, name: `2019 ${make} Sedan One` }).waitFor();
    await visitor.getByText('This car has been sold.').waitFor();
    const similar = visitor.getByRole('region', { name: 'Similar cars for sale' });
    await similar.getByRole('link', { name: `2019 ${make} Sedan Two` }).waitFor();
    expect(await similar.locator(`a[href="/cars/${alike.uuid}"]`).count()).toBeGreaterThan(0);
  });

  it('imports a stock file: the dry run lists each row by number, and the commit adds the cars to the list', async () => {
    const make = uniqueMake('Cassia');
    const page = await staffPage('/dashboard');
    const existing = await addCarThroughApi(page, { brand: make, model: 'Known', price: 18_000, listingState: 'available' });
    const [vinA, vinB] = [vinOf(2020), vinOf(2021)];
    const [stockA, stockB] = [stockOf(), stockOf()];
    const csv = [
      'VIN,Stock,Year,Make,Model,Type,Mileage,Price,State',
      `${vinA},${stockA},2020,${make},Alpha,used,12000,26000,available`,
      `${existing.vin},${existing.stockNumber},2019,${make},Known,used,30000,17500,available`,
      `1HGCV1F3XLA000000,${stockOf()},2020,${make},Broken,used,9000,30000,available`,
      `${vinB},${stockB},2021,${make},Beta,used,8000,31000,draft`,
    ].join('\n');

    await page.goto(`${suite.server.baseUrl}/dashboard/inventory/import`);
    await page.getByRole('heading', { level: 2, name: 'Import stock file' }).waitFor();
    await page.getByLabel('Stock file (CSV)').setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByRole('heading', { name: 'Dry run: nothing has been written yet' }).waitFor();

    const count = async (label: string) =>
      page
        .locator('.import-report__counts div')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd')
        .textContent();
    expect(await count('To create')).toBe('2');
    expect(await count('To update')).toBe('1');
    expect(await count('Refused')).toBe('1');
    const rows = page.getByRole('table').getByRole('row');
    const outcomeOf = async (row: number) =>
      (await rows
        .filter({ has: page.getByRole('rowheader', { name: String(row), exact: true }) })
        .locator('.import-outcome')
        .textContent()) ?? '';
    expect([await outcomeOf(2), await outcomeOf(3), await outcomeOf(4), await outcomeOf(5)]).toEqual([
      'Created',
      'Updated',
      'Refused',
      'Created',
    ]);
    await rows
      .filter({ has: page.getByRole('rowheader', { name: '4', exact: true }) })
      .getByText('VIN', { exact: false })
      .first()
      .waitFor();
    // Nothing is written by a dry run.
    const before = await page.evaluate(
      async (brand) => ((await (await fetch(`/api/inventory?brand=${encodeURIComponent(brand)}`)).json()) as { total: number }).total,
      make,
    );
    expect(before).toBe(1);

    await page.getByRole('button', { name: 'Commit' }).click();
    await page.getByRole('heading', { name: 'Import done' }).waitFor();
    await page.getByText('Stock file imported.').waitFor();
    expect(await count('Created')).toBe('2');

    await page.getByRole('link', { name: '← Back to the inventory' }).click();
    await page.getByLabel('Make', { exact: true }).fill(make);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('brand') === make);
    for (const car of [`2020 ${make} Alpha`, `2021 ${make} Beta`, `2019 ${make} Known`])
      await page.getByRole('link', { name: car, exact: true }).waitFor();
    await page
      .getByRole('row', { name: new RegExp(`${make} Known`) })
      .getByText('$17,500')
      .waitFor();
    expect(await page.getByRole('link', { name: `2020 ${make} Broken` }).count()).toBe(0);
  });

  it('keeps a 200-row dry run short on a phone: counts first, problems shown, unchanged rows one tap away', async () => {
    const make = uniqueMake('Juniper');
    const page = await staffPage('/dashboard', PHONE);
    const lines = Array.from(
      { length: 200 },
      (_, i) => `${vinOf(2020)},${stockOf()},2020,${make},Row${i},used,${10_000 + i},${20_000 + i}`,
    );
    const header = 'VIN,Stock,Year,Make,Model,Type,Mileage,Price';
    const committed = await page.evaluate(
      async (text) => {
        const form = new FormData();
        form.append('file', new Blob([text], { type: 'text/csv' }), 'stock.csv');
        return (await fetch('/api/inventory/import?mode=commit', { method: 'POST', body: form })).status;
      },
      [header, ...lines].join('\n'),
    );
    expect(committed).toBe(200);
    // The same feed a day later: one price changed, one VIN mistyped, the rest as they were.
    const changed = [...lines];
    changed[0] = changed[0]!.replace(/,20000$/, ',19500');
    changed[1] = changed[1]!.replace(/^.{17}/, '1HGCV1F3XLA000000');

    await page.goto(`${suite.server.baseUrl}/dashboard/inventory/import`);
    await page.getByLabel('Stock file (CSV)').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...changed].join('\n')),
    });
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByRole('heading', { name: 'Dry run: nothing has been written yet' }).waitFor();
    const report = page.locator('.import-report');
    expect((await report.boundingBox())!.height).toBeLessThan(2_500);
    await report.getByText('Refused', { exact: true }).first().waitFor();
    await report.getByText('VIN check digit', { exact: false }).first().waitFor();

    const unchanged = page.locator('.import-report__unchanged');
    expect(await unchanged.getByRole('row').first().isVisible()).toBe(false);
    await unchanged.getByText('Unchanged rows (198)').click();
    await unchanged.getByRole('rowheader', { name: '201', exact: true }).waitFor();
    expect(await unchanged.locator('tbody tr').count()).toBe(198);
  });

  describe.each([
    ['a 360 px phone', PHONE],
    ['a desktop', DESKTOP],
  ])('on %s, axe finds no serious violation', (_name, viewport) => {
    it('on the inventory list', async () => {
      const page = await staffPage('/dashboard/inventory', viewport);
      await page.getByRole('row').nth(1).waitFor();
      await noViolations(page);
    });

    it('on the new car page, with the VIN being checked and the error summary open', async () => {
      const page = await staffPage('/dashboard/inventory/new', viewport);
      await page.getByLabel('VIN', { exact: true }).fill('1HGCV1F3');
      await page.getByText('8 of 17 characters').waitFor();
      await noViolations(page);
      await page.getByRole('button', { name: 'Add car' }).click();
      await page.locator('.error-summary').waitFor();
      await noViolations(page);
    });

    it('on a car’s page with its photos', async () => {
      const page = await staffPage('/dashboard', viewport);
      const car = await addCarThroughApi(page, { brand: uniqueMake('Delphine'), model: 'Axe', price: 19_000 });
      await page.goto(`${suite.server.baseUrl}/dashboard/inventory/${car.uuid}`);
      await page
        .locator('#car-photos-input')
        .setInputFiles([await photoFile('one.jpg', '#777777', 'jpeg'), await photoFile('two.png', '#bbbbbb', 'png')]);
      await page.getByRole('heading', { name: 'Photos (2)' }).waitFor({ timeout: 60_000 });
      await page.getByText('Photo uploaded').first().waitFor();
      await noViolations(page);
      await page
        .getByRole('list', { name: 'Photos in order; the first is the cover' })
        .getByRole('button', { name: 'Delete' })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Delete this photo?' }).waitFor();
      await noViolations(page);
    });

    it('on the import page with a dry run’s report', async () => {
      const page = await staffPage('/dashboard/inventory/import', viewport);
      await page.getByRole('heading', { level: 2, name: 'Import stock file' }).waitFor();
      await noViolations(page);
      const csv = [
        'VIN,Stock,Year,Make,Model,Type,Mileage,Price',
        `${vinOf(2020)},${stockOf()},2020,Axe,Report,used,1000,20000`,
        'NOTAVIN,,1900,,,,,',
      ].join('\n');
      await page.getByLabel('Stock file (CSV)').setInputFiles({ name: 'stock.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Dry run' }).click();
      await page.getByRole('heading', { name: 'Dry run: nothing has been written yet' }).waitFor();
      await noViolations(page);
    });
  });
});
