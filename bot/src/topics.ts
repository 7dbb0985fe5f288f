import type { Api } from 'grammy';
import type { ChatThread } from '../../domain/contracts/chat.ts';
import { applicantCard, topicName } from './applicant-card.ts';
import type { BotDeps } from './bot-deps.ts';
import { describeError, isTopicClosed, isTopicGone } from './telegram-errors.ts';

/** Each applicant's forum topic in the staff group (docs/product/bot.md#bot, Relay). */
export interface Topics {
  /**
   * Runs `send` in the applicant's topic, opening the topic (with its card) when there is none.
   * A topic staff deleted is opened anew and `send` runs once more; a closed one is reopened.
   */
  inTopic<T>(userId: number, send: (thread: ChatThread) => Promise<T>): Promise<{ result: T; thread: ChatThread }>;
}

export function createTopics(deps: BotDeps, api: Api, staffChatId: number): Topics {
  // One opening at a time per applicant in this process; across instances the chat service's claim decides.
  const opening = new Map<number, Promise<ChatThread>>();

  async function open(userId: number): Promise<ChatThread> {
    const user = await deps.users.findById(userId);
    if (!user) throw new Error(`user ${userId} does not exist`);
    const topic = await api.createForumTopic(staffChatId, topicName(user));
    const { thread, won } = await deps.chat.claimTopic(userId, staffChatId, topic.message_thread_id);
    if (!won) {
      // Another instance opened one first: keep theirs, remove ours.
      await api.deleteForumTopic(staffChatId, topic.message_thread_id).catch((error: unknown) => {
        deps.log.warn({ userId, error: describeError(error) }, 'could not remove a duplicate applicant topic');
      });
      return thread;
    }
    deps.log.info({ userId, messageThreadId: thread.messageThreadId }, 'opened an applicant topic in the staff group');
    const card = await applicantCard(deps, userId);
    await api.sendMessage(staffChatId, card.text, { message_thread_id: thread.messageThreadId, reply_markup: card.keyboard });
    return thread;
  }

  async function ensure(userId: number): Promise<ChatThread> {
    const known = await deps.chat.threadOf(userId, staffChatId);
    if (known) return known;
    let pending = opening.get(userId);
    if (!pending) {
      pending = open(userId).finally(() => opening.delete(userId));
      opening.set(userId, pending);
    }
    return pending;
  }

  return {
    async inTopic(userId, send) {
      const thread = await ensure(userId);
      try {
        return { result: await send(thread), thread };
      } catch (error) {
        if (isTopicClosed(error)) {
          await api.reopenForumTopic(staffChatId, thread.messageThreadId);
          return { result: await send(thread), thread };
        }
        if (!isTopicGone(error)) throw error;
        deps.log.info({ userId, messageThreadId: thread.messageThreadId }, 'the applicant topic was deleted; opening a new one');
        await deps.chat.forgetTopic(staffChatId, thread.messageThreadId);
        const fresh = await ensure(userId);
        return { result: await send(fresh), thread: fresh };
      }
    },
  };
}
