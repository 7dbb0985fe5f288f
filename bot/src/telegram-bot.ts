import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BotCommand, Update, UserFromGetMe } from 'grammy/types';
import type { OutboxConsumer } from '../../domain/contracts/outbox.ts';
import { LANGUAGES, DEFAULT_LANGUAGE } from '../../domain/enums.ts';
import type { BotConfig, BotDeps } from './bot-deps.ts';
import { createBot, type CarBot } from './create-bot.ts';
import { menuAppUrl } from './links.ts';
import { describeError } from './telegram-errors.ts';
import { telegramConsumers } from './telegram.consumer.ts';
import { textsIn } from './texts.ts';

/** The updates the bot handles; Telegram sends no others. */
const ALLOWED_UPDATES = ['message', 'edited_message', 'my_chat_member', 'callback_query'] as const;
/** The webhook answers Telegram within this time even when a handler is slower, so Telegram never resends an update. */
const WEBHOOK_ANSWER_MS = 2000;
const FIRST_START_RETRY_MS = 1000;
const LAST_START_RETRY_MS = 60_000;

export interface TelegramBotOptions {
  botInfo?: UserFromGetMe;
  /** How often left-behind albums are looked at. */
  tickMs?: number;
  albumWindowMs?: number;
  /** How long the webhook waits for a handler before answering (WEBHOOK_ANSWER_MS); tests shorten it rather than wait it out. */
  webhookAnswerMs?: number;
}

/** The bot as the server runs it: started by BOT_MODE, fed by polling or the webhook route, closed with the server. */
export interface TelegramBot {
  readonly mode: 'polling' | 'webhook';
  /** Telegram sends it with every webhook call (setWebhook's secret_token); derived from the configuration. */
  readonly webhookSecret: string;
  readonly parts: CarBot;
  /** The bot's outbox consumers, for the server's outbox worker to register (telegram.consumer.ts). */
  readonly consumers: readonly OutboxConsumer[];
  /** Handles one webhook update; 'not_ready' when the bot could not reach Telegram yet (answer 503: Telegram resends). */
  handleWebhook(update: Update): Promise<'accepted' | 'not_ready'>;
  /** Sends the albums left behind now (tests; the timer does the same every tick). */
  tick(): Promise<void>;
  close(): Promise<void>;
}

/** A secret only this deployment can compute: the same on every instance, different for every bot. */
export function webhookSecretFor(config: BotConfig): string {
  return createHmac('sha256', config.security.sessionSecret)
    .update(`telegram-webhook:${config.bot.token ?? ''}`)
    .digest('base64url');
}

/**
 * Starts the bot as BOT_MODE says (undefined for off). Nothing here blocks the server: reaching
 * Telegram, setting commands, the menu button and the webhook happen in the background, retried
 * until they work, and a failure is logged while the server keeps serving.
 */
export function startTelegramBot(
  config: BotConfig,
  deps: Omit<BotDeps, 'config'>,
  options: TelegramBotOptions = {},
): TelegramBot | undefined {
  const mode = config.bot.mode;
  if (mode === 'off') return undefined;
  const { log } = deps;
  const parts = createBot(config, deps, options);
  const { bot } = parts;
  const inFlight = new Set<Promise<unknown>>();
  // Closing aborts every wait at once: a retry's pause, the tick's pause and a getMe in flight.
  const stopping = new AbortController();
  const closed = () => stopping.signal.aborted;
  const pause = (ms: number) => sleep(ms, undefined, { signal: stopping.signal }).catch(() => undefined);
  // grammY declares its signal with the abort-controller package's type; Node's own is what it uses at run time.
  const grammySignal = (signal: AbortSignal) => signal as unknown as Parameters<typeof bot.init>[0];

  if (config.bot.staffChatId === undefined) {
    log.warn({}, 'STAFF_CHAT_ID is not set: relay to staff is off; applicants who write to the bot get the contact details');
  }

  async function setUp() {
    const calls: Array<[string, () => Promise<unknown>]> = [];
    for (const lang of LANGUAGES) {
      const t = textsIn(deps.catalogues, lang);
      const commands: BotCommand[] = [
        { command: 'start', description: t('Open the app') },
        { command: 'help', description: t('What this bot does') },
        { command: 'login', description: t('Staff: a sign-in link for the dashboard') },
      ];
      calls.push([
        `setMyCommands ${lang}`,
        () =>
          bot.api.setMyCommands(commands, {
            scope: { type: 'all_private_chats' },
            ...(lang === DEFAULT_LANGUAGE ? {} : { language_code: lang }),
          }),
      ]);
    }
    const staffChatId = config.bot.staffChatId;
    if (staffChatId !== undefined) {
      const t = textsIn(deps.catalogues, DEFAULT_LANGUAGE);
      calls.push([
        'setMyCommands staff',
        () =>
          bot.api.setMyCommands([{ command: 'info', description: t("The applicant's card, with the current status") }], {
            scope: { type: 'chat', chat_id: staffChatId },
          }),
      ]);
    }
    const menuUrl = menuAppUrl(config);
    if (menuUrl) {
      const label = textsIn(deps.catalogues, DEFAULT_LANGUAGE)('Open the app');
      calls.push([
        'setChatMenuButton',
        () => bot.api.setChatMenuButton({ menu_button: { type: 'web_app', text: label, web_app: { url: menuUrl } } }),
      ]);
    }
    if (mode === 'webhook') {
      const url = `${config.server.publicUrl}/api/telegram/webhook`;
      calls.push([
        'setWebhook',
        () => bot.api.setWebhook(url, { secret_token: webhookSecretFor(config), allowed_updates: ALLOWED_UPDATES }),
      ]);
    }
    for (const [name, call] of calls) {
      await call().catch((error: unknown) =>
        log.warn({ call: name, error: describeError(error) }, 'bot setup call failed; the server keeps serving'),
      );
    }
  }

  async function begin() {
    for (let delay = FIRST_START_RETRY_MS; !closed() && !bot.isInited(); delay = Math.min(delay * 2, LAST_START_RETRY_MS)) {
      try {
        await bot.init(grammySignal(stopping.signal));
      } catch (error) {
        if (closed()) return;
        log.warn({ error: describeError(error), retryInMs: delay }, 'cannot reach the Bot API yet; retrying');
        await pause(delay);
      }
    }
    if (closed()) return;
    log.info({ mode, username: bot.botInfo.username }, 'bot started');
    await setUp();
    if (mode === 'polling' && !closed()) {
      bot
        .start({ allowed_updates: ALLOWED_UPDATES, timeout: 10 })
        .catch((error: unknown) => log.error({ error: describeError(error) }, 'bot polling stopped'));
    }
  }

  let lastTickError: string | undefined;
  async function tick() {
    try {
      await parts.sweepAlbums();
      lastTickError = undefined;
    } catch (error) {
      const reason = describeError(error);
      // One line per kind of failure, not one a second while the database or Telegram is down.
      if (reason !== lastTickError) log.warn({ error: reason }, 'bot background work failed; retrying');
      lastTickError = reason;
    }
  }

  const tickMs = options.tickMs ?? 1000;
  const webhookAnswerMs = options.webhookAnswerMs ?? WEBHOOK_ANSWER_MS;
  async function loop() {
    while (!closed()) {
      await tick();
      await pause(tickMs);
    }
  }

  const started = begin().catch((error: unknown) => log.error({ error: describeError(error) }, 'the bot could not start'));
  const ticking = loop();

  return {
    mode,
    webhookSecret: webhookSecretFor(config),
    parts,
    consumers: telegramConsumers(parts),
    async handleWebhook(update) {
      if (!bot.isInited()) {
        // Joins the start-up's getMe rather than aborting it; the update waits for it only briefly.
        const ready = await Promise.race([
          bot.init().then(
            () => true,
            () => false,
          ),
          sleep(webhookAnswerMs, false, { ref: false }),
        ]);
        if (!ready) return 'not_ready';
      }
      const work = bot
        .handleUpdate(update)
        .catch((error: unknown) => log.error({ updateId: update.update_id, error: describeError(error) }, 'a bot update failed'));
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
      await Promise.race([work, sleep(webhookAnswerMs, undefined, { ref: false })]);
      return 'accepted';
    },
    tick,
    async close() {
      stopping.abort();
      parts.close();
      if (bot.isRunning()) await bot.stop();
      await Promise.allSettled([started, ticking, ...inFlight]);
    },
  };
}
