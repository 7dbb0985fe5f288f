import { Composer, type Context } from 'grammy';
import { applicantCard } from '../applicant-card.ts';
import type { BotDeps } from '../bot-deps.ts';

/** Staff commands in an applicant's topic: /info repeats the card with the current status. */
export function staffFeature(deps: BotDeps, staffChatId: number): Composer<Context> {
  const composer = new Composer<Context>();
  composer.command('info', async (ctx) => {
    const message = ctx.message;
    if (ctx.chat.id !== staffChatId || !message?.is_topic_message || message.message_thread_id === undefined) return;
    const thread = await deps.chat.threadByTopic(staffChatId, message.message_thread_id);
    if (!thread) return;
    const card = await applicantCard(deps, thread.userId);
    await ctx.reply(card.text, { reply_markup: card.keyboard });
  });
  return composer;
}
