import type { User } from 'grammy/types';
import type { BotDeps } from './bot-deps.ts';
import type { BotUser } from './ports.ts';

/**
 * The user of whoever wrote to the bot, created from their Telegram profile the first time
 * (topics and notifications point at it). An existing user is left as they are: the app keeps the
 * language the user chose there and the photo from the mini app.
 */
export const rememberSender = (deps: BotDeps, from: User): Promise<BotUser> => deps.users.rememberTelegramUser(from);
