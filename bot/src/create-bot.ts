import { autoRetry } from '@grammyjs/auto-retry';
import { Bot, type Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { OutboxEvent } from '../../domain/contracts/outbox.ts';
import type { VisitEvent } from '../../domain/contracts/visit-messages.ts';
import type { BotConfig, BotDeps } from './bot-deps.ts';
import type { CarEvent, VisitChangedEvent } from './ports.ts';
import { alertsDelivery, alertsFeature } from './features/alerts.ts';
import { loginFeature } from './features/login.ts';
import { notifications, receipts } from './features/notifications.ts';
import { photosFeature } from './features/photos.ts';
import { relayFeature, ALBUM_WINDOW_MS } from './features/relay.ts';
import { staffFeature } from './features/staff.ts';
import { startFeature } from './features/start.ts';
import { visitNotices, visitStaffNotes } from './features/visit-notices.ts';
import { retryDroppedConnections } from './network-retry.ts';
import { describeError } from './telegram-errors.ts';
import { createTopics } from './topics.ts';

/** Every Bot API call gives up after this long, so a hung Telegram never holds a handler or the outbox. */
const API_TIMEOUT_SECONDS = 20;

export interface BotOptions {
  /** Skips getMe (tests, or a known bot). */
  botInfo?: UserFromGetMe;
  albumWindowMs?: number;
}

export interface CarBot {
  bot: Bot;
  /** Delivers one outbox event through the bot; throws when it was not delivered. */
  deliver(event: OutboxEvent): Promise<void>;
  /** Sends a Telegram applicant the receipt of their submission; throws when it was not delivered. */
  deliverReceipt(event: OutboxEvent): Promise<void>;
  /** Sends the alerts a car event owes shoppers; throws when some are left to send later. */
  deliverAlerts(event: CarEvent): Promise<void>;
  /** Sends a Telegram shopper the message a visit event owes them, once; throws when it was not delivered. */
  deliverVisit(event: VisitEvent): Promise<void>;
  /** Tells the staff group of a shopper's own move or cancellation; throws when it was not delivered. */
  deliverVisitStaffNote(event: VisitChangedEvent): Promise<void>;
  /** Sends album parts left behind, and takes photo albums (car photos, trade-in photos) left behind. */
  sweepAlbums(): Promise<void>;
  /** Resolves once every album send the bot has put off so far is done: tests learn that no further one is coming. */
  albumsSettled(): Promise<void>;
  /** Stops timers the bot started (album sends still waiting). */
  close(): void;
}

/**
 * The bot, with no globals: one Composer per feature, inside an error boundary that logs the
 * update id and lets the next update run. 429s and Telegram's 5xx answers are retried by
 * auto-retry (briefly: the outbox has its own, longer backoff).
 */
export function createBot(config: BotConfig, deps: Omit<BotDeps, 'config'>, options: BotOptions = {}): CarBot {
  const all: BotDeps = { ...deps, config };
  const token = config.bot.token;
  if (!token) throw new Error('createBot needs BOT_TOKEN');
  const bot = new Bot(token, { botInfo: options.botInfo, client: { apiRoot: config.bot.apiRoot, timeoutSeconds: API_TIMEOUT_SECONDS } });
  bot.api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 10, rethrowHttpErrors: true }), retryDroppedConnections);

  const staffChatId = config.bot.staffChatId;
  const api: Api = bot.api;
  const topics = staffChatId === undefined ? undefined : createTopics(all, api, staffChatId);
  const albumWindowMs = options.albumWindowMs ?? ALBUM_WINDOW_MS;
  const relay = relayFeature(all, topics, staffChatId, albumWindowMs);
  const photos = photosFeature(all, staffChatId, albumWindowMs, relay);

  const features = [
    loginFeature(all),
    startFeature(all),
    alertsFeature(all),
    ...(staffChatId === undefined ? [] : [staffFeature(all, staffChatId)]),
    // Before the relay: an admin's car photos and a shopper's trade-in photos are not relayed.
    photos.composer,
    relay.composer,
  ];
  bot.errorBoundary(
    (error) => {
      deps.log.error({ updateId: error.ctx.update.update_id, error: describeError(error.error) }, 'a bot update failed');
    },
    ...features,
  );
  // Polling reports here what the boundary did not see (such as a failed getUpdates answer).
  bot.catch((error) => deps.log.error({ updateId: error.ctx.update.update_id, error: describeError(error.error) }, 'a bot update failed'));

  return {
    bot,
    deliver: notifications(all, api, topics),
    deliverReceipt: receipts(all, api),
    deliverAlerts: alertsDelivery(all, api),
    deliverVisit: visitNotices(all, api),
    deliverVisitStaffNote: visitStaffNotes(all, api),
    async sweepAlbums() {
      await relay.sweepAlbums(api);
      await photos.sweepAlbums(api);
    },
    async albumsSettled() {
      await Promise.all([relay.settled(), photos.settled()]);
    },
    close() {
      relay.close();
      photos.close();
    },
  };
}
