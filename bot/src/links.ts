import { InlineKeyboard } from 'grammy';
import { appOrigin } from '../../domain/app-origin.ts';
import type { BotConfig } from './bot-deps.ts';

export const appUrl = (config: BotConfig, path: string) => `${appOrigin(config.server)}${path}`;

/** Telegram takes only https URLs in buttons (web-app and link buttons alike); a local run has none. */
export const buttonsAllowed = (config: BotConfig) => config.server.publicUrl?.startsWith('https://') ?? false;

export interface Reply {
  text: string;
  keyboard?: InlineKeyboard;
}

/**
 * A button that opens the mini app at `path` (private chats only). The screen travels in the
 * button's URL: web-app buttons carry no start parameter. Without https the
 * link goes into the text instead, so a local bot still says where to go.
 */
export function withAppButton(config: BotConfig, text: string, label: string, path: string): Reply {
  const url = appUrl(config, path);
  return buttonsAllowed(config) ? { text, keyboard: new InlineKeyboard().webApp(label, url) } : { text: `${text}\n\n${url}` };
}

/** A plain link button (works in groups too), or the link in the text without https. */
export function withLinkButton(config: BotConfig, text: string, label: string, url: string): Reply {
  return buttonsAllowed(config) ? { text, keyboard: new InlineKeyboard().url(label, url) } : { text: `${text}\n\n${url}` };
}

/** The chat's menu button opens the app, where Telegram allows it (https). */
export const menuAppUrl = (config: BotConfig) => (buttonsAllowed(config) ? appUrl(config, '/') : undefined);
