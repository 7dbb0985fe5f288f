import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { formatCents } from '../../../domain/format.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { TEST_DEAL_SETTINGS, TEST_DEALS } from '../../test/deals.ts';
import { createTelegramUser, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { printableApplication } from '../../test/printable-application.ts';
import { HttpError } from '../http/errors.ts';
import { loadCatalogues } from '../i18n/catalogues.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { createPdfRenderer } from '../pdf/pdf-renderer.service.ts';
import { applicationDocument } from './application-document.ts';

const run = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'pdf-test-'));

const CHROME_PATH = testConfig().pdf.chromePath;
const POPPLER_TOOLS = ['pdftotext', 'pdfinfo', 'pdfimages'] as const;
const POPPLER = POPPLER_TOOLS.every((tool) => spawnSync(tool, ['-v']).error === undefined);
const skipReason = !CHROME_PATH
  ? 'no Chromium found (install chromium or set CHROME_PATH)'
  : !POPPLER
    ? `no ${POPPLER_TOOLS.join(', ')} (install poppler-utils)`
    : undefined;
if (skipReason) console.warn(`[pdf] SKIPPED the rendering tests: ${skipReason}. They did not run.`);

const ADMIN: TestTelegramUser = { id: 8_300_001, first_name: 'Ada', last_name: 'Lovelace' };
const APPLICANT: TestTelegramUser = { id: 8_300_002, first_name: 'Mary', last_name: 'Major' };

let files = 0;
async function poppler(tool: (typeof POPPLER_TOOLS)[number], pdf: Buffer, args: string[] = []): Promise<string> {
  const file = join(scratch, `document-${files++}.pdf`);
  writeFileSync(file, pdf);
  const { stdout, stderr } = await run(tool, tool === 'pdftotext' ? [...args, '-enc', 'UTF-8', file, '-'] : [...args, file]);
  // Poppler mends a damaged file quietly but for a line here ("Syntax Error", "try to reconstruct").
  expect(stderr).toBe('');
  return stdout;
}

/** The file's properties as pdfinfo shows them: Title, Creator, Producer and the rest. */
async function propertiesOf(pdf: Buffer): Promise<Record<string, string>> {
  const lines = (await poppler('pdfinfo', pdf)).split('\n').map((line) => /^([A-Za-z ]+):\s+(.*)$/.exec(line));
  return Object.fromEntries(lines.flatMap((match) => (match ? [[match[1]!, match[2]!]] : [])));
}

/** The images the file holds, as pdfimages lists them: the page each is on and its pixels. */
async function imagesOf(pdf: Buffer): Promise<{ page: number; width: number; height: number }[]> {
  return (await poppler('pdfimages', pdf, ['-list']))
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [page, , , width, height] = line.trim().split(/\s+/).map(Number);
      return { page: page!, width: width!, height: height! };
    });
}

/** Every object the cross-reference table lists starts exactly where the table says. */
function misplacedObjects(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  const table = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const entries = text.slice(table).split('trailer')[0]!.trim().split('\n').slice(2);
  return entries.flatMap((entry, number) => {
    const [offset, , kind] = entry.trim().split(' ');
    return kind === 'n' && !text.startsWith(`${number} 0 obj`, Number(offset)) ? [`object ${number} at ${offset}`] : [];
  });
}

/** A licence photo as a phone sends it: stored at 2,400 × 1,500. */
const PHONE_PHOTO = { width: 3000, height: 1875 };

/** An application by `who` whose licence photos came from a phone. */
async function submittedWithPhonePhotos(app: FastifyInstance, db: FastifyInstance['db'], who: TestTelegramUser): Promise<number> {
  const applicant = await createTelegramUser(db, who.id, { first_name: 'Mary', last_name: 'Major' });
  return (await submitTestApplication(app, who, applicant.id, {}, PHONE_PHOTO)).id;
}

/** An applicant who has submitted the test application (with a car), seen by staff after one status change. */
async function submittedApplication(app: FastifyInstance, db: FastifyInstance['db']): Promise<number> {
  await createTelegramUser(db, ADMIN.id, { is_admin: true, first_name: 'Ada', last_name: 'Lovelace' });
  const applicant = await createTelegramUser(db, APPLICANT.id, { first_name: 'Mary', last_name: 'Major' });
  const car = await db.selectFrom('cars').select('uuid').executeTakeFirst();
  return (await submitTestApplication(app, APPLICANT, applicant.id, { carId: car?.uuid ?? null })).id;
}

const errorCode = (body: string) => (JSON.parse(body) as ErrorBody).error.code;

describe.skipIf(skipReason !== undefined)('GET /api/applications/{id}/pdf (real Chromium)', () => {
  const t = useTestApp('pglite', { seed: { cars: 1 } });
  let id: number;
  let english: Buffer;

  beforeAll(async () => {
    id = await submittedApplication(t.app, t.db);
    await t.db
      .updateTable('applications')
      .set({
        previous_employment: JSON.stringify({
          employerName: 'Globex Inc',
          occupation: 'Technician',
          workPhone: null,
          status: 'Self-Employed',
          employerAddress: { line1: '500 Globex Rd', line2: null, city: 'Peoria', state: 'IL', postalCode: '61603' },
          totalMonthsEmployed: 30,
        }),
      })
      .where('id', '=', id)
      .execute();
    const status = await injectAs(t.app, ADMIN, {
      method: 'PATCH',
      url: `/api/applications/${id}/status`,
      payload: { status: 'approved' },
    });
    expect(status.statusCode, status.body).toBe(200);
  });

  // This file's one browser goes with it.
  afterAll(() => t.app.pdf.close());

  it('hands an admin the whole application as a US Letter attachment, never cached', async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${id}/pdf` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="application-${id}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    english = res.rawPayload;
    expect(english.subarray(0, 5).toString()).toBe('%PDF-');

    const info = await poppler('pdfinfo', english);
    expect(info).toMatch(/Page size:\s+612 x 792 pts/);
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThanOrEqual(2);
  });

  it("names the application in the file's properties, never the applicant or the browser's version", async () => {
    const properties = await propertiesOf(english);
    expect(properties).toMatchObject({ Title: `Application #${id}`, Creator: t.config.company.name, Producer: t.config.company.name });
    expect(properties.CreationDate).toMatch(/\d{4}/);
    expect(JSON.stringify(properties)).not.toMatch(/Mary|Major|Chrome|Mozilla|Skia/);
    const raw = english.toString('latin1');
    for (const trace of ['Mary', 'Major', 'HeadlessChrome', 'Mozilla', 'Skia']) expect(raw).not.toContain(trace);
    expect(misplacedObjects(english)).toEqual([]);
  });

  it('prints every section with labelled lines, US formats and the full SSN', async () => {
    const text = await poppler('pdftotext', english);
    for (const heading of [
      'Credit Application',
      'Personal Information',
      'Housing Information',
      'Income Information',
      'Vehicle',
      'Status History',
      'Consents',
      'Driver License',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('Liberty Auto Credit');
    expect(text).toContain('Mary');
    expect(text).toContain('Major');
    expect(text).toContain('123-45-6789');
    expect(text).toContain('01/31/1990');
    expect(text).toContain('(555) 123-4567');
    expect(text).toContain('$5,200');
    expect(text).toContain('$1,250');
    for (const label of [
      'Street',
      'Suite/Apt',
      'City',
      'State',
      'ZIP Code',
      'Employer Name',
      'Occupation',
      'Work Phone',
      'Employment Status',
      'Employer Address',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('12 Elm St.');
    expect(text).toContain('Apt 4B');
    expect(text).toContain('62701');
    expect(text).toContain('Acme Corp');
    expect(text).toContain('(555) 987-6543');
    // Previous address and employment, which this application has.
    expect(text).toContain('Previous Address');
    expect(text).toContain('9 Oak Ave');
    expect(text).toContain('Previous Employment');
    expect(text).toContain('Globex Inc');
    // The previous job has no work phone, and the employer's address no suite.
    expect(text).toContain('—');
    expect(text).toContain('Approved');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('2026-11-01');
  });

  it('puts both licence photos on a page of their own, after the rest', async () => {
    const pages = Number(/Pages:\s+(\d+)/.exec(await poppler('pdfinfo', english))?.[1]);
    expect((await imagesOf(english)).map((image) => image.page)).toEqual([pages, pages]);
    const lastPage = await poppler('pdftotext', english, ['-f', String(pages), '-l', String(pages)]);
    expect(lastPage).toContain('Driver License');
    expect(lastPage).not.toContain('Personal Information');
  });

  it("prints a phone's licence photos from their print-size copies, not the 2,400-pixel photos", async () => {
    const phoned = await submittedWithPhonePhotos(t.app, t.db, { id: 8_300_003 });
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${phoned}/pdf` });
    expect(res.statusCode, res.body).toBe(200);
    const printSize = { width: 1200, height: 750 };
    expect((await imagesOf(res.rawPayload)).map(({ width, height }) => ({ width, height }))).toEqual([printSize, printSize]);
  });

  it('prints the licence photos themselves for an application uploaded before print copies were kept', async () => {
    const older = await submittedWithPhonePhotos(t.app, t.db, { id: 8_300_004 });
    await t.db.updateTable('application_documents').set({ print_content_encrypted: null }).where('application_id', '=', older).execute();
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${older}/pdf` });
    expect(res.statusCode, res.body).toBe(200);
    const stored = { width: 2400, height: 1500 };
    expect((await imagesOf(res.rawPayload)).map(({ width, height }) => ({ width, height }))).toEqual([stored, stored]);
    expect(await poppler('pdftotext', res.rawPayload)).toContain('Driver License');
  });

  it('signs every page: Confidential, who generated it and when, page X of Y', async () => {
    const text = await poppler('pdftotext', english);
    const pages = Number(/Pages:\s+(\d+)/.exec(await poppler('pdfinfo', english))?.[1]);
    expect(text).toContain('Page 1 of');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text.match(/Confidential/gi)?.length).toBeGreaterThanOrEqual(pages);
    expect(text.match(/Generated by Ada Lovelace on \d\d\/\d\d\/\d{4}/g)?.length).toBe(pages);
  });

  it('records the download in the audit log with its language', async () => {
    const events = await t.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'details'])
      .where('action', '=', 'application.pdf_downloaded')
      .where('entity_id', '=', String(id))
      .execute();
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0]!.details).toEqual({ lang: 'en' });
  });

  it('translates the labels with ?lang=uk', async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${id}/pdf?lang=uk` });
    expect(res.statusCode, res.body).toBe(200);
    const text = await poppler('pdftotext', res.rawPayload);
    for (const label of [
      'Кредитна заявка',
      'Особиста інформація',
      'Інформація про житло',
      'Вулиця',
      'Поштовий індекс (ZIP)',
      'Назва роботодавця',
      'Схвалено',
      'Конфіденційно',
      'Сторінка 1 з',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).not.toContain('Personal Information');
    expect(text).toContain('123-45-6789');
    expect((await propertiesOf(res.rawPayload)).Title).toBe(`Заявка №${id}`);
  });

  it("leaves the staff's internal notes out of the printed application", async () => {
    const note = await injectAs(t.app, ADMIN, {
      method: 'POST',
      url: `/api/applications/${id}/notes`,
      payload: { text: 'Internal remark 5c1e', contacted: true },
    });
    expect(note.statusCode, note.body).toBe(201);
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${id}/pdf` });
    expect(res.statusCode).toBe(200);
    const text = await poppler('pdftotext', res.rawPayload);
    expect(text).toContain('Mary');
    expect(text).not.toContain('5c1e');
  });

  it('refuses anyone but staff', async () => {
    expect((await injectAs(t.app, null, { method: 'GET', url: `/api/applications/${id}/pdf` })).statusCode).toBe(401);
    expect((await injectAs(t.app, APPLICANT, { method: 'GET', url: `/api/applications/${id}/pdf` })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown application and 400 for a malformed language', async () => {
    expect((await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/applications/999999/pdf' })).statusCode).toBe(404);
    expect((await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${id}/pdf?lang=12%21` })).statusCode).toBe(400);
  });

  // Ten at once outrun the queue's deadline on a busy machine: one past it is refused with pdf_busy
  // while it still waits, or pdf_unavailable once it started to render (the renderer's test below).
  it('serves ten requests at once from one browser: each a PDF or a 503 within its deadline, none hanging', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${id}/pdf` })),
    );
    for (const res of answers) {
      if (res.statusCode === 200) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      else expect([res.statusCode, ['pdf_busy', 'pdf_unavailable'].includes(errorCode(res.body))]).toEqual([503, true]);
    }
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    expect(t.app.pdf.launches).toBe(1);
  }, 60_000);

  it('starts a new browser when Chromium dies', async () => {
    const browser = await t.app.pdf.browser();
    const gone = new Promise((resolve) => browser.once('disconnected', resolve));
    browser.process()?.kill('SIGKILL');
    await gone;
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${id}/pdf` });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.app.pdf.launches).toBe(2);
  });
});

describe('GET /api/applications/{id}/pdf without Chromium', () => {
  let database: TestDatabase;
  let runtime: Runtime;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    runtime = await createRuntime(
      { ...testConfig(), pdf: { chromePath: undefined } },
      { db: database.db, logger: false, webDist: join(scratch, 'no-web-build') },
    );
  });
  afterAll(async () => {
    await runtime.close();
    await database.drop();
  });

  it('answers 503 pdf_unavailable, saying what to install', async () => {
    const id = await submittedApplication(runtime.app, database.db);
    const res = await injectAs(runtime.app, ADMIN, { method: 'GET', url: `/api/applications/${id}/pdf` });
    expect(res.statusCode).toBe(503);
    const { error } = res.json<ErrorBody>();
    expect(error.code).toBe('pdf_unavailable');
    expect(error.message).toContain('CHROME_PATH');
    const audited = await database.db.selectFrom('audit_events').select('id').where('action', '=', 'application.pdf_downloaded').execute();
    expect(audited).toEqual([]);
  });
});

describe.skipIf(skipReason !== undefined)('documents printed by the PDF renderer alone (real Chromium)', () => {
  const renderer = createPdfRenderer({ chromePath: CHROME_PATH });
  afterAll(() => renderer.close());

  it("prints an application's deal: its lines, its payment and the finance disclosure", async () => {
    const catalogues = await loadCatalogues();
    const deal = TEST_DEALS.finance();
    if (deal.quote.type !== 'finance') throw new Error('not finance');
    const document = applicationDocument({
      application: printableApplication({ deal }),
      dealSettings: TEST_DEAL_SETTINGS,
      licence: [],
      company: 'Dealer',
      generatedBy: 'Ada Lovelace',
      generatedAt: new Date('2026-06-16T12:00:00.000Z'),
      timeZone: 'America/Chicago',
      lang: 'en',
      t: (id, values) => catalogues.translate('en', id, values),
    });
    const text = await poppler('pdftotext', await renderer.render(document));
    for (const words of [
      'The deal',
      'Type of deal',
      'Finance',
      'Excellent 720+',
      'GAP protection',
      'Rebate: Spring rebate',
      'Trade-in equity',
      'Amount financed',
      formatCents(deal.quote.amountFinancedCents),
      formatCents(deal.quote.paymentCents),
      '72 monthly payments of',
    ]) {
      expect(text).toContain(words);
    }
  });

  it.each([
    ['a short dealer name', 'Acme'],
    ['a long dealer name in Cyrillic', 'Автосалон «Київ» — кредити на авто для всіх, хто мешкає у США та має посвідчення водія'],
  ])('writes the given title and creator with %s, whatever the page says, and keeps the file exact', async (_case, dealer) => {
    const pdf = await renderer.render({
      html: '<!doctype html><title>Mary Major</title><p>Mary Major</p>',
      footerHtml: '<span></span>',
      info: { title: 'Application #7', creator: dealer, producer: dealer },
    });
    expect(await propertiesOf(pdf)).toMatchObject({ Title: 'Application #7', Creator: dealer, Producer: dealer });
    expect(misplacedObjects(pdf)).toEqual([]);
    expect(await poppler('pdftotext', pdf)).toContain('Mary Major');
  });
});

describe('the PDF renderer when Chromium misbehaves', () => {
  const document = { html: '<p>x</p>', footerHtml: '<span></span>', info: { title: 'x', creator: 'x', producer: 'x' } };
  /** A "browser" that starts, never answers and exits after a while. */
  const hangingBrowser = join(scratch, 'hanging-browser.sh');
  writeFileSync(hangingBrowser, '#!/bin/sh\nexec sleep 1\n');
  chmodSync(hangingBrowser, 0o755);

  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'rendered',
      (error: unknown) => (error instanceof HttpError ? error.code : String(error)),
    );

  it('answers pdf_unavailable, not a 500, when the browser will not start', async () => {
    const renderer = createPdfRenderer({ chromePath: '/bin/false' });
    const failure = await renderer.render(document).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).code).toBe('pdf_unavailable');
    expect((failure as HttpError).message).toContain('/bin/false');
    await renderer.close();
  });

  it('refuses a document at once when the queue is full', async () => {
    const renderer = createPdfRenderer({ chromePath: hangingBrowser, concurrency: 1, queueLimit: 0, timeoutMs: 300 });
    const first = codeOf(renderer.render(document));
    expect(await codeOf(renderer.render(document))).toBe('pdf_busy');
    expect(await first).toBe('pdf_unavailable');
    await renderer.close();
  });

  it('gives up within its deadline: pdf_busy while queued, pdf_unavailable while rendering', async () => {
    const renderer = createPdfRenderer({ chromePath: hangingBrowser, concurrency: 1, queueLimit: 1, timeoutMs: 300 });
    const started = Date.now();
    const [rendering, queued] = await Promise.all([codeOf(renderer.render(document)), codeOf(renderer.render(document))]);
    expect([rendering, queued]).toEqual(['pdf_unavailable', 'pdf_busy']);
    expect(Date.now() - started).toBeLessThan(1500);
    await renderer.close();
  });
});
