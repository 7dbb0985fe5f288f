import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchBrowser, startProductionServer, waitingForTheApp, noiseGuard, type ProductionServer } from './harness.ts';

export interface BrowserSuite {
  readonly server: ProductionServer;
  readonly browser: Browser;
  /**
   * Lets the current test's pages show what `pattern` matches among their console errors and
   * warnings, uncaught errors and failed (4xx/5xx) requests: for a test that provokes one on
   * purpose (say why beside the call). Anything else fails the test (harness.ts, noiseGuard).
   */
  allowNoise(pattern: RegExp): void;
  /** A fresh browser profile, closed after the test; its pages' goto and reload wait for the app (harness.ts, waitingForTheApp). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** Closes this page's browser profile after the test (pages opened by openTelegramPage). */
  track(page: Page): Page;
}

/**
 * One production server and one Chromium for the calling suite; every browser profile a test
 * opens is closed after that test, so no cookie or storage leaks from one test to the next.
 */
export function useBrowserSuite(env: Record<string, string | undefined> = {}): BrowserSuite {
  let server: ProductionServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  // Every page a test opens is watched; the test fails on what they logged (harness.ts, noiseGuard).
  const noise = noiseGuard();
  beforeAll(async () => {
    server = await startProductionServer(env, { databaseTemplate: inject('e2eDatabaseTemplate') });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    noise.check();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useBrowserSuite: the server and browser exist only inside tests');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    async newContext(options) {
      const context = await started(browser).newContext(options);
      contexts.push(context);
      context.on('page', (page) => noise.watch(page));
      // Pages without script have no app to wait for.
      if (options?.javaScriptEnabled !== false) {
        const newPage = context.newPage.bind(context);
        context.newPage = async () => waitingForTheApp(await newPage());
      }
      return context;
    },
    track(page) {
      contexts.push(page.context());
      noise.watch(page);
      return page;
    },
    allowNoise(pattern) {
      noise.allow(pattern);
    },
  };
}
