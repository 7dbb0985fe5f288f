import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/app.ts';
import { HttpError } from '../http/errors.ts';
import { createPdfRenderer, type PrintDocument } from './pdf-renderer.service.ts';

const CHROME_PATH = testConfig().pdf.chromePath;
if (!CHROME_PATH) console.warn('[pdf] SKIPPED the burst test: no Chromium found (install chromium or set CHROME_PATH). It did not run.');

const outcome = (promise: Promise<Buffer>) =>
  promise.then(
    () => 'rendered',
    (error: unknown) => (error instanceof HttpError ? error.code : String(error)),
  );

describe.skipIf(!CHROME_PATH)('a burst of documents (real Chromium)', () => {
  /** Answers the first document's picture only when the test says so, so that the others queue behind it for as long as it likes. */
  const held: ServerResponse[] = [];
  let requested: () => void;
  const firstRequest = new Promise<void>((resolve) => (requested = resolve));
  const pictures = createServer((_request, response) => {
    held.push(response);
    requested();
  });
  let origin = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const response of held) response.destroy();
    await new Promise((resolve) => pictures.close(resolve));
  });

  it('answers every document with a PDF or pdf_busy once the queue is full, never a render timeout', async () => {
    const queueLimit = 2;
    const renderer = createPdfRenderer({ chromePath: CHROME_PATH, concurrency: 1, queueLimit });
    try {
      const document = (html: string): PrintDocument => ({
        html,
        footerHtml: '<span></span>',
        info: { title: 'Burst', creator: 'Dealer', producer: 'Dealer' },
      });
      // The first one renders until its picture arrives; queueLimit more wait behind it; the next is refused at once.
      const first = outcome(renderer.render(document(`<p>first</p><img src="${origin}/picture.svg">`)));
      await firstRequest;
      const queued = Array.from({ length: queueLimit }, (_, i) => outcome(renderer.render(document(`<p>queued ${i}</p>`))));
      expect(await outcome(renderer.render(document('<p>one too many</p>')))).toBe('pdf_busy');
      held
        .shift()!
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
      expect([await first, ...(await Promise.all(queued))]).toEqual(Array(queueLimit + 1).fill('rendered'));
    } finally {
      await renderer.close();
    }
  });
});
