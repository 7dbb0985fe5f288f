import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { keyboardOf } from '../test/fake-bot-api.ts';
import { testConfig } from '../../server/test/app.ts';
import { DATABASE_KINDS } from '../../server/test/database.ts';
import { submitTestApplication, TEST_BIRTH_DATE, TEST_SSN } from '../../server/test/applications.ts';
import { createAdmin, createGuest, injectAs, sessionCookie } from '../../server/test/identity.ts';
import { makeRetriesDue } from '../../server/test/outbox.ts';
import { findUserByTelegramId } from '../../server/src/users/users.repository.ts';
import { seedDatabase } from '../../server/src/seed/seed.ts';
import { formatMoment } from '../../domain/date-time.ts';
import { regBDueAt } from '../../domain/regulation-b.ts';
import { PUBLIC_URL, STAFF_CHAT_ID, useBotRuntime, type BotRuntimeHarness } from '../test/bot-harness.ts';

let nextTelegramId = 9_100_000;

const CHROME_PATH = testConfig().pdf.chromePath;
if (!CHROME_PATH)
  console.warn('[notifications] SKIPPED the adverse-action notice test: no Chromium found (install chromium or set CHROME_PATH).');

async function telegramApplicant(h: BotRuntimeHarness, language_code = 'uk', overrides: Record<string, unknown> = {}) {
  const who = { id: nextTelegramId++, first_name: 'Olena', last_name: 'Koval', username: 'olena_k', language_code };
  const { app, db } = h.runtime;
  await injectAs(app, who, { method: 'POST', url: '/api/users/register', payload: {} });
  const user = (await findUserByTelegramId(db, who.id))!;
  const application = await submitTestApplication(app, who, user.id, overrides);
  return { who, user, application };
}

async function setStatus(h: BotRuntimeHarness, applicationId: number, status: string, reasons?: string[]) {
  const admin = await createAdmin(h.runtime.db, nextTelegramId++);
  const res = await h.runtime.app.inject({
    method: 'PATCH',
    url: `/api/applications/${applicationId}/status`,
    headers: { cookie: await sessionCookie(h.runtime.app, admin.id) },
    payload: { status, reasons },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The bot's deliveries, one per event, oldest first. */
const outboxRows = (h: BotRuntimeHarness) =>
  h.runtime.db
    .selectFrom('outbox_deliveries')
    .innerJoin('outbox_events', 'outbox_events.id', 'outbox_deliveries.event_id')
    .select(['outbox_events.id', 'outbox_events.kind', 'attempts', 'delivered_at', 'failed_at', 'last_error', 'next_attempt_at'])
    .where('consumer', '=', 'telegram')
    .orderBy('outbox_events.id')
    .execute();

describe.each(DATABASE_KINDS)('notifications from the outbox on %s', (kind) => {
  const h = useBotRuntime(kind);

  it("posts a new application in the applicant's staff topic, with no personal financial data", async () => {
    await seedDatabase(h.runtime.db, { cars: 5 });
    const { user, application } = await telegramApplicant(h);
    await h.runtime.outbox.tick();
    const [topic] = h.fake.callsOf('createForumTopic');
    expect(topic!.payload).toMatchObject({ chat_id: STAFF_CHAT_ID, name: 'Olena Koval (@olena_k)' });
    // The applicant's receipt goes out beside it from its own consumer, in whatever order they finish.
    const [card, note] = h.fake.callsOf('sendMessage').filter((call) => call.payload.chat_id === STAFF_CHAT_ID);
    expect(card!.payload.text).toContain(`Application #${application.id}: In Review`);
    expect(note!.payload).toMatchObject({
      chat_id: STAFF_CHAT_ID,
      message_thread_id: topic!.result!.message_thread_id,
      text: `📝 New application #${application.id} submitted.`,
    });
    expect(keyboardOf(note!)[0]![0]!.url).toBe(`${PUBLIC_URL}/dashboard/users/${user.id}`);
    const everything = JSON.stringify(h.fake.calls);
    for (const secret of [TEST_SSN, '123-45-6789', '***-**-6789', TEST_BIRTH_DATE, '01/31/1990']) expect(everything).not.toContain(secret);
  });

  it('tells the applicant of a status change in their language, with a button into the app', async () => {
    const { who, application } = await telegramApplicant(h, 'es');
    await h.runtime.outbox.tick();
    h.fake.calls.splice(0);
    await setStatus(h, application.id, 'approved');
    await h.runtime.outbox.tick();
    const [message] = h.fake.callsOf('sendMessage');
    const t = (id: string, values?: Record<string, unknown>) => h.runtime.catalogues.translate('es', id, values);
    expect(message!.payload).toMatchObject({ chat_id: who.id, text: t('Your application is now: {status}.', { status: t('Approved') }) });
    expect(keyboardOf(message!)).toEqual([[{ text: t('Open the app'), web_app: { url: `${PUBLIC_URL}/application` } }]]);
  });

  it("tells the applicant of the desk's offer in their language, with a button into the app and none of its figures", async () => {
    await seedDatabase(h.runtime.db, { cars: 1 });
    const [car] = await h.runtime.db.selectFrom('cars').select('uuid').limit(1).execute();
    const { who, application } = await telegramApplicant(h, 'uk', { carId: car!.uuid });
    await h.runtime.outbox.tick();
    h.fake.calls.splice(0);
    const admin = await createAdmin(h.runtime.db, nextTelegramId++);
    const sent = await h.runtime.app.inject({
      method: 'POST',
      url: `/api/applications/${application.id}/offers`,
      headers: { cookie: await sessionCookie(h.runtime.app, admin.id) },
      payload: { input: { type: 'finance', zip: '75201', tierId: 'good', termMonths: 60 }, terms: { aprPercent: 4.25 } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await h.runtime.outbox.tick();
    const [message] = h.fake.callsOf('sendMessage');
    const t = (id: string) => h.runtime.catalogues.translate('uk', id);
    expect(message!.payload).toMatchObject({
      chat_id: who.id,
      text: t('We have sent you an offer on your deal. Open the app to compare it with what you asked for, and accept or decline it.'),
    });
    expect(keyboardOf(message!)).toEqual([[{ text: t('See the offer'), web_app: { url: `${PUBLIC_URL}/application` } }]]);
    expect(message!.payload.text).not.toMatch(/\d\.\d|\$/);
  });

  it.skipIf(!CHROME_PATH)(
    'hands a rejected Telegram applicant the adverse-action notice as a PDF in their language, and records its delivery',
    async () => {
      const { who, application } = await telegramApplicant(h, 'ru');
      await h.runtime.outbox.tick();
      h.fake.calls.splice(0);
      await setStatus(h, application.id, 'rejected', ['insufficient_income', 'limited_credit_experience']);
      await h.runtime.outbox.tick();
      const [document] = h.fake.callsOf('sendDocument');
      const t = (id: string) => h.runtime.catalogues.translate('ru', id);
      expect(document!.payload).toMatchObject({
        chat_id: who.id,
        caption: t('Your application was not approved. The attached notice gives the principal reasons and explains your rights.'),
      });
      expect(document!.payload.document!.filename).toBe(`adverse-action-notice-${application.id}.pdf`);
      expect(document!.payload.document!.bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const notice = await h.runtime.db
        .selectFrom('adverse_action_notices')
        .select(['delivered_at', 'delivery_channel', 'language'])
        .where('application_id', '=', application.id)
        .executeTakeFirstOrThrow();
      expect(notice).toMatchObject({ delivery_channel: 'telegram', language: 'ru' });
      expect(notice.delivered_at).not.toBeNull();
    },
    60_000,
  );

  it("posts a web visitor's application in the group's General chat, since they have no topic", async () => {
    const [car] = await h.runtime.db.selectFrom('cars').select('uuid').limit(1).execute();
    const guest = await createGuest(h.runtime.app, car!.uuid);
    const application = await submitTestApplication(h.runtime.app, { cookie: guest.cookie }, guest.userId);
    await h.runtime.outbox.tick();
    expect(h.fake.callsOf('createForumTopic')).toHaveLength(0);
    const [note] = h.fake.callsOf('sendMessage');
    expect(note!.payload.chat_id).toBe(STAFF_CHAT_ID);
    expect(note!.payload.message_thread_id).toBeUndefined();
    expect(note!.payload.text).toMatch(new RegExp(`^📝 New application #${application.id} from .+, submitted on the web\\.$`));
  });

  describe("the applicant's receipt", () => {
    /** Messages Telegram accepted (a scripted failure has no result). */
    const sent = () => h.fake.callsOf('sendMessage').filter((call) => call.result !== undefined);
    const messagesTo = (who: { id: number }) => sent().filter((call) => call.payload.chat_id === who.id);
    const staffNotes = (applicationId: number) =>
      sent().filter((call) => String(call.payload.text).includes(`#${applicationId} submitted`));
    /** Holds back or releases one consumer's pending deliveries, to choose which one a tick delivers. */
    const setDue = (consumer: string, due: boolean) =>
      sql`update outbox_deliveries set next_attempt_at = ${due ? sql`now()` : sql`now() + interval '1 hour'`}
          where consumer = ${consumer} and delivered_at is null and failed_at is null`.execute(h.runtime.db);
    const tooManyRequests = { error_code: 429, description: 'Too Many Requests: retry after 120', parameters: { retry_after: 120 } };
    const chosenCar = () =>
      h.runtime.db
        .insertInto('cars')
        .values({ brand: 'Ford', model: 'Escape', year: 2020, trim: 'SE', price: 20000, mileage: 100, condition: 'used' })
        .returning('uuid')
        .executeTakeFirstOrThrow();

    it('sends a Telegram applicant a receipt in their language: reference, car, what happens next and the decision date', async () => {
      const { who, application } = await telegramApplicant(h, 'uk', { carId: (await chosenCar()).uuid });
      await h.runtime.outbox.tick();
      const [receipt, ...more] = messagesTo(who);
      expect(more).toHaveLength(0);
      const t = (id: string, values?: Record<string, unknown>) => h.runtime.catalogues.translate('uk', id, values);
      const stored = await h.runtime.db
        .selectFrom('applications')
        .select('submitted_at')
        .where('id', '=', application.id)
        .executeTakeFirstOrThrow();
      const date = formatMoment(regBDueAt(stored.submitted_at), 'uk', h.runtime.config.server.timeZone);
      const text = String(receipt!.payload.text);
      const dealer = h.runtime.config.company.name;
      expect(text).toContain(
        t('Thank you for applying with {dealer}. We received your credit application #{id} and will review it soon.', {
          dealer,
          id: application.id,
        }),
      );
      expect(text).toContain(t('Your chosen car: {car}.', { car: '2020 Ford Escape SE' }));
      expect(text).toContain(t('Our team is reviewing your application. We may contact you if we need anything else.'));
      expect(text).toContain(t('We will tell you our decision by {date}.', { date }));
      expect(date).toMatch(/ C[SD]T$/);
      expect(keyboardOf(receipt!)).toEqual([[{ text: t('Open the app'), web_app: { url: `${PUBLIC_URL}/application` } }]]);
    });

    it("sends the receipt once when the staff group's note is retried", async () => {
      const { who, application } = await telegramApplicant(h);
      h.fake.failNext('createForumTopic', tooManyRequests);
      await h.runtime.outbox.tick();
      expect(staffNotes(application.id)).toHaveLength(0);
      await setDue('telegram', true);
      await h.runtime.outbox.tick();
      expect(staffNotes(application.id)).toHaveLength(1);
      expect(messagesTo(who)).toHaveLength(1);
    });

    it("posts the staff group's note once when the receipt is retried", async () => {
      const { who, application } = await telegramApplicant(h);
      await setDue('telegram-receipt', false);
      await h.runtime.outbox.tick();
      expect(staffNotes(application.id)).toHaveLength(1);
      await setDue('telegram-receipt', true);
      h.fake.failNext('sendMessage', tooManyRequests);
      await h.runtime.outbox.tick();
      expect(messagesTo(who)).toHaveLength(0);
      await setDue('telegram-receipt', true);
      await h.runtime.outbox.tick();
      expect(messagesTo(who)).toHaveLength(1);
      expect(staffNotes(application.id)).toHaveLength(1);
    });

    it('sends a web applicant no receipt in Telegram: theirs is an email', async () => {
      const guest = await createGuest(h.runtime.app, (await chosenCar()).uuid);
      await submitTestApplication(h.runtime.app, { cookie: guest.cookie }, guest.userId);
      await h.runtime.outbox.tick();
      expect(h.fake.callsOf('sendMessage').every((call) => call.payload.chat_id === STAFF_CHAT_ID)).toBe(true);
    });
  });

  it('delivers each event once, however often the worker runs', async () => {
    const { application } = await telegramApplicant(h);
    await Promise.all([h.runtime.outbox.tick(), h.runtime.outbox.tick(), h.runtime.outbox.tick()]);
    await h.runtime.outbox.tick();
    expect(h.fake.callsOf('sendMessage').filter((c) => String(c.payload.text).includes(`#${application.id} submitted`))).toHaveLength(1);
    expect((await outboxRows(h)).every((row) => row.delivered_at !== null)).toBe(true);
  });

  it('retries after Telegram answers 5xx, and the event is delivered', async () => {
    const { application } = await telegramApplicant(h);
    await h.runtime.outbox.tick();
    h.fake.calls.splice(0);
    await setStatus(h, application.id, 'approved');
    h.fake.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    await h.runtime.outbox.tick();
    expect(h.fake.callsOf('sendMessage')).toHaveLength(2);
    expect((await outboxRows(h)).at(-1)!.delivered_at).not.toBeNull();
  });

  it('after a 429 longer than auto-retry waits, tries again 1 s later and delivers', async () => {
    const { application } = await telegramApplicant(h);
    await h.runtime.outbox.tick();
    h.fake.calls.splice(0);
    await setStatus(h, application.id, 'approved');
    h.fake.failNext('sendMessage', {
      error_code: 429,
      description: 'Too Many Requests: retry after 120',
      parameters: { retry_after: 120 },
    });
    await h.runtime.outbox.tick();
    const waiting = (await outboxRows(h)).at(-1)!;
    expect(waiting).toMatchObject({ attempts: 1, delivered_at: null, failed_at: null });
    expect(waiting.last_error).toContain('429');
    expect(waiting.next_attempt_at.getTime() - Date.now()).toBeLessThanOrEqual(1000);
    await h.runtime.outbox.tick();
    expect(h.fake.callsOf('sendMessage')).toHaveLength(1);
    await makeRetriesDue(h.runtime.db, 'telegram');
    await h.runtime.outbox.tick();
    expect(h.fake.callsOf('sendMessage')).toHaveLength(2);
    expect((await outboxRows(h)).at(-1)).toMatchObject({ attempts: 2, failed_at: null });
    expect((await outboxRows(h)).at(-1)!.delivered_at).not.toBeNull();
  });

  it('gives up at once on an applicant who blocked the bot, keeping why', async () => {
    const { application } = await telegramApplicant(h);
    await h.runtime.outbox.tick();
    await setStatus(h, application.id, 'approved');
    h.fake.failNext('sendMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    await h.runtime.outbox.tick();
    const row = (await outboxRows(h)).at(-1)!;
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toContain('blocked');
    h.fake.calls.splice(0);
    await h.runtime.outbox.tick();
    expect(h.fake.callsOf('sendMessage')).toHaveLength(0);
  });

  it('keeps serving while Telegram is unreachable, and delivers everything once it returns', async () => {
    await h.fake.down();
    try {
      const health = await h.runtime.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const { application } = await telegramApplicant(h);
      await h.runtime.outbox.tick();
      const pending = (await outboxRows(h)).filter((row) => row.delivered_at === null && row.failed_at === null);
      expect(pending.length).toBe(1);
      expect(pending[0]!.attempts).toBe(1);
      expect(pending[0]!.last_error).toMatch(/createForumTopic|fetch|ECONNREFUSED|Network/i);
      await h.fake.up();
      await sql`update outbox_deliveries set next_attempt_at = now() where delivered_at is null and failed_at is null`.execute(
        h.runtime.db,
      );
      await h.runtime.outbox.tick();
      expect(h.fake.callsOf('sendMessage').some((c) => String(c.payload.text).includes(`#${application.id} submitted`))).toBe(true);
      expect((await outboxRows(h)).every((row) => row.delivered_at !== null || row.failed_at !== null)).toBe(true);
    } finally {
      await h.fake.up();
    }
  });
});
