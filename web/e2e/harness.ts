import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sign } from '@telegram-apps/init-data-node';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import { embeddedDirectory } from '../../server/src/db/database.ts';
import { CHROMIUM_ARGS } from '../../server/src/pdf/pdf-renderer.service.ts';
import { submissionBody } from '../../server/test/applications.ts';
import { signWidgetLogin } from '../../server/test/identity.ts';
import { freePort } from '../../server/test/local-services.ts';

/**
 * End-to-end harness: the real production entry (`npm start`), real Chromium, and a faked
 * Telegram host. Shared by every web/e2e suite (ours and the cars feature's).
 */

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The same token the server tests use; init data signed with it passes the server's check. */
export const E2E_BOT_TOKEN = '123456789:TEST-token-for-signing-init-data-000';
export const E2E_BOT_USERNAME = 'LibertyAutoTestBot';

const CHROME_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The system Chromium (CHROME_PATH first), or undefined when this machine has none. */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CHROME_CANDIDATES.find((path) => existsSync(path));
}

/** Call at the top of a suite: prints why it is skipped when there is no Chromium. */
export function reportMissingChromium(suite: string): boolean {
  const missing = !chromiumPath();
  if (missing) {
    console.warn(
      `[e2e] SKIPPED "${suite}": no Chromium found (set CHROME_PATH or install /usr/bin/chromium). ` + 'These browser tests did not run.',
    );
  }
  return missing;
}

export function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or install /usr/bin/chromium');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export interface ProductionServer {
  baseUrl: string;
  port: number;
  dataDir: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Starts `node scripts/start.js` (what `npm start` runs: it rebuilds the web app and the server
 * when their sources changed, then runs the compiled server) in production mode on a free port
 * with its own data folder; its embedded database starts as a copy of `databaseTemplate` when given
 * (web/e2e/global-setup.ts), else it is migrated from nothing.
 */
export async function startProductionServer(
  env: Record<string, string | undefined> = {},
  { databaseTemplate }: { databaseTemplate?: string } = {},
): Promise<ProductionServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cars-e2e-'));
  if (databaseTemplate) cpSync(databaseTemplate, embeddedDirectory({ dataDir }), { recursive: true });
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    CHROME_PATH: chromiumPath(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    BOT_TOKEN: E2E_BOT_TOKEN,
    BOT_USERNAME: E2E_BOT_USERNAME,
    BOT_MODE: 'off',
    LOG_LEVEL: 'warn',
    ...env,
  })) {
    if (value !== undefined) childEnv[key] = value;
  }

  const child = spawn(process.execPath, ['scripts/start.js'], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log, 200_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, port, dataDir, output: () => log, stop };
}

export interface TelegramUser {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  is_premium?: boolean;
  allows_write_to_pm?: boolean;
}

export const DEFAULT_TELEGRAM_USER: TelegramUser = {
  id: 700_000_001,
  first_name: 'Test',
  last_name: 'Applicant',
  username: 'test_applicant',
  language_code: 'en',
  allows_write_to_pm: true,
};

export const LIGHT_THEME = {
  bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#707579',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  secondary_bg_color: '#f1f1f1',
  header_bg_color: '#ffffff',
  accent_text_color: '#2481cc',
  section_bg_color: '#ffffff',
  section_header_text_color: '#6d6d72',
  subtitle_text_color: '#707579',
  destructive_text_color: '#e53935',
};

export const DARK_THEME = {
  bg_color: '#17212b',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
  secondary_bg_color: '#232e3c',
  header_bg_color: '#17212b',
  accent_text_color: '#6ab2f2',
  section_bg_color: '#17212b',
  section_header_text_color: '#6ab3f3',
  subtitle_text_color: '#708499',
  destructive_text_color: '#ec3942',
};

export interface TelegramLaunchOptions {
  startParam?: string;
  /** null launches without a user (as from a reply-keyboard button). */
  user?: TelegramUser | null;
  themeParams?: Record<string, string>;
  platform?: string;
  version?: string;
  authDate?: Date;
}

/** Init data as Telegram would send it, signed with the test bot token so the server accepts it. */
export function signedInitData(options: TelegramLaunchOptions = {}): string {
  const user = options.user === undefined ? DEFAULT_TELEGRAM_USER : options.user;
  return sign(
    {
      ...(user ? { user } : {}),
      ...(options.startParam ? { start_param: options.startParam } : {}),
      chat_instance: '8134722200314281151',
      chat_type: 'private',
      signature: 'e2e-signature',
    },
    E2E_BOT_TOKEN,
    options.authDate ?? new Date(),
  );
}

/** The URL Telegram would open: the app path plus launch parameters in the hash. */
export function telegramLaunchUrl(baseUrl: string, path: string, options: TelegramLaunchOptions = {}): string {
  const params = new URLSearchParams({
    tgWebAppData: signedInitData(options),
    tgWebAppVersion: options.version ?? '8.0',
    tgWebAppPlatform: options.platform ?? 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(options.themeParams ?? LIGHT_THEME),
  });
  if (options.startParam) params.set('tgWebAppStartParam', options.startParam);
  return `${baseUrl}${path}#${params.toString()}`;
}

/**
 * Runs in the page before any app code: plays the Telegram client. Every call the SDK makes
 * through `window.TelegramWebviewProxy.postEvent` is recorded in `window.__tgEvents`; requests
 * that expect an answer (viewport, theme, safe areas) are answered the way a client would.
 * `window.__tgEmit(type, data)` delivers an event the way the bridge receives one: a `message`
 * event whose source is `window.parent` and whose data is `{eventType, eventData}` as JSON.
 */
export function telegramHostScript(themeParams: Record<string, string> = LIGHT_THEME): string {
  return `(() => {
  const theme = ${JSON.stringify(themeParams)};
  window.__tgEvents = [];
  const emit = (eventType, eventData) => {
    window.dispatchEvent(new MessageEvent('message', {
      data: JSON.stringify({ eventType, eventData }),
      source: window.parent,
    }));
  };
  window.__tgEmit = emit;
  const answers = {
    web_app_request_viewport: () => ['viewport_changed', {
      height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true,
    }],
    web_app_request_theme: () => ['theme_changed', { theme_params: theme }],
    web_app_request_safe_area: () => ['safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }],
    web_app_request_content_safe_area: () => ['content_safe_area_changed', { top: 0, bottom: 0, left: 0, right: 0 }],
  };
  window.TelegramWebviewProxy = {
    postEvent(eventType, eventData) {
      let data;
      try { data = eventData ? JSON.parse(eventData) : undefined; } catch { data = eventData; }
      window.__tgEvents.push([eventType, data]);
      const answer = answers[eventType];
      if (answer) setTimeout(() => emit(...answer()), 0);
    },
  };
})();`;
}

/**
 * Waits until the app has taken the page over (the shell marks <html data-host>). A public page
 * arrives rendered from the server and is on screen before its script runs; like a person, a test
 * waits for the app before it clicks (docs/decisions/021-server-rendered-public-pages.md).
 */
export async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.host !== undefined);
}

/** The page's goto and reload wait for the app after an HTML page has loaded (see appReady). */
export function waitingForTheApp(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const thenReady = async (response: Awaited<ReturnType<Page['goto']>>) => {
    const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
    if (html && (await page.evaluate(() => true).catch(() => false))) await appReady(page);
    return response;
  };
  page.goto = async (...args) => thenReady(await goto(...args));
  page.reload = async (...args) => thenReady(await reload(...args));
  return page;
}

/** What the pages of a test showed a developer as wrong, checked after the test. */
export interface NoiseGuard {
  /** Watches a page and the pages its profile opens later (popups); each once, however often handed over. */
  watch(page: Page): void;
  /**
   * Lets the current test's pages show what `pattern` matches: for a test that provokes an error
   * on purpose (say why beside the call). Reset after each test.
   */
  allow(pattern: RegExp): void;
  /** After the test, its pages closed: throws, listing everything not allowed. */
  check(): void;
}

/**
 * A NoiseGuard allowance for a request a test makes fail on purpose: `status` for `path` (with any
 * query), both as the failed answer and as the line Chromium logs for it in the console.
 */
export function failedRequest(status: number, path: string): RegExp {
  const address = `https?://[^/ ]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?[^ )]*)?`;
  return new RegExp(
    `^(HTTP ${status}: [A-Z]+ ${address}|console\\.error: Failed to load resource: the server responded with a status of ${status} .*\\(${address}\\))$`,
  );
}

/**
 * Console errors and warnings, uncaught errors, and answers with a 4xx or 5xx status, each as one
 * line naming its address. A page load logs none of them; useBrowserSuite fails a test on any.
 */
export function noiseGuard(): NoiseGuard {
  const noise: string[] = [];
  const allowed: RegExp[] = [];
  const pages = new WeakSet<Page>();
  const contexts = new WeakSet<BrowserContext>();
  const watchPage = (page: Page) => {
    if (pages.has(page)) return;
    pages.add(page);
    page.on('console', (message) => {
      const type = message.type();
      if (type === 'error' || type === 'warning') noise.push(`console.${type}: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => noise.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) noise.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    });
  };
  return {
    watch(page) {
      watchPage(page);
      const context = page.context();
      if (contexts.has(context)) return;
      contexts.add(context);
      context.on('page', watchPage);
    },
    allow(pattern) {
      allowed.push(pattern);
    },
    check() {
      const unexpected = noise.splice(0).filter((entry) => !allowed.some((pattern) => pattern.test(entry)));
      allowed.splice(0);
      if (unexpected.length > 0) throw new Error(`The page logged errors or warnings:\n${unexpected.join('\n')}`);
    },
  };
}

export type TelegramEvent = [method: string, params: unknown];

/** Opens a page whose Telegram host is faked (install before navigating). */
export async function openTelegramPage(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: TelegramLaunchOptions & { viewport?: { width: number; height: number } } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 390, height: 800 } });
  const page = waitingForTheApp(await context.newPage());
  await page.addInitScript({ content: telegramHostScript(options.themeParams ?? LIGHT_THEME) });
  await page.goto(telegramLaunchUrl(baseUrl, path, options));
  return page;
}

export function telegramEvents(page: Page): Promise<TelegramEvent[]> {
  return page.evaluate(() => (window as unknown as { __tgEvents: TelegramEvent[] }).__tgEvents ?? []);
}

export async function emitTelegramEvent(page: Page, eventType: string, eventData?: unknown): Promise<void> {
  await page.evaluate(([type, data]) => (window as unknown as { __tgEmit: (t: string, d: unknown) => void }).__tgEmit(type, data), [
    eventType,
    eventData,
  ] as const);
}

/** The last parameters the page sent for one method (e.g. web_app_setup_main_button). */
export async function lastTelegramCall(page: Page, method: string): Promise<unknown> {
  const events = await telegramEvents(page);
  return events.filter(([name]) => name === method).at(-1)?.[1];
}

/** The API as the mini app calls it for `user` (signed init data). */
const fetchAsTelegramUser = (baseUrl: string, user: TelegramUser, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${path}`, { ...init, headers: { authorization: `tma ${signedInitData({ user })}`, ...init.headers } });

/** `user` opens the mini app for the first time (POST /api/users/register); answers their user id. */
export async function registerTelegramUser(baseUrl: string, user: TelegramUser): Promise<number> {
  expect((await fetchAsTelegramUser(baseUrl, user, '/api/users/register', { method: 'POST' })).status).toBe(200);
  return ((await (await fetchAsTelegramUser(baseUrl, user, '/api/me')).json()) as { user: { id: number } }).user.id;
}

/** A registered `user` uploads both sides of a licence and submits an application for the staff screens to work on. */
export async function submitApplicationAs(baseUrl: string, user: TelegramUser, userId: number): Promise<void> {
  const upload = async (side: 'front' | 'back', background: string) => {
    const jpeg = await sharp({ create: { width: 320, height: 200, channels: 3, background } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('side', side);
    form.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `${side}.jpg`);
    const response = await fetchAsTelegramUser(baseUrl, user, '/api/applications/documents', { method: 'POST', body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };
  const images = { front: await upload('front', '#336699'), back: await upload('back', '#996633') };
  const submitted = await fetchAsTelegramUser(baseUrl, user, '/api/applications', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(submissionBody(userId, images)),
  });
  expect(submitted.status, await submitted.clone().text()).toBe(201);
}

/**
 * Signs `page`'s browser in as a staff member through POST /api/auth/telegram-widget, as the
 * login button's page would (the widget's data signed here with the bot token, as Telegram signs
 * it), then opens `path`. For suites running with STAFF_MFA=off; web/e2e/passkeys.e2e.test.ts
 * signs in through the bot instead.
 */
export async function signInStaff(page: Page, baseUrl: string, staff: { id: number; first_name: string; last_name: string }, path: string) {
  await page.goto(`${baseUrl}/`);
  const login = signWidgetLogin(staff, E2E_BOT_TOKEN);
  const status = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/auth/telegram-widget', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    login,
  );
  expect(status).toBe(200);
  await page.goto(`${baseUrl}${path}`);
  return page;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');
let axeSource: string | undefined;

/**
 * Runs axe-core in the page and answers its serious and critical violations (all of them with
 * `{ minImpact: 'minor' }`). Summaries are short so a failing assertion reads well. axe is
 * evaluated through the DevTools protocol, which our Content-Security-Policy (script-src 'self')
 * does not block, unlike an injected <script>.
 */
export async function axeViolations(
  page: Page,
  { minImpact = 'serious' }: { minImpact?: 'minor' | 'moderate' | 'serious' | 'critical' } = {},
): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) {
    axeSource ??= readFileSync(AXE_SCRIPT, 'utf8');
    await page.evaluate(axeSource);
  }
  const order = ['minor', 'moderate', 'serious', 'critical'];
  // Judge the page as it settles, not a button halfway through fading in (a transition's colours are no one's).
  // Endless ones (a marquee, a spinner) never finish and are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await page.evaluate(async () => {
    type AxeResult = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> };
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
  return results.filter((v) => order.indexOf(v.impact ?? 'minor') >= order.indexOf(minImpact));
}
