import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Update, User } from 'grammy/types';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Config } from '../../server/src/config.ts';
import type { Db } from '../../server/src/db/database.ts';
import { loadCatalogues, type Catalogues } from '../../server/src/i18n/catalogues.ts';
import { createImageDecoder, type ImageDecoder } from '../../server/src/media/image-decoder.service.ts';
import type { MediaStore } from '../../server/src/media/media-store.service.ts';
import { createDatabaseMediaStore } from '../../server/src/media/media.repository.ts';
import { piiCipherFromConfig, type PiiCipher } from '../../server/src/security/pii-crypto.ts';
import { createPdfRenderer } from '../../server/src/pdf/pdf-renderer.service.ts';
import { testConfig } from '../../server/test/app.ts';
import { createTestDatabase, type DatabaseKind } from '../../server/test/database.ts';
import type { BotLog } from '../src/bot-deps.ts';
import { createBot, type CarBot } from '../src/create-bot.ts';
import type { TelegramBot } from '../src/telegram-bot.ts';
import { botServices, createRuntime, type Runtime } from '../../server/src/runtime.ts';
import { FAKE_BOT_INFO, FakeBotApi } from './fake-bot-api.ts';

export const STAFF_CHAT_ID = -1009876543210;
export const PUBLIC_URL = 'https://cars.example.test';

export const applicant: User = {
  id: 5_550_001,
  is_bot: false,
  first_name: 'Olena',
  last_name: 'Koval',
  username: 'olena_k',
  language_code: 'uk',
};
export const staffMember: User = { id: 5_550_900, is_bot: false, first_name: 'Sam', username: 'sam_sales', language_code: 'en' };

/** Log lines a test can read; the bot must never log message text or personal data. */
export function recordingLog(): BotLog & { lines: Array<{ level: string; details: object; message: string }> } {
  const lines: Array<{ level: string; details: object; message: string }> = [];
  const at = (level: string) => (details: object, message: string) => void lines.push({ level, details, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

let nextUpdateId = 1;
let nextMessageId = 1;

const date = () => Math.floor(Date.now() / 1000);

export function privateMessage(from: User, content: Record<string, unknown>, messageId = nextMessageId++): Update {
  return {
    update_id: nextUpdateId++,
    message: { message_id: messageId, date: date(), chat: { id: from.id, type: 'private', first_name: from.first_name }, from, ...content },
  } as unknown as Update;
}

export function topicMessage(
  threadId: number,
  content: Record<string, unknown>,
  from: User = staffMember,
  messageId = nextMessageId++,
): Update {
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: messageId,
      date: date(),
      chat: { id: STAFF_CHAT_ID, type: 'supergroup', title: 'Staff', is_forum: true },
      from,
      message_thread_id: threadId,
      is_topic_message: true,
      ...content,
    },
  } as unknown as Update;
}

export function generalChatMessage(content: Record<string, unknown>, from: User = staffMember): Update {
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextMessageId++,
      date: date(),
      chat: { id: STAFF_CHAT_ID, type: 'supergroup', title: 'Staff', is_forum: true },
      from,
      ...content,
    },
  } as unknown as Update;
}

/** The same message as Telegram sends it after an edit. */
export function edited(update: Update, content: Record<string, unknown>): Update {
  const message = update.message!;
  return { update_id: nextUpdateId++, edited_message: { ...message, ...content, edit_date: date() } };
}

export function memberStatus(from: User, status: 'kicked' | 'member'): Update {
  const bot = { ...FAKE_BOT_INFO };
  return {
    update_id: nextUpdateId++,
    my_chat_member: {
      chat: { id: from.id, type: 'private', first_name: from.first_name },
      from,
      date: date(),
      old_chat_member: { user: bot, status: status === 'kicked' ? 'member' : 'kicked', ...(status === 'kicked' ? {} : { until_date: 0 }) },
      new_chat_member: { user: bot, status, ...(status === 'kicked' ? { until_date: 0 } : {}) },
    },
  } as unknown as Update;
}

/** A press of an inline button with this callback data, on a message of the user's private chat with this keyboard. */
export function buttonPress(from: User, data: string, keyboard: unknown[][] = []): Update {
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: String(nextUpdateId),
      from,
      chat_instance: `chat-${from.id}`,
      data,
      message: {
        message_id: nextMessageId++,
        date: date(),
        chat: { id: from.id, type: 'private', first_name: from.first_name },
        text: 'alert',
        reply_markup: { inline_keyboard: keyboard },
      },
    },
  } as unknown as Update;
}

export const command = (text: string) => ({ text, entities: [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] });

export interface BotHarness {
  readonly fake: FakeBotApi;
  readonly db: Db;
  readonly config: Config;
  readonly catalogues: Catalogues;
  /** The server's parts the bot's services are built on, for a test to set up what a shopper did in the app. */
  readonly pii: PiiCipher;
  readonly images: ImageDecoder;
  readonly media: MediaStore;
  readonly bot: CarBot;
  readonly log: ReturnType<typeof recordingLog>;
  /** Feeds one update through the bot, as polling or the webhook would. */
  send(update: Update): Promise<void>;
}

/**
 * A bot on its own database and fake Bot API for one suite, built by the production createBot
 * (known identity: no getMe) on the services the runtime gives it (botServices). Recorded calls
 * are cleared after each test.
 */
export function useBot(kind: DatabaseKind, env: Record<string, string | undefined> = {}): BotHarness {
  let state: Omit<BotHarness, 'send'> | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const fake = await FakeBotApi.start();
    const database = await createTestDatabase(kind);
    drop = database.drop;
    const config = testConfig({
      BOT_API_ROOT: fake.apiRoot,
      STAFF_CHAT_ID: String(STAFF_CHAT_ID),
      PUBLIC_URL,
      BOT_USERNAME: FAKE_BOT_INFO.username,
      ...env,
    });
    const catalogues = await loadCatalogues();
    const log = recordingLog();
    const images = createImageDecoder({ maxPixels: config.images.maxPixels, concurrency: config.images.decodeConcurrency });
    // The bot's updates never print a notice here (the outbox harness below does): a renderer without Chromium will do.
    const print = { renderer: createPdfRenderer({ chromePath: undefined }), catalogues };
    const media = createDatabaseMediaStore(database.db);
    const services = botServices(config, { db: database.db, images, media }, print);
    const bot = createBot(config, { ...services, catalogues, log }, { botInfo: FAKE_BOT_INFO, albumWindowMs: 150 });
    const pii = piiCipherFromConfig(config.security);
    state = { fake, db: database.db, config, catalogues, pii, images, media, bot, log };
  });
  afterEach(() => {
    state?.fake.calls.splice(0);
    state?.log.lines.splice(0);
  });
  afterAll(async () => {
    state?.bot.close();
    await state?.fake.close();
    await drop?.();
  });
  const get = () => {
    if (!state) throw new Error('useBot: only available inside tests');
    return state;
  };
  return {
    get fake() {
      return get().fake;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
    get catalogues() {
      return get().catalogues;
    },
    get pii() {
      return get().pii;
    },
    get images() {
      return get().images;
    },
    get media() {
      return get().media;
    },
    get bot() {
      return get().bot;
    },
    get log() {
      return get().log;
    },
    send: (update) => get().bot.bot.handleUpdate(update),
  };
}

export interface BotRuntimeHarness {
  readonly fake: FakeBotApi;
  readonly runtime: Runtime;
  readonly bot: TelegramBot;
}

/**
 * The whole server as `npm start` builds it (createRuntime), with the bot started by BOT_MODE
 * against the fake Bot API. The outbox's and the bot's timers are slowed to an hour so tests
 * run them with tick().
 */
export function useBotRuntime(
  kind: DatabaseKind,
  env: Record<string, string | undefined> = {},
  options: { knownBot?: boolean; fakeDownAtStart?: boolean; webhookAnswerMs?: number } = {},
): BotRuntimeHarness {
  let state: BotRuntimeHarness | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const fake = await FakeBotApi.start();
    if (options.fakeDownAtStart) await fake.down();
    const database = await createTestDatabase(kind);
    drop = database.drop;
    const config = testConfig({
      BOT_MODE: 'polling',
      BOT_API_ROOT: fake.apiRoot,
      STAFF_CHAT_ID: String(STAFF_CHAT_ID),
      PUBLIC_URL,
      ...env,
    });
    const runtime = await createRuntime(config, {
      db: database.db,
      logger: false,
      webDist: join(tmpdir(), 'no-web-build'),
      bot: {
        ...(options.knownBot === false ? {} : { botInfo: FAKE_BOT_INFO }),
        tickMs: 3_600_000,
        albumWindowMs: 150,
        webhookAnswerMs: options.webhookAnswerMs,
      },
      outbox: { tickMs: 3_600_000 },
    });
    await runtime.app.ready();
    state = { fake, runtime, bot: runtime.bot! };
  });
  afterEach(() => {
    state?.fake.calls.splice(0);
  });
  afterAll(async () => {
    await state?.runtime.close();
    await state?.fake.close();
    await drop?.();
  });
  const get = () => {
    if (!state) throw new Error('useBotRuntime: only available inside tests');
    return state;
  };
  return {
    get fake() {
      return get().fake;
    },
    get runtime() {
      return get().runtime;
    },
    get bot() {
      return get().bot;
    },
  };
}
