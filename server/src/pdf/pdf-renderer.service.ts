import type { Browser, BrowserContext, Page, PDFOptions } from 'puppeteer-core';
import { HttpError } from '../http/errors.ts';
import { type DocumentInfo, withDocumentInfo } from './document-info.ts';
import { PAGE_MARGINS, warmUpHtml } from './print-theme.service.ts';

/** A self-contained page (fonts and images inline) and the footer Chromium prints on each of its pages. */
export interface PrintDocument {
  html: string;
  /** Chromium's footerTemplate: fills elements of class pageNumber and totalPages. */
  footerHtml: string;
  /** The file's properties, in place of what Chromium writes there. */
  info: DocumentInfo;
}

export interface PdfRendererOptions {
  /** Chromium's executable; undefined when the machine has none, and then every render is 503 pdf_unavailable. */
  chromePath: string | undefined;
  /** Documents rendered at once. */
  concurrency?: number;
  /**
   * Documents that may wait for a free slot; the next one is refused at once (pdf_busy). Small
   * enough that the last of them starts within `timeoutMs` on a busy machine.
   */
  queueLimit?: number;
  /**
   * From the start of a document's render to its finished file (else pdf_unavailable); a document
   * still waiting for a slot after as long is refused with pdf_busy instead.
   */
  timeoutMs?: number;
}

/** The one Chromium of this process, behind a bounded queue (Chromium work is bounded per instance, docs/product/limits.md#limits-and-constants). */
export interface PdfRenderer {
  /** US Letter PDF bytes; HttpError 503 pdf_busy or pdf_unavailable when it cannot be had in time. */
  render(document: PrintDocument): Promise<Buffer>;
  /** The browser, launched if need be: the PDF bench prints its floor on it. */
  browser(): Promise<Browser>;
  /** Chromium processes started so far: one for the life of the process, unless one died. */
  readonly launches: number;
  close(): Promise<void>;
}

const PDF_CONCURRENCY = 2;
const PDF_QUEUE_LIMIT = 8;
const PDF_TIMEOUT_MS = 15_000;

/** Headless Chromium as this machine and a container run it; the browser tests launch with the same flags. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Every DevTools call fails after this long, so a wedged Chromium cannot hold a slot for ever. */
const PROTOCOL_TIMEOUT_MS = 20_000;

export const PRINT_OPTIONS = {
  format: 'Letter',
  printBackground: true,
  displayHeaderFooter: true,
  headerTemplate: '<span></span>',
  margin: PAGE_MARGINS,
} as const satisfies PDFOptions;

/** A browser context of its own with one page, never yet shown a document. */
interface Tab {
  context: BrowserContext;
  page: Page;
}

const busy = () => new HttpError('pdf_busy', 'Too many PDFs are being made right now. Try again in a few seconds.');
const unavailable = (reason: string, cause?: unknown) =>
  Object.assign(new HttpError('pdf_unavailable', `PDFs cannot be made right now: ${reason}`), { cause });
const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();

interface Waiter {
  grant: () => void;
  refuse: (error: HttpError) => void;
}

export function createPdfRenderer({
  chromePath,
  concurrency = PDF_CONCURRENCY,
  queueLimit = PDF_QUEUE_LIMIT,
  timeoutMs = PDF_TIMEOUT_MS,
}: PdfRendererOptions): PdfRenderer {
  let launched: Promise<Browser> | undefined;
  let launches = 0;
  let closed = false;
  let active = 0;
  const waiting: Waiter[] = [];
  /**
   * One context made and warmed up ahead of need: a fresh context starts a new renderer process,
   * which costs several times the printing itself. It is still fresh for the document that takes
   * it: it has shown only our stylesheet, never anyone's data.
   */
  let spare: Promise<Tab> | undefined;

  function forget(browser: Promise<Browser>) {
    if (launched !== browser) return;
    launched = undefined;
    spare = undefined;
  }

  async function open(path: string): Promise<Browser> {
    // Loaded on first use: a server that never prints never pays for Puppeteer.
    const { launch: start } = await import('puppeteer-core');
    try {
      const browser = await start({
        executablePath: path,
        headless: true,
        pipe: true,
        args: CHROMIUM_ARGS,
        protocolTimeout: PROTOCOL_TIMEOUT_MS,
        // The runtime closes the browser on shutdown; Puppeteer must not race it on signals.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      launches += 1;
      return browser;
    } catch (error) {
      throw unavailable(
        `Chromium at ${path} could not be started (${firstLine(error)}). Check CHROME_PATH and that the browser runs on this machine.`,
        error,
      );
    }
  }

  function usablePath(): string {
    if (closed) throw unavailable('the server is shutting down.');
    if (!chromePath)
      throw unavailable(
        'no Chromium was found on this machine. Install it (Debian: apt-get install chromium) or set CHROME_PATH to its executable.',
      );
    return chromePath;
  }

  async function launch(): Promise<Browser> {
    if (!launched) {
      const starting = open(usablePath());
      launched = starting;
      // A failed start is tried again, and a crashed or killed Chromium replaced, on the next document.
      starting.then(
        (browser) => browser.once('disconnected', () => forget(starting)),
        () => forget(starting),
      );
    }
    return launched;
  }

  async function openTab(browser: Browser): Promise<Tab> {
    const context = await browser.createBrowserContext();
    try {
      const page = await context.newPage();
      // The documents are our own HTML: no script is needed, and none may run.
      await page.setJavaScriptEnabled(false);
      await page.setContent(warmUpHtml(), { waitUntil: 'load' });
      await page.pdf({ ...PRINT_OPTIONS, footerTemplate: '<span></span>' });
      return { context, page };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /** The spare when there is one (waiting for it if it is still warming up), else a new tab. */
  function takeTab(browser: Browser): Promise<Tab> {
    const tab = spare ? spare.catch(() => openTab(browser)) : openTab(browser);
    spare = undefined;
    return tab;
  }

  function prepareSpare() {
    if (closed || spare || !launched) return;
    spare = launched.then(openTab);
    // A spare that failed is replaced by a new tab when a document takes it.
    spare.catch(() => undefined);
  }

  /** A slot, or pdf_busy when the queue is full or none frees up within `timeoutMs`. */
  function acquire(): Promise<void> {
    if (active < concurrency) {
      active += 1;
      return Promise.resolve();
    }
    if (waiting.length >= queueLimit) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
        refuse: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(waiter), 1);
        reject(busy());
      }, timeoutMs);
      waiting.push(waiter);
    });
  }

  function release() {
    const next = waiting.shift();
    if (next) next.grant();
    else active -= 1;
  }

  /** Prints in a tab of its own, hands the PDF to `printed` as soon as it exists, then closes the tab's context. */
  async function print(document: PrintDocument, deadline: number, printed: (pdf: Buffer) => void): Promise<void> {
    const { context, page } = await takeTab(await launch());
    try {
      await page.setContent(document.html, { waitUntil: 'load', timeout: Math.max(1, deadline - Date.now()) });
      const pdf = await page.pdf({ ...PRINT_OPTIONS, footerTemplate: document.footerHtml, timeout: Math.max(1, deadline - Date.now()) });
      printed(withDocumentInfo(Buffer.from(pdf), document.info));
    } finally {
      // A dead browser took its contexts with it; there is nothing left to close then.
      await context.close().catch(() => undefined);
    }
  }

  async function render(document: PrintDocument): Promise<Buffer> {
    // Refused before queueing: waiting cannot bring a browser that is not there.
    usablePath();
    await acquire();
    // Counted from here, not from arrival: time spent queued is the queue's to bound (pdf_busy), so a
    // burst is answered with PDFs or pdf_busy, never with a render that ran out of time in the queue.
    const deadline = Date.now() + timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise<Buffer>((resolve, reject) => {
        timer = setTimeout(
          () => reject(unavailable(`the document took longer than ${timeoutMs / 1000} s to render. Try again.`)),
          Math.max(0, deadline - Date.now()),
        );
        // The answer need not wait for the context to close; the slot does, and the next spare after it.
        print(document, deadline, resolve)
          .catch(reject)
          .finally(() => {
            release();
            prepareSpare();
          });
      });
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw unavailable(`the browser failed while rendering (${firstLine(error)}). Try again.`, error);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    render,
    browser: launch,
    get launches() {
      return launches;
    },
    async close() {
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.refuse(unavailable('the server is shutting down.'));
      const browser = await launched?.catch(() => undefined);
      launched = undefined;
      spare = undefined;
      await browser?.close();
    },
  };
}
