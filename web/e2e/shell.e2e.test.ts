import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowserSuite } from './browser-suite.ts';
import { axeViolations, failedRequest, reportMissingChromium } from './harness.ts';

const noChromium = reportMissingChromium('plain web shell');

describe.skipIf(noChromium)('the plain web page (production build, real Chromium)', () => {
  // A trusted proxy header decides the country, so the first-visit language can be tested too.
  const suite = useBrowserSuite({ GEO_COUNTRY_HEADER: 'x-test-country', DEALER_LICENSE: 'Texas dealer license P123456' });
  let context: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeEach(async () => {
    context = await suite.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    problems = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
  });

  it('renders the home page: hero, marquee, three promos, FAQ, contact and the call to action', async () => {
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Start Application' }).getAttribute('href')).toBe('/application');
    for (const name of ['Buy with a car loan', 'Lease and pay less each month', 'Rebuild your credit']) {
      await page.getByRole('heading', { level: 2, name }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Apply for loan' }).count()).toBe(1);
    await page.getByRole('link', { name: /Chat with our team on Telegram/ }).waitFor();
    expect(await page.getByRole('link', { name: /Chat with our team on Telegram/ }).getAttribute('href')).toMatch(/^https:\/\/t\.me\/\w+$/);
    await page.getByRole('heading', { name: 'Frequently asked questions' }).waitFor();
    await page.getByText('Who can apply for a car loan?').waitFor();
    await page.locator('#contact').getByText('1200 Commerce Street, Dallas, TX 75202').waitFor();
    await page.getByRole('button', { name: 'Fill out an application' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(problems).toEqual([]);
  });

  it('navigates with the header: Apply, Contact, Home', async () => {
    await page.goto(`${suite.server.baseUrl}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Apply' }).click();
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/application');
    await page.getByText(/Latin characters only/).waitFor();

    await nav.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL(/\/#contact$/);
    await page.locator('#contact').getByText('1200 Commerce Street, Dallas, TX 75202').waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);

    await nav.getByRole('link', { name: 'Home' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(problems).toEqual([]);
  });

  it('scrolls to the contact section when opened at /#contact', async () => {
    await page.goto(`${suite.server.baseUrl}/#contact`);
    await page.locator('#contact').getByText('1200 Commerce Street, Dallas, TX 75202').waitFor();
    // At the top of the viewport, or as far as the page can scroll when little follows it.
    const settled = () =>
      page.evaluate(() => {
        const top = document.getElementById('contact')!.getBoundingClientRect().top;
        const atBottom = window.scrollY >= document.documentElement.scrollHeight - window.innerHeight - 2;
        return window.scrollY > 300 && top >= 0 && (top < 200 || atBottom);
      });
    await expect.poll(settled, { timeout: 5000 }).toBe(true);
  });

  it.each([
    ['uk', 'Почати заявку', 'Хто може подати заявку на автокредит?'],
    ['es', 'Iniciar solicitud', '¿Quién puede solicitar un préstamo para auto?'],
    ['ru', 'Начать заявку', 'Кто может подать заявку на автокредит?'],
  ])('switches to %s from the picker and keeps it after a reload in the tab', async (lang, startLabel, faq) => {
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('combobox', { name: 'Language' }).selectOption(lang);
    await page.getByRole('link', { name: startLabel }).waitFor();
    await page.getByText(faq).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, sessionStorage.getItem('currentLanguage')])).toEqual([lang, lang]);

    await page.reload();
    await page.getByRole('link', { name: startLabel }).waitFor();
    await page.getByText(faq).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    expect(problems).toEqual([]);
  });

  // Browsers asking for none of our languages: the country decides (a browser's own language comes first).
  it('opens in Ukrainian for a first visit from Ukraine, in English from elsewhere', async () => {
    const fromUkraine = await suite.newContext({ locale: 'de-DE', extraHTTPHeaders: { 'x-test-country': 'UA' } });
    const ukPage = await fromUkraine.newPage();
    await ukPage.goto(`${suite.server.baseUrl}/`);
    await ukPage.getByRole('link', { name: 'Почати заявку' }).waitFor();

    const fromSpain = await suite.newContext({ locale: 'de-DE', extraHTTPHeaders: { 'x-test-country': 'ES' } });
    const esPage = await fromSpain.newPage();
    await esPage.goto(`${suite.server.baseUrl}/`);
    await esPage.getByRole('link', { name: 'Start Application' }).waitFor();
    await expect.poll(() => esPage.evaluate(() => sessionStorage.getItem('currentLanguage'))).toBe('en');
  });

  it("opens a first visit in the browser's language, wherever it comes from", async () => {
    const spanishBrowser = await suite.newContext({ locale: 'es-MX', extraHTTPHeaders: { 'x-test-country': 'UA' } });
    const esPage = await spanishBrowser.newPage();
    await esPage.goto(`${suite.server.baseUrl}/`);
    expect(await esPage.evaluate(() => document.documentElement.lang)).toBe('es');
    await expect.poll(() => esPage.evaluate(() => sessionStorage.getItem('currentLanguage'))).toBe('es');
  });

  it('answers an unknown path with 404 and shows the not-found page, with the header still there', async () => {
    // The page's 404 status is what the test is about.
    suite.allowNoise(failedRequest(404, '/this/does/not/exist'));
    const response = await page.goto(`${suite.server.baseUrl}/this/does/not/exist`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('link', { name: 'Start Application' }).waitFor();
  });

  it('has Inter for the first text: fetched with the page, so no font swaps in and nothing shifts', async () => {
    await page.addInitScript(() => {
      let total = 0;
      const add = (entries: PerformanceEntryList) => {
        for (const entry of entries as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) total += entry.value;
        }
      };
      const observer = new PerformanceObserver((list) => add(list.getEntries()));
      observer.observe({ type: 'layout-shift', buffered: true });
      // Takes the shifts recorded but not yet handed to the observer's callback as well.
      Object.assign(window, { layoutShiftTotal: () => (add(observer.takeRecords()), total) });
    });
    const fontRequested = page.waitForRequest((request) => request.url().endsWith('/fonts/inter-latin-wght-normal.woff2'));
    const scriptRequested = page.waitForRequest((request) => /\/assets\/index-[\w-]+\.js$/.test(request.url()));
    await page.goto(`${suite.server.baseUrl}/`);
    // The font is asked for from the HTML itself, not once the app has rendered text.
    const [font, script] = await Promise.all([fontRequested, scriptRequested]);
    expect(font.timing().startTime).toBeLessThanOrEqual(script.timing().startTime + 50);
    await page.getByRole('link', { name: 'Start Application' }).waitFor();
    await page.getByText('Who can apply for a car loan?').waitFor();
    // The fonts in use have loaded, and the frames after them have been laid out.
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'Car'))).toBe(true);
    const shift = await page.evaluate(() => (window as unknown as { layoutShiftTotal: () => number }).layoutShiftTotal());
    expect(shift).toBeLessThan(0.02);
  });

  it('ends every page with the dealer, its licence and the privacy notice, which answers 200 in four languages', async () => {
    for (const path of ['/', '/cars', '/favorites']) {
      await page.goto(`${suite.server.baseUrl}${path}`);
      const footer = page.getByRole('contentinfo');
      await footer.getByText('Texas dealer license P123456').waitFor();
      await footer.getByRole('link', { name: 'Terms of use' }).waitFor();
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).click();
    await page.getByRole('heading', { level: 1, name: 'Privacy notice' }).waitFor();
    await page.getByRole('table').getByRole('rowheader', { name: 'For nonaffiliates to market to you' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect((await page.goto(`${suite.server.baseUrl}/privacy`))?.status()).toBe(200);
    for (const [language, heading] of [
      ['uk', 'Повідомлення про конфіденційність'],
      ['es', 'Aviso de privacidad'],
      ['ru', 'Уведомление о конфиденциальности'],
    ] as const) {
      await page.getByRole('combobox', { name: /Language|Мова|Idioma|Язык/ }).selectOption(language);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    expect(problems).toEqual([]);
  });

  it('lays out for narrow screens with the call to action sticky at the bottom', async () => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${suite.server.baseUrl}/`);
    const cta = page.getByRole('button', { name: 'Fill out an application' });
    await cta.waitFor();
    const box = await cta.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(740);
    expect(box!.y).toBeGreaterThan(600);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  it('never downloads the dashboard code on public pages, and loads it for /dashboard', async () => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByText('Who can apply for a car loan?').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Apply' }).click();
    await page.getByRole('heading', { level: 1, name: 'Car loan application' }).waitFor();
    await page.goto(`${suite.server.baseUrl}/cars`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(scripts.filter((path) => path.includes('dashboard'))).toEqual([]);
    await page.goto(`${suite.server.baseUrl}/dashboard`);
    // A visitor who is not staff meets the dashboard's sign-in screen, which is its chunk too.
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
    expect(scripts.some((path) => path.includes('dashboard'))).toBe(true);
  });

  it('serves no third-party request', async () => {
    const hosts = new Set<string>();
    page.on('request', (request) => hosts.add(new URL(request.url()).host));
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByText('Who can apply for a car loan?').waitFor();
    expect([...hosts].filter((host) => host !== new URL(suite.server.baseUrl).host && host !== '')).toEqual([]);
  });

  const LANGUAGES = ['en', 'uk', 'es', 'ru'] as const;

  async function headerIn(lang: string, width: number) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${suite.server.baseUrl}/cars`);
    await page.evaluate((value) => sessionStorage.setItem('currentLanguage', value), lang);
    await page.reload();
    await page.waitForFunction((value) => document.documentElement.lang === value, lang);
    await page.locator('.site-header__name').waitFor();
    return page.evaluate(() => {
      const header = document.querySelector('.site-header')!.getBoundingClientRect();
      const name = document.querySelector<HTMLElement>('.site-header__name')!;
      const controls = [
        ...document.querySelectorAll<HTMLElement>('.site-header__brand, .site-header__menu-button, .site-nav, .language-picker'),
      ].filter((element) => element.getBoundingClientRect().height > 0);
      const tops = new Set(
        controls.map((element) => Math.round(element.getBoundingClientRect().top + element.getBoundingClientRect().height / 2)),
      );
      return {
        height: Math.round(header.height),
        nameWhole: name.scrollWidth <= name.clientWidth && name.getBoundingClientRect().right <= window.innerWidth,
        oneLine: tops.size === 1,
        overflow: document.documentElement.scrollWidth - window.innerWidth,
      };
    });
  }

  it.each([320, 390, 1280])('keeps the header on one line at %i px in every language, the dealer name whole', async (width) => {
    const measured = [];
    for (const lang of LANGUAGES) measured.push({ lang, ...(await headerIn(lang, width)) });
    expect(measured.filter((m) => !m.oneLine || !m.nameWhole || m.overflow > 0)).toEqual([]);
    expect(new Set(measured.map((m) => m.height)).size).toBe(1);
    expect(problems).toEqual([]);
  });

  it('marks the current page in the header: the catalogue on /cars and on a car', async () => {
    await page.goto(`${suite.server.baseUrl}/cars`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link', { name: 'Cars' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.locator('[aria-current]').count()).toBe(1);
    await page.locator('.car-card a').first().click();
    await page.waitForURL(/\/cars\/[0-9a-f-]{36}$/);
    expect(await nav.getByRole('link', { name: 'Cars' }).getAttribute('aria-current')).toBe('page');
  });

  it('on a phone opens the pages from a Menu button with the keyboard, and closes it on navigating', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${suite.server.baseUrl}/`);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Home' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Home');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Available Cars' }).waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });
});
