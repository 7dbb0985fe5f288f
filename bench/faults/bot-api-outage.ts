import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAKE_BOT_INFO, FakeBotApi } from '../../bot/test/fake-bot-api.ts';
import { createRuntime } from '../../server/src/runtime.ts';
import { testConfig } from '../../server/test/app.ts';
import { createAdmin, injectAs, sessionCookie } from '../../server/test/identity.ts';
import { submitTestApplication } from '../../server/test/applications.ts';
import { findUserByTelegramId } from '../../server/src/users/users.repository.ts';
import { runIfMain, seconds, sleep, Tally, type Say } from './support.ts';

const STAFF_CHAT_ID = -1009876543210;

export interface BotOutageOptions {
  applicants: number;
  downMs: number;
  /** How long to wait for every event once Telegram is back. */
  deliveryTimeoutMs: number;
}

export interface BotOutageReport {
  /** Answers of the app's pages and API while Telegram was unreachable. */
  served: Tally;
  submitted: number;
  statusChanges: number;
  /** Outbox events written while Telegram was down, and how many were delivered, failed or left. */
  events: { total: number; delivered: number; failed: number; pending: number };
  /** Each event's message as the fake Bot API received it: how many were sent more than once. */
  sentTwice: number;
  /** From Telegram's return until the last event was delivered. */
  deliveredWithinMs: number | undefined;
}

/**
 * The Bot API unreachable for a while: the app keeps serving (catalogue, submissions, status
 * changes), the outbox keeps every notification and, once Telegram answers again, delivers each
 * exactly once. The whole server runs in this process on the embedded database, the bot polling
 * a fake Bot API on 127.0.0.1 that is taken down and brought back.
 */
export async function botApiOutageFault(say: Say, options: BotOutageOptions): Promise<BotOutageReport> {
  const fake = await FakeBotApi.start();
  const config = testConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bot-outage-')),
    SEED_DEMO: 'true',
    BOT_MODE: 'polling',
    BOT_API_ROOT: fake.apiRoot,
    STAFF_CHAT_ID: String(STAFF_CHAT_ID),
    PUBLIC_URL: 'https://cars.example.test',
  });
  const runtime = await createRuntime(config, {
    logger: false,
    webDist: join(tmpdir(), 'no-web-build'),
    bot: { botInfo: FAKE_BOT_INFO, tickMs: 200 },
    outbox: { tickMs: 200 },
  });
  const { app, db } = runtime;
  try {
    await app.ready();
    const admin = await createAdmin(db, 9_990_001);
    const staff = { cookie: await sessionCookie(app, admin.id) };

    await fake.down();
    const wentDown = Date.now();
    say(
      `Telegram unreachable for ${seconds(options.downMs)}; ${options.applicants} Telegram users apply meanwhile, and staff approve each.`,
    );
    const served = new Tally();
    let reading = true;
    const reader = (async () => {
      while (reading) {
        for (const url of ['/api/health', '/api/cars?limit=12', '/api/faqs/public?lang=en']) {
          const res = await app.inject(url);
          served.add(
            res.statusCode < 300
              ? String(res.statusCode)
              : `${res.statusCode} ${res.json<{ error?: { code?: string } }>().error?.code ?? '?'}`,
          );
        }
        await sleep(20);
      }
    })();
    let submitted = 0;
    let statusChanges = 0;
    for (let i = 0; i < options.applicants; i++) {
      const who = { id: 9_990_100 + i, first_name: 'Applicant', last_name: String(i + 1), language_code: ['en', 'uk', 'es', 'ru'][i % 4]! };
      await injectAs(app, who, { method: 'POST', url: '/api/users/register', payload: {} });
      const user = (await findUserByTelegramId(db, who.id))!;
      const application = await submitTestApplication(app, who, user.id);
      submitted++;
      const change = await injectAs(app, staff, {
        method: 'PATCH',
        url: `/api/applications/${application.id}/status`,
        payload: { status: 'approved' },
      });
      served.add(String(change.statusCode));
      if (change.statusCode === 200) statusChanges++;
    }
    await sleep(Math.max(0, options.downMs - (Date.now() - wentDown)));
    reading = false;
    await reader;
    say(`While down: ${served.summary()}; ${submitted} submitted, ${statusChanges} approved.`);

    await fake.up();
    const back = Date.now();
    const counts = async () => {
      const rows = await db
        .selectFrom('outbox_deliveries')
        .select(['delivered_at', 'failed_at'])
        .where('consumer', '=', 'telegram')
        .execute();
      return {
        total: rows.length,
        delivered: rows.filter((row) => row.delivered_at !== null).length,
        failed: rows.filter((row) => row.failed_at !== null).length,
        pending: rows.filter((row) => row.delivered_at === null && row.failed_at === null).length,
      };
    };
    let events = await counts();
    while (events.pending > 0 && Date.now() - back < options.deliveryTimeoutMs) {
      await sleep(200);
      events = await counts();
    }
    const deliveredWithinMs = events.pending === 0 ? Date.now() - back : undefined;

    // One message per event: the staff note of each submission and the applicant's status message.
    const texts = fake.callsOf('sendMessage').map((call) => `${String(call.payload.chat_id)} ${call.payload.text ?? ''}`);
    const notes = texts.filter((text) => text.includes('submitted.'));
    const toApplicants = texts.filter((text) => !text.startsWith(String(STAFF_CHAT_ID)));
    const sentTwice = notes.length - new Set(notes).size + (toApplicants.length - new Set(toApplicants).size);
    say(
      `Back: ${events.delivered} of ${events.total} events delivered ${deliveredWithinMs === undefined ? `(${events.pending} still pending after ${seconds(options.deliveryTimeoutMs)})` : `within ${seconds(deliveredWithinMs)}`}` +
        `, ${events.failed} given up, ${sentTwice} sent twice (${notes.length} staff notes, ${toApplicants.length} applicant messages).`,
    );
    return { served, submitted, statusChanges, events, sentTwice, deliveredWithinMs };
  } finally {
    await runtime.close();
    await fake.close();
  }
}

runIfMain(import.meta.url, (say) => botApiOutageFault(say, { applicants: 12, downMs: 15_000, deliveryTimeoutMs: 60_000 }));
