import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { housingInput, incomeInput, personalInput } from '../../domain/test-fixtures.ts';
import { useBrowserSuite } from './browser-suite.ts';
import {
  axeViolations,
  DEFAULT_TELEGRAM_USER,
  emitTelegramEvent,
  failedRequest,
  lastTelegramCall,
  openTelegramPage,
  reportMissingChromium,
  type TelegramUser,
} from './harness.ts';

/**
 * The credit application wizard (docs/product/application-wizard.md#application-wizard) in real Chromium against the production build: a whole
 * application on a phone-sized page, save and resume (reload, another device), one application
 * for a double-click, the Telegram Main and Back buttons, the keyboard alone, axe on every step
 * and a wrong-type photo.
 */

const missing = reportMissingChromium('application wizard (web/e2e/application.e2e.test.ts)');

const PHONE = { width: 390, height: 844 };
/** Every wait is bounded: a step that does not appear within this fails the test quickly. */
const WAIT_MS = 8_000;

interface Photo {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const PERSONAL = {
  firstName: 'Mary Ann',
  lastName: "O'Brien",
  dateOfBirth: '01/31/1990',
  email: 'mary@example.com',
  phone: '(555) 123-4567',
  ssn: '123-45-6789',
  maritalStatus: 'Married',
};

const PREVIOUS_ADDRESS = { line1: '9 Oak Ave', city: 'Peoria', state: 'IL', postalCode: '61602' };
const PREVIOUS_JOB = {
  employerName: 'Globex',
  occupation: 'Clerk',
  years: '2',
  months: '6',
  line1: '5 Globex Rd',
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
};

const digits = (text: string) => text.replace(/\D/g, '');

describe.skipIf(missing)('the application wizard in a real browser', () => {
  // Every test applies from 127.0.0.1: the per-client limits would otherwise count them together.
  const suite = useBrowserSuite({ RATE_LIMIT_MAX: '100000', RATE_LIMIT_STRICT_MAX: '1000' });

  let front: Photo;
  let back: Photo;
  beforeAll(async () => {
    const image = (color: string) => sharp({ create: { width: 640, height: 400, channels: 3, background: color } });
    front = { name: 'front.png', mimeType: 'image/png', buffer: await image('#2f6db5').png().toBuffer() };
    back = { name: 'back.jpg', mimeType: 'image/jpeg', buffer: await image('#b5772f').jpeg({ quality: 80 }).toBuffer() };
  });

  // --- Pages -------------------------------------------------------------------------------------

  async function webPage(path: string): Promise<Page> {
    const context = await suite.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    await page.goto(`${suite.server.baseUrl}${path}`);
    return page;
  }

  async function telegramPage(path: string, user: TelegramUser): Promise<Page> {
    const page = suite.track(await openTelegramPage(suite.browser, suite.server.baseUrl, path, { user, viewport: PHONE }));
    page.setDefaultTimeout(WAIT_MS);
    return page;
  }

  /** A page with the first three steps already answered in this tab, as a reload would find them. */
  async function webPageAtLicence(): Promise<Page> {
    const page = await webPage('/');
    await page.evaluate((draft) => sessionStorage.setItem('applicationDraft', JSON.stringify(draft)), {
      carId: '',
      personal: personalInput(),
      housing: housingInput(),
      income: incomeInput(),
      driverLicense: { front: '', back: '' },
    });
    await page.goto(`${suite.server.baseUrl}/application/license`);
    await stepHeading(page, 'Driver License Upload');
    return page;
  }

  const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  const label = (scope: Page | Locator, name: string) => scope.getByLabel(name, { exact: true });
  const group = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

  /** Types into a masked input key by key, as a person would (the mask adds the punctuation). */
  async function typeMasked(field: Locator, text: string) {
    await field.click();
    await field.pressSequentially(digits(text));
  }

  /** The plain-web Next (the sticky page button that stands in for Telegram's Main button). */
  async function webNext(page: Page, nextTitle: string) {
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await stepHeading(page, nextTitle);
  }

  // --- Steps -------------------------------------------------------------------------------------

  async function fillPersonal(page: Page) {
    await label(page, 'First name').fill(PERSONAL.firstName);
    await label(page, 'Last name').fill(PERSONAL.lastName);
    await typeMasked(label(page, 'Date of birth'), PERSONAL.dateOfBirth);
    await label(page, 'Email').fill(PERSONAL.email);
    await label(page, 'Confirm email').fill(PERSONAL.email);
    await typeMasked(label(page, 'Phone number'), PERSONAL.phone);
    await typeMasked(label(page, 'Social Security number'), PERSONAL.ssn);
    await label(page, 'Marital status').selectOption(PERSONAL.maritalStatus);
  }

  async function expectPersonalKept(page: Page) {
    await expect(label(page, 'First name').inputValue()).resolves.toBe(PERSONAL.firstName);
    await expect(label(page, 'Last name').inputValue()).resolves.toBe(PERSONAL.lastName);
    await expect(label(page, 'Date of birth').inputValue()).resolves.toBe(PERSONAL.dateOfBirth);
    await expect(label(page, 'Confirm email').inputValue()).resolves.toBe(PERSONAL.email);
    await expect(label(page, 'Phone number').inputValue()).resolves.toBe(PERSONAL.phone);
    await expect(label(page, 'Social Security number').inputValue()).resolves.toBe(PERSONAL.ssn);
    await expect(label(page, 'Marital status').inputValue()).resolves.toBe(PERSONAL.maritalStatus);
  }

  async function fillAddress(
    scope: Locator,
    address: { line1: string; city: string; state: string; postalCode: string },
    optional = false,
  ) {
    const suffix = optional ? ' (optional)' : '';
    await label(scope, `Street address${suffix}`).fill(address.line1);
    await label(scope, `City${suffix}`).fill(address.city);
    await label(scope, `State${suffix}`).selectOption(address.state);
    await label(scope, `ZIP Code${suffix}`).fill(address.postalCode);
  }

  /** Housing; under 2 years at the address (the default) opens and fills the previous address. */
  async function fillHousing(page: Page, { years = '1', months = '6' } = {}) {
    await label(page, 'Housing status').selectOption('Rent');
    await label(page, 'Monthly rent, $').fill('1200');
    await fillAddress(group(page, 'Current address'), { line1: '12 Elm St.', city: 'Springfield', state: 'IL', postalCode: '62701' });
    const time = group(page, 'Time at current address');
    await label(time, 'Years').fill(years);
    await label(time, 'Months').fill(months);
    if (Number(years) < 2) {
      const previous = group(page, 'Previous address');
      await previous.waitFor();
      await fillAddress(previous, PREVIOUS_ADDRESS);
    } else {
      expect(await group(page, 'Previous address').count()).toBe(0);
    }
  }

  /** Income; under 2 years at the job (the default) opens and fills the previous employment. */
  async function fillIncome(page: Page, { years = '1', months = '2' } = {}) {
    await page.locator('#field-employmentStatus').selectOption('Employed');
    await label(page, 'Monthly income, $').fill('4500');
    const employer = group(page, 'Employer');
    await label(employer, 'Employer name').fill('Acme Corp');
    await label(employer, 'Occupation (optional)').fill('Engineer');
    await fillAddress(employer, { line1: '1 Acme Way', city: 'Springfield', state: 'IL', postalCode: '62702' });
    const time = group(page, 'Time at this job');
    await label(time, 'Years').fill(years);
    await label(time, 'Months').fill(months);
    if (Number(years) < 2) {
      const previous = group(page, 'Previous employment');
      await previous.waitFor();
      await label(previous, 'Employer name').fill(PREVIOUS_JOB.employerName);
      await label(previous, 'Occupation').fill(PREVIOUS_JOB.occupation);
      await label(previous, 'Employment status').selectOption('Employed');
      const previousTime = group(page, 'Time at that job');
      await label(previousTime, 'Years').fill(PREVIOUS_JOB.years);
      await label(previousTime, 'Months').fill(PREVIOUS_JOB.months);
      await fillAddress(previous, PREVIOUS_JOB);
    }
  }

  /** Both sides of the licence, chosen from the gallery, shrunk in the page and uploaded. */
  async function uploadPhotos(page: Page) {
    await page.locator('#field-front').setInputFiles(front);
    await page.locator('#field-back-gallery').setInputFiles(back);
    for (const side of ['Front of license', 'Back of license']) {
      await group(page, side).getByText('Photo uploaded').waitFor();
      await group(page, side)
        .getByRole('img', { name: `Your photo: ${side}` })
        .waitFor();
    }
  }

  /** docs/product/application-wizard.md#application-wizard: on Next with errors, focus moves to the summary (and stays there). */
  async function expectSummaryFocused(page: Page) {
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') ?? document.activeElement?.id ?? '');
    await expect.poll(focused, { timeout: WAIT_MS }).toBe('error-summary-title');
    // Nothing takes it away once the page has rendered and painted the frames after it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await focused()).toBe('error-summary-title');
  }

  async function tickRequiredConsents(page: Page) {
    const required = page.locator('input[type="checkbox"][aria-required="true"]');
    await required.first().waitFor();
    const count = await required.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i += 1) await required.nth(i).check();
  }

  async function expectInReview(page: Page) {
    await page.getByRole('heading', { level: 1, name: 'Your application', exact: true }).waitFor();
    await expect(page.locator('.application-status__status').textContent()).resolves.toBe('In Review');
    expect(new URL(page.url()).pathname).toBe('/application');
  }

  /** GET /api/applications/mine with the page's own cookies and headers. */
  function myApplication(page: Page) {
    return page.evaluate(async () => {
      const response = await fetch('/api/applications/mine', { credentials: 'include' });
      return {
        status: response.status,
        body: (await response.json()) as { id: number; status: string; history: Array<{ status: string }> },
      };
    });
  }

  /** Intro, then every step of the web wizard up to the review, with both previous-history branches. */
  async function webToReview(page: Page, onStep: (step: string) => Promise<void> = async () => {}) {
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    await onStep('intro');
    await page.getByRole('button', { name: 'Start application' }).click();
    await stepHeading(page, 'Personal Information');
    await fillPersonal(page);
    await onStep('personal');
    await webNext(page, 'Housing');
    await fillHousing(page);
    await onStep('housing');
    await webNext(page, 'Income');
    await fillIncome(page);
    await onStep('income');
    await webNext(page, 'Driver License Upload');
    await uploadPhotos(page);
    await onStep('license');
    await webNext(page, 'Review Your Application');
    await tickRequiredConsents(page);
    await onStep('review');
  }

  // --- Tests -------------------------------------------------------------------------------------

  it('a whole application on a phone-sized web page, previous address and job included, ends In Review', async () => {
    const page = await webPage('/application');
    await webToReview(page);

    // The review shows what was typed, the previous address and job among it, the SSN masked.
    const review = page.locator('main');
    await review.getByText("Mary Ann O'Brien").waitFor();
    await review.getByText(/9 Oak Ave/).waitFor();
    await review.getByText(/Globex, Clerk/).waitFor();
    expect(await review.getByText(PERSONAL.ssn).count()).toBe(0);
    await page.getByRole('button', { name: 'Show SSN' }).click();
    await review.getByText(PERSONAL.ssn).waitFor();

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectInReview(page);
    await page.getByText(/We will tell you our decision by/).waitFor();

    const mine = await myApplication(page);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ status: 'in_review', history: [{ status: 'in_review' }] });
    await page.getByText(String(mine.body.id), { exact: true }).waitFor();

    // The draft served its purpose: opening the wizard again shows the status, not an empty form.
    await page.goto(`${suite.server.baseUrl}/application/personal`);
    await expectInReview(page);
    const draft = await page.evaluate(async () => {
      const response = await fetch('/api/applications/draft');
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(draft).toEqual({ status: 200, body: null });
  });

  it('a reload in the middle resumes on the same step with every answer kept', async () => {
    const page = await webPage('/application');
    await page.getByRole('button', { name: 'Start application' }).click();
    await stepHeading(page, 'Personal Information');
    await fillPersonal(page);
    await webNext(page, 'Housing');
    await fillHousing(page);
    await webNext(page, 'Income');
    await page.locator('#field-employmentStatus').selectOption('Self-Employed');
    await label(page, 'Monthly income, $').fill('3100');

    await page.reload();
    await stepHeading(page, 'Income');
    expect(new URL(page.url()).pathname).toBe('/application/income');
    // This tab's answers are the newest: no "welcome back" question.
    expect(await page.getByText('Welcome back — continue where you left off?').count()).toBe(0);
    await expect(page.locator('#field-employmentStatus').inputValue()).resolves.toBe('Self-Employed');
    await expect(label(page, 'Monthly income, $').inputValue()).resolves.toBe('3100');

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await stepHeading(page, 'Housing');
    await expect(label(group(page, 'Previous address'), 'Street address').inputValue()).resolves.toBe(PREVIOUS_ADDRESS.line1);
    await expect(label(group(page, 'Current address'), 'ZIP Code').inputValue()).resolves.toBe('62701');
  });

  it('another device of the same Telegram user resumes the saved draft', async () => {
    const user: TelegramUser = { ...DEFAULT_TELEGRAM_USER, id: 700_000_301, username: 'second_device' };
    const phone = await telegramPage('/application', user);
    await phone.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    await emitTelegramEvent(phone, 'main_button_pressed');
    await stepHeading(phone, 'Personal Information');

    const saves: string[] = [];
    phone.on('response', (response) => {
      const request = response.request();
      if (request.method() === 'PUT' && new URL(response.url()).pathname === '/api/applications/draft' && response.ok()) {
        saves.push(request.postData() ?? '');
      }
    });
    await fillPersonal(phone);
    // Saved to the server a moment after the last change.
    await expect
      .poll(() => saves.some((body) => body.includes(`"maritalStatus":"${PERSONAL.maritalStatus}"`) && body.includes(PERSONAL.ssn)), {
        timeout: WAIT_MS,
      })
      .toBe(true);

    const laptop = await telegramPage('/application', user);
    await laptop.getByRole('heading', { level: 1, name: 'Welcome back — continue where you left off?' }).waitFor();
    await laptop.getByRole('button', { name: 'Continue', exact: true }).click();
    // The first step still to answer opens; the one before it holds the answers.
    await stepHeading(laptop, 'Housing');
    await emitTelegramEvent(laptop, 'back_button_pressed');
    await stepHeading(laptop, 'Personal Information');
    await expectPersonalKept(laptop);
  });

  it('a double-click on Submit Application makes one application and shows no error', async () => {
    const page = await webPageAtLicence();
    const posts: Array<{ key: string | undefined; status: Promise<number> }> = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/applications') {
        posts.push({
          key: request.headers()['idempotency-key'],
          status: request.response().then((response) => response?.status() ?? 0),
        });
      }
    });
    await uploadPhotos(page);
    await webNext(page, 'Review Your Application');
    await tickRequiredConsents(page);

    await page.getByRole('button', { name: 'Submit Application' }).dblclick();
    await expectInReview(page);
    expect(posts.length).toBeGreaterThanOrEqual(1);
    // A second request, if the second click got through, repeats the first: same key, replayed.
    expect(new Set(posts.map((post) => post.key)).size).toBe(1);
    expect(await Promise.all(posts.map((post) => post.status))).toEqual(posts.map(() => 201));
    // No failure message, no toast (the toaster's live region stays empty).
    expect(await page.getByRole('alert').filter({ hasText: /\S/ }).count()).toBe(0);
    const mine = await myApplication(page);
    expect(mine.status).toBe(200);
    expect(mine.body.history).toHaveLength(1);
  });

  it('inside Telegram the Main and Back buttons drive the whole wizard to Submit Application', async () => {
    const user: TelegramUser = { ...DEFAULT_TELEGRAM_USER, id: 700_000_302, username: 'main_button' };
    const page = await telegramPage('/application', user);
    const mainButton = () => lastTelegramCall(page, 'web_app_setup_main_button');
    const pressMain = async (text: string, nextTitle: string) => {
      await expect.poll(mainButton, { timeout: WAIT_MS }).toMatchObject({ text, is_visible: true, is_active: true });
      await emitTelegramEvent(page, 'main_button_pressed');
      await stepHeading(page, nextTitle);
    };

    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    await pressMain('Start application', 'Personal Information');
    // Telegram shows the buttons: the page has no copy of them.
    expect(await page.getByRole('button', { name: 'Next', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Back', exact: true }).count()).toBe(0);
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button'), { timeout: WAIT_MS }).toEqual({ is_visible: true });

    // Next on an empty step shows what to fix and stays.
    await expect.poll(mainButton, { timeout: WAIT_MS }).toMatchObject({ text: 'Next', is_active: true });
    await emitTelegramEvent(page, 'main_button_pressed');
    await page.getByRole('group', { name: 'Please fix the following:' }).waitFor();
    await expectSummaryFocused(page);
    await stepHeading(page, 'Personal Information');

    await fillPersonal(page);
    await pressMain('Next', 'Housing');
    await fillHousing(page);
    await pressMain('Next', 'Income');

    // Back returns a step at a time, answers kept, and Main goes forward again.
    await emitTelegramEvent(page, 'back_button_pressed');
    await stepHeading(page, 'Housing');
    await expect(label(group(page, 'Previous address'), 'City').inputValue()).resolves.toBe(PREVIOUS_ADDRESS.city);
    await emitTelegramEvent(page, 'back_button_pressed');
    await stepHeading(page, 'Personal Information');
    await expectPersonalKept(page);
    await pressMain('Next', 'Housing');
    await pressMain('Next', 'Income');

    await fillIncome(page);
    await pressMain('Next', 'Driver License Upload');
    await uploadPhotos(page);
    await pressMain('Next', 'Review Your Application');
    await expect.poll(mainButton, { timeout: WAIT_MS }).toMatchObject({ text: 'Submit Application', is_visible: true });
    expect(await page.getByRole('button', { name: 'Submit Application' }).count()).toBe(0);
    await tickRequiredConsents(page);

    await emitTelegramEvent(page, 'main_button_pressed');
    await page.getByRole('heading', { level: 1, name: 'Your application', exact: true }).waitFor();
    await expect(page.locator('.application-status__status').textContent()).resolves.toBe('In Review');
    const haptics = (await page.evaluate(() => (window as unknown as { __tgEvents: Array<[string, unknown]> }).__tgEvents))
      .filter(([method]) => method === 'web_app_trigger_haptic_feedback')
      .map(([, params]) => params);
    expect(haptics).toEqual(
      expect.arrayContaining([
        { type: 'notification', notification_type: 'error' },
        { type: 'notification', notification_type: 'success' },
      ]),
    );
  });

  it('the personal step can be answered with the keyboard alone', async () => {
    const page = await webPage('/application');
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    const active = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return { id: element?.id ?? '', tag: element?.tagName ?? '', text: element?.textContent?.trim() ?? '' };
      });
    /** Presses Tab until the focused element matches, at most 40 times. */
    const tabTo = async (matches: (focused: Awaited<ReturnType<typeof active>>) => boolean) => {
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press('Tab');
        if (matches(await active())) return;
      }
      throw new Error(`Tab never reached the element; focus is on ${JSON.stringify(await active())}`);
    };

    await tabTo((focused) => focused.tag === 'BUTTON' && focused.text === 'Start application');
    await page.keyboard.press('Enter');
    await stepHeading(page, 'Personal Information');
    // The step's heading takes focus, so the next Tab starts at the form.
    expect(await active()).toMatchObject({ tag: 'H1', text: 'Personal Information' });

    const typeInto = async (id: string, text: string) => {
      await tabTo((focused) => focused.id === id);
      await page.keyboard.type(text);
    };
    await typeInto('field-firstName', PERSONAL.firstName);
    await typeInto('field-lastName', PERSONAL.lastName);
    await typeInto('field-dateOfBirth', digits(PERSONAL.dateOfBirth));
    await typeInto('field-email', PERSONAL.email);
    await typeInto('field-verifyEmail', PERSONAL.email);
    await typeInto('field-phone', digits(PERSONAL.phone));
    await typeInto('field-ssn', digits(PERSONAL.ssn));
    // A closed select takes the typed name of its option.
    await typeInto('field-maritalStatus', PERSONAL.maritalStatus);
    await expectPersonalKept(page);

    await tabTo((focused) => focused.tag === 'BUTTON' && focused.text === 'Next');
    await page.keyboard.press('Enter');
    await stepHeading(page, 'Housing');
    expect(await active()).toMatchObject({ tag: 'H1', text: 'Housing' });

    // Enter in a field submits a step as Next does: an empty Housing step lists what to fix, focused.
    await typeInto('field-monthlyPayment', '900');
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: 'Please fix the following:' }).waitFor();
    await expectSummaryFocused(page);
  });

  it('axe finds no serious or critical violation on any step, the error summary and the status', async () => {
    const page = await webPage('/application');
    const checked: string[] = [];
    const check = async (step: string) => {
      const violations = await axeViolations(page);
      expect({ step, violations }).toEqual({ step, violations: [] });
      checked.push(step);
    };
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    await page.getByRole('button', { name: 'Start application' }).click();
    await stepHeading(page, 'Personal Information');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('group', { name: 'Please fix the following:' }).waitFor();
    await expectSummaryFocused(page);
    await check('personal with errors');
    await page.goto(`${suite.server.baseUrl}/application`);

    await webToReview(page, check);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await expectInReview(page);
    await check('status');
    expect(checked).toEqual(['personal with errors', 'intro', 'personal', 'housing', 'income', 'license', 'review', 'status']);
  });

  it('a text file named .jpg is refused with its message, and a photo then goes through', async () => {
    const page = await webPageAtLicence();
    // The server's refusal of a file that is no photo is what the test is about.
    suite.allowNoise(failedRequest(415, '/api/applications/documents'));
    const frontSide = group(page, 'Front of license');
    await page
      .locator('#field-front-gallery')
      .setInputFiles({ name: 'licence.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('This is not a photo at all.\n') });
    await frontSide.getByRole('alert').getByText('This file is not a photo we can use. Choose a JPEG, PNG or WebP image.').waitFor();
    // Nothing to retry: the same file cannot succeed.
    expect(await frontSide.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(await frontSide.getByText('Photo uploaded').count()).toBe(0);

    // Next is refused while the side is missing.
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('group', { name: 'Please fix the following:' }).waitFor();
    await stepHeading(page, 'Driver License Upload');

    await uploadPhotos(page);
    expect(await frontSide.getByRole('alert').count()).toBe(0);
    await webNext(page, 'Review Your Application');
  });
});
