import { Composer, type CommandContext, type Context } from 'grammy';
import type { BotDeps } from '../bot-deps.ts';
import { withLinkButton } from '../links.ts';
import { senderLanguage, textsIn } from '../texts.ts';
import { LOGIN_PARAM } from '../../../domain/start-links.ts';

/**
 * An admin's /login answers a one-time dashboard sign-in link (10 minutes, once); anyone else is
 * refused politely. The dashboard's sign-in page links to t.me/<bot>?start=login, which arrives as
 * `/start login` and is answered the same way.
 */
export function loginFeature(deps: BotDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const chats = composer.chatType('private');
  const sendSignInLink = async (ctx: CommandContext<Context> & { from: NonNullable<Context['from']> }) => {
    const t = textsIn(deps.catalogues, senderLanguage(ctx.from));
    const user = await deps.users.findByTelegramId(ctx.from.id);
    if (!user?.is_admin) {
      await ctx.reply(
        t('Sorry, signing in to the dashboard is for staff only. If you work here, ask an administrator to give you access.'),
      );
      return;
    }
    const link = await deps.signInLinks.issue(user.id);
    deps.log.info({ userId: user.id }, 'sent a staff sign-in link');
    const reply = withLinkButton(
      deps.config,
      t('Your sign-in link works once, within {minutes} minutes.', { minutes: deps.signInLinks.ttlMinutes }),
      t('Sign in to the dashboard'),
      link,
    );
    // protect_content: a sign-in link should not be forwarded out of this chat.
    await ctx.reply(reply.text, { reply_markup: reply.keyboard, protect_content: true });
  };
  chats.command('login', sendSignInLink);
  // Registered before /start's own handler (createBot), so this payload never reaches the greeting.
  chats.command('start').filter((ctx) => ctx.match === LOGIN_PARAM, sendSignInLink);
  return composer;
}
