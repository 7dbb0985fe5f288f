import { Composer, type Context } from 'grammy';
import { startLinkPath } from '../../../domain/start-links.ts';
import type { BotDeps } from '../bot-deps.ts';
import { withAppButton } from '../links.ts';
import { senderLanguage, textsIn } from '../texts.ts';
import { stillNeededText, TRADE_IN_PATH } from '../trade-in-texts.ts';

/** The trade-in screen's "Send photos in the chat" opens t.me/<bot>?start=tradein (docs/product/bot.md#trade-ins). */
const TRADE_IN_PHOTOS_PARAM = 'tradein';

/**
 * /start greets in the user's language with a button into the mini app; `/start apply` and
 * `/start car_<uuid>` open that screen (the button's URL carries it); `/start tradein` has the
 * shopper's trade-in take the photos they send next. /help says what the bot does.
 */
export function startFeature(deps: BotDeps): Composer<Context> {
  const { config } = deps;
  const composer = new Composer<Context>();
  const chats = composer.chatType('private');

  chats.command('start', async (ctx) => {
    const user = await deps.users.rememberTelegramUser(ctx.from);
    // Starting the bot again after blocking it lets alerts reach them again (docs/decisions/019-telegram-alerts.md).
    await deps.alerts.clearBlocked(user.id);
    const language = senderLanguage(ctx.from);
    const t = textsIn(deps.catalogues, language);
    if (ctx.match === TRADE_IN_PHOTOS_PARAM) {
      const opened = await deps.tradeIns.openChatPhotos(ctx.from.id);
      if (opened.outcome === 'opened') {
        const ask = t('Send photos of your {car} here, one at a time or as an album.', { car: opened.title });
        await ctx.reply(`${ask}\n${stillNeededText(t, language, opened.missingAngles)}`);
        return;
      }
      const none = withAppButton(
        config,
        t('You have no trade-in to add photos to yet. Describe your car in the app first, then send its photos here.'),
        t('Describe your car'),
        TRADE_IN_PATH,
      );
      await ctx.reply(none.text, { reply_markup: none.keyboard });
      return;
    }
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
