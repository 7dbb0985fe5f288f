import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './browser-suite.ts';
import {
  axeViolations,
  DARK_THEME,
  E2E_BOT_USERNAME,
  LIGHT_THEME,
  emitTelegramEvent,
  lastTelegramCall,
  openTelegramPage,
  registerTelegramUser,
  reportMissingChromium,
  signedInitData,
  submitApplicationAs,
  telegramEvents,
  telegramHostScript,
  telegramLaunchUrl,
  type TelegramLaunchOptions,
} from './harness.ts';

const noChromium = reportMissingChromium('mocked Telegram');
const TABS_LABEL = /^(Tabs|Вкладки|Pestañas)$/;
const ADMIN_USER = { id: 700_000_099, first_name: 'Staff', username: 'staff_member', language_code: 'en' };

/** The tab bar's labels per language: Home, Cars, Favourites, Application, Chat. */
const TAB_LABELS = {
  en: ['Home', 'Cars', 'Favourites', 'Application', 'Chat'],
  uk: ['Головна', 'Авто', 'Обране', 'Заявка', 'Чат'],
  es: ['Inicio', 'Autos', 'Favoritos', 'Solicitud', 'Chat'],
  ru: ['Главная', 'Авто', 'Избранное', 'Заявка', 'Чат'],
} as const;

interface RecordedFrames {
  __frames: Array<{ web: string[]; tabs: number | null; shell: boolean }>;
  __ready: Array<{ shellInDom: boolean; shellPainted: boolean }>;
}

/**
 * Installed before the page's own scripts: at every animation frame (just before the browser
 * paints it) notes which website regions are visible, how many tabs the tab bar shows and whether
 * the Telegram shell is there, keeping each change; and notes, when the app posts web_app_ready,
 * whether the shell was in the DOM and in a frame already.
 */
const FRAME_RECORDER = `(() => {
  const frames = [];
  const ready = [];
  window.__frames = frames;
  window.__ready = ready;
  const shown = (element) => element.checkVisibility();
  const sample = () => {
    const web = [...document.querySelectorAll('.layout--web, .site-header, nav[aria-label="Main"]')].filter(shown).map((element) => element.className || element.tagName);
    const bar = document.querySelector('.tabbar__bar');
    const frame = { web, tabs: bar && shown(bar) ? bar.querySelectorAll(':scope > button').length : null, shell: Boolean(document.querySelector('.layout--telegram')) };
    if (JSON.stringify(frames.at(-1)) !== JSON.stringify(frame)) frames.push(frame);
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
  const proxy = window.TelegramWebviewProxy;
  const post = proxy.postEvent.bind(proxy);
  proxy.postEvent = (type, data) => {
    if (type === 'web_app_ready') {
      ready.push({ shellInDom: Boolean(document.querySelector('.layout--telegram .tabbar')), shellPainted: frames.some((frame) => frame.shell) });
    }
    post(type, data);
  };
})();`;

interface RecordedScreens {
  __screens: Array<{ fallback: boolean; page: boolean }>;
}

/**
 * Installed before the page's own scripts: from the first frame that draws a screen in the root
 * (its placeholder, its area or a heading) on, notes at every animation frame whether it shows the
 * startup placeholder and whether the screen's area holds anything, keeping each change. The website the server rendered streams in
 * hidden under a Telegram launch (domain/telegram-launch.ts), so only what is visible counts.
 */
const SCREEN_RECORDER = `(() => {
  const screens = [];
  window.__screens = screens;
  const shown = (selector) => [...document.querySelectorAll('#root ' + selector)].filter((element) => element.checkVisibility());
  const sample = () => {
    const fallback = shown('.startup-fallback').length > 0;
    const mains = shown('main');
    if (fallback || mains.length > 0 || shown('h1').length > 0) {
      const frame = { fallback, page: mains.some((main) => main.childElementCount > 0) };
      if (JSON.stringify(screens.at(-1)) !== JSON.stringify(frame)) screens.push(frame);
    }
    requestAnimationFrame(sample);
  };
  requestAnimationFrame(sample);
})();`;

describe.skipIf(noChromium)('inside a mocked Telegram client (production build, real Chromium)', () => {
  const suite = useBrowserSuite({ ADMIN_TELEGRAM_IDS: String(ADMIN_USER.id) });

  async function open(path: string, options: Parameters<typeof openTelegramPage>[3] = {}) {
    const page = await openTelegramPage(suite.browser, suite.server.baseUrl, path, options);
    suite.track(page);
    return page;
  }

  async function firstCarUuid(): Promise<string> {
    const cars = (await (await fetch(`${suite.server.baseUrl}/api/cars?limit=1`)).json()) as { items: Array<{ uuid: string }> };
    return cars.items[0]!.uuid;
  }

  const tabbar = (page: Page) => page.getByRole('navigation', { name: TABS_LABEL });

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

  it('signals ready and expands, leaving swipes to the client outside a form', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const methods = (await telegramEvents(page)).map(([method]) => method);
    expect(methods).toEqual(expect.arrayContaining(['web_app_ready', 'web_app_expand']));
    expect([undefined, { allow_vertical_swipe: true }]).toContainEqual(await lastTelegramCall(page, 'web_app_setup_swipe_behavior'));
  });

  it('paints only the Telegram shell from the first frame on a slow phone: no website, five tabs throughout, ready once drawn', async () => {
    const context = await suite.newContext({ viewport: { width: 390, height: 844 } });
    const page = suite.track(await context.newPage());
    await page.addInitScript({ content: telegramHostScript() });
    await page.addInitScript({ content: FRAME_RECORDER });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 5 });
    await page.goto(telegramLaunchUrl(suite.server.baseUrl, '/'));
    await tabbar(page).getByRole('button', { name: 'Chat' }).and(page.locator(':enabled')).waitFor();
    await expect.poll(() => page.evaluate(() => (window as unknown as RecordedFrames).__ready.length)).toBe(1);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const { frames, ready } = await page.evaluate(() => {
      const recorded = window as unknown as RecordedFrames;
      return { frames: recorded.__frames, ready: recorded.__ready };
    });
    expect(frames.filter((frame) => frame.web.length > 0)).toEqual([]);
    expect(new Set(frames.flatMap((frame) => (frame.tabs === null ? [] : [frame.tabs])))).toEqual(new Set([5]));
    // Telegram's loading screen gives way only to a shell that has been on screen for a frame.
    expect(ready).toEqual([{ shellInDom: true, shellPainted: true }]);
  });

  it.each<[string, () => Promise<[string, TelegramLaunchOptions]>]>([
    ['a shared car from its start parameter', async () => ['/', { startParam: `car_${await firstCarUuid()}` }]],
    [
      'the application by its address',
      async () => ['/application', { user: { id: 700_000_030, first_name: 'Deep', language_code: 'en' } }],
    ],
    ['a dashboard page by its address', async () => ['/dashboard/inventory', { user: ADMIN_USER }]],
  ])('draws %s from the first frame on a slow phone: never an empty screen while its code loads', async (_, launch) => {
    const [path, options] = await launch();
    const context = await suite.newContext({ viewport: { width: 390, height: 844 } });
    const page = suite.track(await context.newPage());
    await page.addInitScript({ content: telegramHostScript() });
    await page.addInitScript({ content: SCREEN_RECORDER });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 5 });
    await page.goto(telegramLaunchUrl(suite.server.baseUrl, path, options));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const screens = await page.evaluate(() => (window as unknown as RecordedScreens).__screens);
    expect(screens.length).toBeGreaterThan(0);
    expect(screens.filter((screen) => screen.fallback || !screen.page)).toEqual([]);
  });

  it('downloads a declined applicant’s notice through Telegram, from a link that serves the PDF without the init data', async () => {
    const baseUrl = suite.server.baseUrl;
    const applicant = { id: 700_000_040, first_name: 'Notice', language_code: 'en' };
    await registerTelegramUser(baseUrl, ADMIN_USER);
    await submitApplicationAs(baseUrl, applicant, await registerTelegramUser(baseUrl, applicant));
    const asApplicant = { authorization: `tma ${signedInitData({ user: applicant })}` };
    const { id } = (await (await fetch(`${baseUrl}/api/applications/mine`, { headers: asApplicant })).json()) as { id: number };
    const rejected = await fetch(`${baseUrl}/api/applications/${id}/status`, {
      method: 'PATCH',
      headers: { authorization: `tma ${signedInitData({ user: ADMIN_USER })}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'rejected', reasons: ['insufficient_income'] }),
    });
    expect(rejected.status, await rejected.text()).toBe(200);

    const page = await open('/application', { user: applicant });
    const pdfRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.pdf')) pdfRequests.push(request.url());
    });
    await page.getByRole('link', { name: 'Download the notice (PDF)' }).click();
    await expect
      .poll(() => lastTelegramCall(page, 'web_app_request_file_download'))
      .toMatchObject({ file_name: `adverse-action-notice-${id}.pdf` });
    await emitTelegramEvent(page, 'file_download_requested', { status: 'downloading' });
    const { url } = (await lastTelegramCall(page, 'web_app_request_file_download')) as { url: string };
    expect(new URL(url).origin).toBe(baseUrl);
    // The WebView itself fetched no PDF: Telegram downloads it, with neither the cookie nor the init data.
    expect(pdfRequests).toEqual([]);
    const pdf = await fetch(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('uses the native Main button for the home call to action', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(() => lastTelegramCall(page, 'web_app_setup_main_button'))
      .toMatchObject({
        text: 'Fill out an application',
        is_visible: true,
        is_active: true,
      });
    // No page copy of it: Telegram shows the button.
    expect(await page.getByRole('button', { name: 'Fill out an application' }).count()).toBe(0);
    await emitTelegramEvent(page, 'main_button_pressed');
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    // The wizard's intro takes the Main button over for its own first step.
    await expect
      .poll(() => lastTelegramCall(page, 'web_app_setup_main_button'))
      .toMatchObject({ text: 'Start application', is_visible: true });
  });

  it('shows the Back button on a deeper screen, and it returns', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Hidden on home (the SDK sends nothing while the button stays hidden).
    expect([undefined, { is_visible: false }]).toContainEqual(await lastTelegramCall(page, 'web_app_setup_back_button'));
    await page.getByRole('link', { name: 'Start Application' }).click();
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    await emitTelegramEvent(page, 'main_button_pressed');
    await page.getByRole('heading', { level: 1, name: 'Personal Information' }).waitFor();
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
    await emitTelegramEvent(page, 'back_button_pressed');
    await page.waitForURL((url) => url.pathname === '/application');
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: false });
  });

  it('opens the Application tab for the start parameter "application", replacing the history entry', async () => {
    const page = await open('/', { startParam: 'application' });
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/application');
    // The launch entry was replaced: this is the app's first entry and before it there is only the blank tab.
    expect(await page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx ?? 0)).toBe(0);
    await expect.poll(() => tabbar(page).getByRole('button', { name: 'Application' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens a shared car for the start parameter car_<uuid>, with Back leading to the catalogue', async () => {
    const uuid = await firstCarUuid();
    const page = await open('/', { startParam: `car_${uuid}` });
    await page.waitForURL((url) => url.pathname === `/cars/${uuid}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => (window.history.state as { idx?: number } | null)?.idx ?? 0)).toBe(0);
    // A car is a deeper screen: no tab bar, the native Back button instead.
    expect(await tabbar(page).count()).toBe(0);
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
    await emitTelegramEvent(page, 'back_button_pressed');
    await page.waitForURL((url) => url.pathname === '/cars');
    await page.getByRole('heading', { level: 1, name: 'Available Cars' }).waitFor();
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: false });
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

  it.each(Object.entries(TAB_LABELS))('wears no website header but a tab bar whose %s labels fit on one line', async (lang, labels) => {
    const page = await open('/', {
      user: { id: 700_000_010, first_name: 'Tab', language_code: lang },
      viewport: { width: 390, height: 844 },
      themeParams: DARK_THEME,
    });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await tabbar(page).waitFor();
    // Chat joins the tabs once the site's details name the bot.
    await tabbar(page).getByRole('button', { name: labels[4] }).waitFor();
    expect(await page.getByRole('navigation', { name: /^(Main|Головне|Principal|Главное)$/ }).count()).toBe(0);
    expect(await page.locator('.site-header').count()).toBe(0);
    const buttons = tabbar(page).getByRole('button');
    expect(await buttons.allTextContents()).toEqual([...labels]);
    // Each caption is on one line and shown whole (no ellipsis), inside the screen.
    const captions = await buttons.evaluateAll((items) =>
      items.map((item) => {
        const caption = [...item.querySelectorAll('span')].at(-1)!;
        const box = item.getBoundingClientRect();
        return {
          cut: caption.scrollWidth > caption.clientWidth,
          lines: Math.round(caption.getBoundingClientRect().height / parseFloat(getComputedStyle(caption).lineHeight)),
          right: box.right,
        };
      }),
    );
    expect(captions.filter((caption) => caption.cut || caption.lines > 1 || caption.right > 390)).toEqual([]);
  });

  it('moves between tabs from the tab bar, each keeping its own scroll position', async () => {
    const page = await open('/', { viewport: { width: 390, height: 844 } });
    await page.getByText('Who can apply for a car loan?').waitFor();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);

    await tabbar(page).getByRole('button', { name: 'Cars' }).click();
    await page.getByRole('heading', { level: 1, name: 'Available Cars' }).waitFor();
    await expect.poll(() => tabbar(page).getByRole('button', { name: 'Cars' }).getAttribute('aria-current')).toBe('page');
    await page.locator('.car-card').nth(5).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(600);

    // The screen's content comes back first (data from cache, then late parts); the position follows it.
    await tabbar(page).getByRole('button', { name: 'Home' }).click();
    await page.getByRole('link', { name: 'Start Application' }).waitFor();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBe(900);

    await tabbar(page).getByRole('button', { name: 'Cars' }).click();
    await page.getByRole('heading', { level: 1, name: 'Available Cars' }).waitFor();
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY)), { timeout: 5000 }).toBe(600);
    // Choosing a tab is felt as a selection change.
    const haptics = (await telegramEvents(page))
      .filter(([method]) => method === 'web_app_trigger_haptic_feedback')
      .map(([, params]) => params);
    expect(haptics).toContainEqual({ type: 'selection_change' });
  });

  it('opens the chat with the bot from the Chat tab', async () => {
    const page = await open('/');
    await tabbar(page).getByRole('button', { name: 'Chat' }).click();
    await expect.poll(() => lastTelegramCall(page, 'web_app_open_tg_link')).toMatchObject({ path_full: `/${E2E_BOT_USERNAME}` });
  });

  it('shows Back and Main per screen: tabs without Back, a car with Back and its Main action, never a page copy', async () => {
    const uuid = await firstCarUuid();
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect
      .poll(() => lastTelegramCall(page, 'web_app_setup_main_button'))
      .toMatchObject({ text: 'Fill out an application', is_visible: true });

    await tabbar(page).getByRole('button', { name: 'Cars' }).click();
    await page.getByRole('heading', { level: 1, name: 'Available Cars' }).waitFor();
    // The catalogue has no main action: Home's button is gone.
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_main_button')).toMatchObject({ is_visible: false });
    expect([undefined, { is_visible: false }]).toContainEqual(await lastTelegramCall(page, 'web_app_setup_back_button'));

    await page.locator(`a[href="/cars/${uuid}"]`).click();
    await page.waitForURL((url) => url.pathname === `/cars/${uuid}`);
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: true });
    await expect
      .poll(() => lastTelegramCall(page, 'web_app_setup_main_button'))
      .toMatchObject({ text: 'Apply for financing', is_visible: true, is_active: true });
    expect(await page.getByRole('button', { name: 'Apply for financing' }).count()).toBe(0);
    expect(await tabbar(page).count()).toBe(0);

    await emitTelegramEvent(page, 'back_button_pressed');
    await page.waitForURL((url) => url.pathname === '/cars');
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_back_button')).toEqual({ is_visible: false });
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_main_button')).toMatchObject({ is_visible: false });
  });

  it("paints Telegram's header, background and bottom bar from the theme, and repaints on a theme change", async () => {
    const page = await open('/', { themeParams: DARK_THEME });
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await lastTelegramCall(page, 'web_app_set_header_color')).toEqual({ color: DARK_THEME.bg_color });
    expect(await lastTelegramCall(page, 'web_app_set_background_color')).toEqual({ color: DARK_THEME.bg_color });
    expect(await lastTelegramCall(page, 'web_app_set_bottom_bar_color')).toEqual({ color: DARK_THEME.secondary_bg_color });
    // The tab bar wears the bottom bar's colour, so the two read as one.
    expect(
      await tabbar(page)
        .locator('.tabbar__bar')
        .evaluate((bar) => getComputedStyle(bar).backgroundColor),
    ).toBe('rgb(35, 46, 60)');

    await emitTelegramEvent(page, 'theme_changed', { theme_params: { ...LIGHT_THEME, bottom_bar_bg_color: '#f7f7f7' } });
    await expect.poll(() => lastTelegramCall(page, 'web_app_set_header_color')).toEqual({ color: LIGHT_THEME.bg_color });
    expect(await lastTelegramCall(page, 'web_app_set_background_color')).toEqual({ color: LIGHT_THEME.bg_color });
    expect(await lastTelegramCall(page, 'web_app_set_bottom_bar_color')).toEqual({ color: '#f7f7f7' });
  });

  it('turns swipes off and asks before closing while the wizard holds answers, and restores both on leaving it', async () => {
    // A name in Cyrillic is not prefilled (docs/product/application-wizard.md#personal-information), so the form starts empty.
    const page = await open('/application', { user: { id: 700_000_011, first_name: 'Свайп', language_code: 'en' } });
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    await emitTelegramEvent(page, 'main_button_pressed');
    await page.getByRole('heading', { level: 1, name: 'Personal Information' }).waitFor();
    expect([undefined, { need_confirmation: false }]).toContainEqual(await lastTelegramCall(page, 'web_app_setup_closing_behavior'));

    await page.getByLabel('First name').fill('Olena');
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_swipe_behavior')).toEqual({ allow_vertical_swipe: false });
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });

    // Back out of the wizard to the tab, then to another tab: the form is left.
    await emitTelegramEvent(page, 'back_button_pressed');
    await page.waitForURL((url) => url.pathname === '/application');
    await tabbar(page).getByRole('button', { name: 'Home' }).click();
    await page.getByRole('link', { name: 'Start Application' }).waitFor();
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_swipe_behavior')).toEqual({ allow_vertical_swipe: true });
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_closing_behavior')).toEqual({ need_confirmation: false });
  });

  it('keeps the content clear of the status bar, the close button and the home indicator in full screen', async () => {
    const page = await open('/', { viewport: { width: 390, height: 844 } });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await emitTelegramEvent(page, 'fullscreen_changed', { is_fullscreen: true });
    await emitTelegramEvent(page, 'safe_area_changed', { top: 47, bottom: 34, left: 0, right: 0 });
    await emitTelegramEvent(page, 'content_safe_area_changed', { top: 46, bottom: 0, left: 0, right: 0 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--tg-viewport-safe-area-inset-top')))
      .toBe('47px');
    await page.evaluate(() => window.scrollTo(0, 0));
    const layout = await page.evaluate(() => {
      const first = document.querySelector('main')!.firstElementChild!.getBoundingClientRect();
      const tabbarBox = document.querySelector('.tabbar__bar')!.getBoundingClientRect();
      const lastTab = document.querySelector('.tabbar__bar > button')!.getBoundingClientRect();
      return { contentTop: first.top, tabbarBottom: tabbarBox.bottom, tabsBottom: lastTab.bottom, height: window.innerHeight };
    });
    expect(layout.contentTop).toBeGreaterThanOrEqual(47 + 46);
    // The bar reaches the screen's edge; its buttons stay above the home indicator.
    expect(layout.tabbarBottom).toBe(layout.height);
    expect(layout.tabsBottom).toBeLessThanOrEqual(layout.height - 34);
  });

  it('opens the language sheet from the Settings item, and keeps the language in the footer of Home', async () => {
    const page = await open('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => lastTelegramCall(page, 'web_app_setup_settings_button')).toEqual({ is_visible: true });
    await page.locator('footer').getByRole('combobox', { name: 'Language' }).waitFor();
    await emitTelegramEvent(page, 'settings_button_pressed');
    const sheet = page.getByRole('dialog', { name: 'Language' });
    await sheet.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await sheet.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('link', { name: 'Iniciar solicitud' }).waitFor();
    expect(await sheet.isVisible()).toBe(false);
    expect(await tabbar(page).getByRole('button').allTextContents()).toEqual([...TAB_LABELS.es]);
  });

  it('shares a car as a link that opens it in the mini app', async () => {
    const uuid = await firstCarUuid();
    const page = await open(`/cars/${uuid}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    const opened = (await lastTelegramCall(page, 'web_app_open_tg_link')) as { path_full: string };
    const shared = new URL(`https://t.me${opened.path_full}`).searchParams.get('url');
    expect(shared).toBe(`https://t.me/${E2E_BOT_USERNAME}?startapp=car_${uuid}`);
  });

  it('gives staff a way into the dashboard from the top of Home, and nobody else', async () => {
    const staff = await open('/', { user: ADMIN_USER });
    await staff.getByRole('link', { name: 'Dashboard' }).click();
    await staff.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expect.poll(() => lastTelegramCall(staff, 'web_app_setup_back_button')).toEqual({ is_visible: true });

    const applicant = await open('/');
    await applicant.getByText('Who can apply for a car loan?').waitFor();
    expect(await applicant.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
  });

  it('axe finds no serious or critical issue on the tabs in a dark theme', async () => {
    const page = await open('/favorites', { themeParams: DARK_THEME });
    await page.getByRole('heading', { level: 1, name: 'Favourites' }).waitFor();
    await page.getByText('No favourites yet').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
