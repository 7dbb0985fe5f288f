import { Composer, type Context } from 'grammy';
import { startLinkPath } from '../../../domain/start-links.ts';
import type { BotDeps } from '../bot-deps.ts';
import { withAppButton } from '../links.ts';
import { senderLanguage, textsIn } from '../texts.ts';

/**
 * /start greets in the user's language with a button into the mini app; `/start apply` and
 * `/start car_<uuid>` open that screen (the button's URL carries it). /help says what the bot does.
 */
export function startFeature(deps: BotDeps): Composer<Context> {
  const { config } = deps;
  const composer = new Composer<Context>();
  const chats = composer.chatType('private');

  chats.command('start', async (ctx) => {
    const user = await deps.users.rememberTelegramUser(ctx.from);
    // Starting the bot again after blocking it lets alerts reach them again (docs/decisions/019-telegram-alerts.md).
    await deps.alerts.clearBlocked(user.id);
    const t = textsIn(deps.catalogues, senderLanguage(ctx.from));
    const path = startLinkPath(ctx.match) ?? '/';
    const greeting = t('Welcome to {company}! Browse our cars, keep favourites and apply for a car loan in a few minutes.', {
      company: config.company.name,
    });
    const label = path === '/application' ? t('Start Application') : path.startsWith('/cars/') ? t('Open the car') : t('Open the app');
    const reply = withAppButton(config, greeting, label, path);
    await ctx.reply(reply.text, { reply_markup: reply.keyboard });
  });

  chats.command('help', async (ctx) => {
    const t = textsIn(deps.catalogues, senderLanguage(ctx.from));
    const lines = [
      t('Here is what I can do:'),
      `• ${t('Open the app to browse cars, keep favourites and apply for a car loan.')}`,
      `• ${t('Write to me here: your messages reach our team, and their answers come back in this chat.')}`,
      `• ${t('Tell you when the status of your application changes.')}`,
    ];
    const reply = withAppButton(config, lines.join('\n'), t('Open the app'), '/');
    await ctx.reply(reply.text, { reply_markup: reply.keyboard });
  });

  return composer;
}
