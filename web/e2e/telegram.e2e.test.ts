import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './browser-suite.ts';
import {
  DARK_THEME,
  emitTelegramEvent,
  lastTelegramCall,
  openTelegramPage,
  reportMissingChromium,
  telegramEvents,
} from './harness.ts';

const noChromium = reportMissingChromium('mocked Telegram');

describe.skipIf(noChromium)('inside a mocked Telegram client (production build, real Chromium)', () => {
  const suite = useBrowserSuite();

  async function open(path: string, options: Parameters<typeof openTelegramPage>[3] = {}) {
    const page = await openTelegramPage(suite.browser, suite.server.baseUrl, path, options);
    suite.track(page);
    return page;
  }

  it('applies the Telegram theme through --tg-theme-* variables, in the dark scheme', async () => {
    const page = await open('/', { themeParams: DARK_THEME });
    await page.getByRole('heading', { level: 1 }).waitFor();
    const theme = await page.evaluate(() => ({
      variable: document.documentElement.style.getPropertyValue('--tg-theme-bg-color'),
      background: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
      scheme: document.documentElement.dataset.scheme,
      host: document.documentElement.dataset.host,
    }));
    expect(theme).toEqual({
      variable: '#17212b',
      background: 'rgb(23, 33, 43)',
      text: 'rgb(245, 245, 245)',
      scheme: 'dark',
      host: 'telegram',
    });
    // Telegram switching to a light theme repaints the page.
    await emitTelegramEvent(page, 'theme_changed', { theme_params: { bg_color: '#ffffff', text_color: '#000000' } });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    expect(await page.evaluate(() => document.documentElement.dataset.scheme)).toBe('light');
  });

  it('signals ready, expands, and disables vertical swipes', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const methods = (await telegramEvents(page)).map(([method]) => method);
    expect(methods).toEqual(expect.arrayContaining(['web_app_ready', 'web_app_expand']));
    expect(await lastTelegramCall(page, 'web_app_setup_swipe_behavior')).toEqual({ allow_vertical_swipe: false });
  });

  it('uses the native Main button for the home call to action', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_main_button')).toMatchObject({
      text: 'Fill out an application',
      is_visible: true,
      is_active: true,
    });
    // No page copy of it: Telegram shows the button.
    expect(await page.getByRole('button', { name: 'Fill out an application' }).count()).toBe(0);
    await emitTelegramEvent(page, 'main_button_pressed');
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    // The wizard's intro takes the Main button over for its own first step.
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_main_button')).toMatchObject({ text: 'Start application', is_visible: true });
  });

  it('shows the Back button on a nested page, and it returns', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Hidden on home (the SDK sends nothing while the button stays hidden).
    expect([undefined, { is_visible: false }]).toContainEqual(await lastTelegramCall(page, 'web_app_setup_back_button'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apply' }).click();
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
    await emitTelegramEvent(page, 'back_button_pressed');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Start Application' }).waitFor();
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: false });
  });

  it('opens /application for the start parameter "application", replacing the history entry', async () => {
    const page = await open('/', { startParam: 'application' });
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/application');
    // The launch entry was replaced: this is the app's first entry and before it there is only the blank tab.
    expect(await page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx ?? 0)).toBe(0);
    const lengthBefore = await page.evaluate(() => window.history.length);
    // Nothing to go back to inside the app: Back leads home instead of leaving.
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
    await emitTelegramEvent(page, 'back_button_pressed');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => window.history.length)).toBe(lengthBefore);
  });

  it('opens a car for the start parameter car_<uuid>', async () => {
    const cars = (await (await fetch(`${suite.server.baseUrl}/api/cars?limit=1`)).json()) as { items: Array<{ uuid: string }> };
    const uuid = cars.items[0]!.uuid;
    const page = await open('/', { startParam: `car_${uuid}` });
    await page.waitForURL((url) => url.pathname === `/cars/${uuid}`);
    expect(await page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx ?? 0)).toBe(0);
    await page.goBack();
    expect(page.url()).toBe('about:blank');
  });

  it('registers the Telegram user and records activity once, sending the init data', async () => {
    const calls: Array<{ path: string; auth: string | undefined; status: number }> = [];
    const context = await suite.newContext();
    const page = await context.newPage();
    suite.track(page);
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/api/users/')) {
        calls.push({ path: url.pathname, auth: response.request().headers().authorization, status: response.status() });
      }
    });
    const { telegramHostScript, telegramLaunchUrl } = await import('./harness.ts');
    await page.addInitScript({ content: telegramHostScript() });
    await page.goto(telegramLaunchUrl(suite.server.baseUrl, '/'));
    await expect.poll(() => calls.map((call) => call.path)).toEqual(['/api/users/register', '/api/users/activity']);
    expect(calls.every((call) => call.auth?.startsWith('tma ') && call.auth.includes('hash='))).toBe(true);
    expect(calls.map((call) => call.status)).toEqual([200, 200]);
  });

  it('speaks the Telegram user language', async () => {
    const page = await open('/', {
      user: { id: 700_000_002, first_name: 'Олена', language_code: 'uk' },
    });
    await page.getByRole('link', { name: 'Почати заявку' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uk');
  });
});
