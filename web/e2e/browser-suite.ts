import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { waitingForTheApp, noiseGuard } from './harness.ts';

/** A production server started by web/e2e/global-setup.ts, shared by the files that ask for its configuration. */
export interface SharedServer {
  baseUrl: string;
}

/** This file's connection to the one Chromium of the browser tests (web/e2e/global-setup.ts). */
export function connectBrowser(): Promise<Browser> {
  const endpoint = inject('e2eBrowser');
  if (!endpoint) throw new Error('No shared Chromium: run the browser tests as the e2e project (web/e2e/global-setup.ts)');
  return chromium.connect(endpoint);
}

/**
 * The production server for `env` (variables added to its environment), started on the first ask
 * and shared with every other file asking for the same ones: files that share one must leave each
 * other's data alone.
 */
async function sharedServer(env: Record<string, string | undefined>): Promise<SharedServer> {
  const registry = inject('e2eServers');
  if (!registry) throw new Error('No server registry: run the browser tests as the e2e project (web/e2e/global-setup.ts)');
  const response = await fetch(registry, { method: 'POST', body: JSON.stringify(env) });
  if (!response.ok) throw new Error(`The production server did not start:\n${await response.text()}`);
  return (await response.json()) as SharedServer;
}

export interface BrowserSuite {
  readonly server: SharedServer;
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
 * The production server of the calling suite's configuration (`env`) and a connection to the shared
 * Chromium; every browser profile a test opens is closed after that test, so no cookie or storage
 * leaks from one test to the next.
 */
export function useBrowserSuite(env: Record<string, string | undefined> = {}): BrowserSuite {
  let server: SharedServer | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  // Every page a test opens is watched; the test fails on what they logged (harness.ts, noiseGuard).
  const noise = noiseGuard();
  beforeAll(async () => {
    [server, browser] = await Promise.all([sharedServer(env), connectBrowser()]);
  });
  afterAll(async () => {
    // Closes this file's connection and its profiles; the browser and the server stay for the other files.
    await browser?.close();
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
