import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoment } from '../../../domain/date-time.ts';
import type { Language } from '../../../domain/enums.ts';
import { regBDueAt } from '../../../domain/regulation-b.ts';
import { testConfig } from '../../test/app.ts';
import { submissionBody, submit, submitTestApplication, TEST_BIRTH_DATE, TEST_SSN, uploadLicence } from '../../test/applications.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { createAdmin, createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { LocalSmtp, type ArrivedMail } from '../../test/local-smtp.ts';
import { recordingStream } from '../../test/log-lines.ts';
import { makeRetriesDue } from '../../test/outbox.ts';
import { createRuntime, type Runtime } from '../runtime.ts';

const ADMIN: TestTelegramUser = { id: 8_400_001, first_name: 'Ada' };
const DEALER = { COMPANY_NAME: 'Prairie Motors & Credit', COMPANY_ADDRESS: '400 Main Street, Wichita, KS 67202' };
const PUBLIC_URL = 'https://cars.example.test';

/** What must never be in an email to an applicant: the SSN, birth date, income and home address of the test application. */
const FINANCIAL_DATA = [TEST_SSN, '123-45-6789', TEST_BIRTH_DATE, '01/31/1990', '5200', '5,200', '12 Elm St.', 'Acme Corp'];

describe.each(DATABASE_KINDS)('emails to applicants on %s', (kind) => {
  let database: TestDatabase;
  let smtp: LocalSmtp;
  let runtime: Runtime;
  let car: string;
  let nextTelegramId = 8_400_100;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const row = await database.db
      .insertInto('cars')
      .values({ brand: 'Ford', model: 'Escape', year: 2020, price: 20000, mileage: 100, condition: 'used' })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    car = row.uuid;
    smtp = await LocalSmtp.start();
    runtime = await createRuntime(
      testConfig({ SMTP_URL: smtp.url, MAIL_FROM: 'Prairie Motors <credit@prairie.example>', PUBLIC_URL, ...DEALER }),
      { db: database.db, logger: false, webDist: join(tmpdir(), 'no-web-build'), outbox: { tickMs: 3_600_000 } },
    );
    await createAdmin(database.db, ADMIN.id);
  });
  afterEach(() => {
    smtp.arrived.length = 0;
    smtp.unknownRecipients.clear();
  });
  afterAll(async () => {
    await runtime?.close();
    await smtp?.stop();
    await database?.drop();
  });

  /** A web guest (no Telegram chat) who has submitted, with their language and email address. */
  async function webApplicant(language: Language, email: string) {
    const guest = await createGuest(runtime.app, car);
    await database.db.updateTable('users').set({ language }).where('id', '=', guest.userId).execute();
    const application = await submitTestApplication(runtime.app, { cookie: guest.cookie }, guest.userId, { carId: car });
    await database.db.updateTable('applications').set({ email }).where('id', '=', application.id).execute();
    return { ...guest, application };
  }

  const setStatus = (applicationId: number, status: string) =>
    injectAs(runtime.app, ADMIN, { method: 'PATCH', url: `/api/applications/${applicationId}/status`, payload: { status } });

  async function deliveryOf(applicationId: number) {
    const rows = await database.db
      .selectFrom('outbox_deliveries')
      .innerJoin('outbox_events', 'outbox_events.id', 'outbox_deliveries.event_id')
      .select(['payload', 'attempts', 'delivered_at', 'failed_at', 'last_error'])
      .where('consumer', '=', 'email')
      .where('kind', '=', 'application.submitted')
      .execute();
    const row = rows.find((candidate) => candidate.payload.applicationId === applicationId);
    if (!row) throw new Error(`no email delivery for application ${applicationId}`);
    return row;
  }

  function expectDealerAndNoFinancialData(mail: ArrivedMail) {
    for (const part of [mail.parsed.text ?? '', String(mail.parsed.html)]) {
      expect(part).toContain('400 Main Street, Wichita, KS 67202');
      expect(part).toContain(`${PUBLIC_URL}/application`);
    }
    expect(mail.parsed.text).toContain('Prairie Motors & Credit');
    expect(mail.parsed.html).toContain('Prairie Motors &amp; Credit');
    const everything = [mail.parsed.subject, mail.parsed.text, mail.parsed.html].join('\n');
    for (const secret of FINANCIAL_DATA) expect(everything).not.toContain(secret);
    expect(mail.raw).not.toContain(TEST_SSN);
  }

  it('sends a web applicant a receipt in their language when they submit, naming the dealer and linking to the status page', async () => {
    const { application } = await webApplicant('es', 'receipt@applicant.example');
    await runtime.outbox.tick();

    const [receipt, ...more] = smtp.to('receipt@applicant.example');
    expect(more).toEqual([]);
    expect(receipt!.parsed.subject).toBe(`Hemos recibido su solicitud de crédito n.º ${application.id}`);
    expect(receipt!.parsed.from?.value).toEqual([{ name: 'Prairie Motors', address: 'credit@prairie.example' }]);
    expect(receipt!.parsed.text).toContain('Hola, Mary:');
    expect(receipt!.parsed.text).toContain(`Hemos recibido su solicitud de crédito n.º ${application.id}`);
    expectDealerAndNoFinancialData(receipt!);
  });

  it('tells a web applicant in the receipt which car they chose, what happens next and by when they will hear, in the dealer’s zone', async () => {
    const { application } = await webApplicant('en', 'receipt-details@applicant.example');
    await runtime.outbox.tick();

    const [receipt] = smtp.to('receipt-details@applicant.example');
    const text = receipt!.parsed.text!.replace(/\s+/g, ' ');
    expect(text).toContain('Your chosen car: 2020 Ford Escape.');
    expect(text).toContain('Our team is reviewing your application. We may contact you if we need anything else.');
    const due = formatMoment(regBDueAt(new Date(application.submittedAt)), 'en', runtime.config.server.timeZone);
    expect(text).toContain(`We will tell you our decision by ${due}.`.replace(/\s+/g, ' '));
    expect(due).toMatch(/ C[SD]T$/);
  });

  it('writes to a web applicant in the language their page was in when they applied', async () => {
    const guest = await createGuest(runtime.app, car);
    const who = { cookie: guest.cookie };
    const front = await uploadLicence(runtime.app, who, 'front');
    const back = await uploadLicence(runtime.app, who, 'back');
    const body = submissionBody(guest.userId, { front: front.id, back: back.id }, { carId: car });
    const res = await submit(runtime.app, who, body, randomUUID(), { headers: { 'content-language': 'es-US' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: number }>();
    await database.db.updateTable('applications').set({ email: 'page-language@applicant.example' }).where('id', '=', id).execute();
    await runtime.outbox.tick();

    const [receipt] = smtp.to('page-language@applicant.example');
    expect(receipt!.parsed.subject).toBe(`Hemos recibido su solicitud de crédito n.º ${id}`);
  });

  it('tells a web applicant by email, in their language, each time staff change the status', async () => {
    const { application } = await webApplicant('uk', 'status@applicant.example');
    await runtime.outbox.tick();
    expect((await setStatus(application.id, 'approved')).statusCode).toBe(200);
    await runtime.outbox.tick();

    const [, approved] = smtp.to('status@applicant.example');
    expect(approved!.parsed.subject).toBe(`Ваша кредитна заявка №${application.id}: Схвалено`);
    expect(approved!.parsed.text).toContain(`Статус вашої кредитної заявки №${application.id}: Схвалено.`);
    expectDealerAndNoFinancialData(approved!);
  });

  it('tells a web applicant by email, in their language, that the desk sent an offer on their deal, with none of its figures', async () => {
    const { application } = await webApplicant('es', 'offer@applicant.example');
    await runtime.outbox.tick();
    const sent = await injectAs(runtime.app, ADMIN, {
      method: 'POST',
      url: `/api/applications/${application.id}/offers`,
      payload: { input: { type: 'finance', zip: '67202', tierId: 'good', termMonths: 48 }, terms: { priceCents: 1_875_000 } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await runtime.outbox.tick();

    const [, offer] = smtp.to('offer@applicant.example');
    expect(offer!.parsed.subject).toBe(`Una oferta sobre su solicitud de crédito n.º ${application.id}`);
    expect(offer!.parsed.text).toContain('Abra su solicitud para compararla con lo que pidió y aceptarla o rechazarla.');
    expectDealerAndNoFinancialData(offer!);
    expect(offer!.parsed.text).not.toMatch(/18[.,]?750/);
  });

  it.skipIf(!testConfig().pdf.chromePath)(
    'sends a rejected web applicant the adverse-action notice as an attached PDF, and records it delivered by email',
    async () => {
      const { application } = await webApplicant('ru', 'notice@applicant.example');
      await runtime.outbox.tick();
      const rejected = await injectAs(runtime.app, ADMIN, {
        method: 'PATCH',
        url: `/api/applications/${application.id}/status`,
        payload: { status: 'rejected', reasons: ['insufficient_income', 'length_of_employment'] },
      });
      expect(rejected.statusCode).toBe(200);
      await runtime.outbox.tick();

      const notice = smtp.to('notice@applicant.example').find((mail) => mail.parsed.attachments.length > 0);
      expect(notice!.parsed.subject).toBe(`Уведомление о решении по вашей кредитной заявке №${application.id}`);
      expect(notice!.parsed.attachments.map((file) => file.contentType)).toEqual(['application/pdf']);
      expect(notice!.parsed.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
      expectDealerAndNoFinancialData(notice!);
      const recorded = await database.db
        .selectFrom('adverse_action_notices')
        .select(['delivery_channel', 'delivered_at'])
        .where('application_id', '=', application.id)
        .executeTakeFirstOrThrow();
      expect(recorded.delivery_channel).toBe('email');
      expect(recorded.delivered_at).not.toBeNull();
    },
    60_000,
  );

  it('sends a Telegram applicant neither the receipt nor the status email: the bot tells them', async () => {
    const who: TestTelegramUser = { id: nextTelegramId++, language_code: 'en' };
    const userId = (await injectAs(runtime.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    const application = await submitTestApplication(runtime.app, who, userId, { carId: car });
    await runtime.outbox.tick();
    await setStatus(application.id, 'rejected');
    await runtime.outbox.tick();

    expect(smtp.arrived).toEqual([]);
    expect((await deliveryOf(application.id)).delivered_at).not.toBeNull();
  });

  it('gives up at once on an address the mail server says does not exist, without writing the address down', async () => {
    smtp.unknownRecipients.add('gone@applicant.example');
    const { application } = await webApplicant('en', 'gone@applicant.example');
    await runtime.outbox.tick();

    const delivery = await deliveryOf(application.id);
    expect(delivery).toMatchObject({ attempts: 1, delivered_at: null });
    expect(delivery.failed_at).not.toBeNull();
    expect(delivery.last_error).toContain('550');
    expect(delivery.last_error).not.toContain('gone@applicant.example');
    expect(smtp.arrived).toEqual([]);
  });

  it('keeps the receipt while the mail server is down and sends it once when it is back', async () => {
    await smtp.stop();
    try {
      const { application } = await webApplicant('en', 'patient@applicant.example');
      await runtime.outbox.tick();
      const waiting = await deliveryOf(application.id);
      expect(waiting).toMatchObject({ attempts: 1, delivered_at: null, failed_at: null });
      expect(waiting.last_error).toContain('ECONNREFUSED');
    } finally {
      await smtp.resume();
    }
    await makeRetriesDue(database.db, 'email');
    await runtime.outbox.tick();
    await runtime.outbox.tick();
    expect(smtp.to('patient@applicant.example')).toHaveLength(1);
  });
});

describe('email switched off', () => {
  it('says once at start that email is off and which settings turn it on', async () => {
    const database = await createTestDatabase('pglite');
    const { stream, lines } = recordingStream();
    const runtime = await createRuntime(testConfig({ CRM_ADF_EMAIL: 'leads@crm.example' }), {
      db: database.db,
      logger: { level: 'info', stream },
      webDist: join(tmpdir(), 'no-web-build'),
      outbox: { tickMs: 3_600_000 },
    });
    try {
      const messages = lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
      const off = messages.filter((message) => message.startsWith('email is off'));
      expect(off).toHaveLength(1);
      expect(off[0]).toContain('SMTP_URL');
      expect(off[0]).toContain('MAIL_FROM');
      expect(messages.filter((message) => message.startsWith('CRM_ADF_EMAIL is set but email is off'))).toHaveLength(1);
      const consumers = await database.db.selectFrom('outbox_subscriptions').select('consumer').distinct().execute();
      expect(consumers.map((row) => row.consumer)).not.toContain('email');
    } finally {
      await runtime.close();
      await database.drop();
    }
  });
});
