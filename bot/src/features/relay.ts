import { Composer, type Api, type Context, type Filter } from 'grammy';
import type { Message } from 'grammy/types';
import type { AlbumPart, ChatThread } from '../../../domain/contracts/chat.ts';
import type { Language } from '../../../domain/enums.ts';
import { albumSends } from '../album-sends.ts';
import { displayName } from '../applicant-card.ts';
import type { BotDeps } from '../bot-deps.ts';
import { mirrorEdit } from '../mirror-edit.ts';
import { describeError, isPermanent, isRecipientUnreachable } from '../telegram-errors.ts';
import { senderLanguage, STAFF_LANGUAGE, textsIn, type Translate } from '../texts.ts';
import type { Topics } from '../topics.ts';

/** Every kind of message that can be copied; service messages (topic created, pinned, …) are not relayed. */
const RELAYABLE = [
  'message:text',
  'message:photo',
  'message:document',
  'message:voice',
  'message:video',
  'message:video_note',
  'message:sticker',
  'message:location',
  'message:contact',
  'message:audio',
  'message:animation',
  'message:dice',
  'message:poll',
] as const;

type RelayableContext = Filter<Context, (typeof RELAYABLE)[number]>;

/** How long the first photo of an album waits for the rest before the album is sent. */
export const ALBUM_WINDOW_MS = 800;

const isCommand = (message: Message) => message.entities?.[0]?.type === 'bot_command' && message.entities[0].offset === 0;

export interface Relay {
  composer: Composer<Context>;
  /** Sends album parts left behind (by a restart, or a Telegram outage during their send). */
  sweepAlbums(api: Api): Promise<void>;
  /** Resolves once every album send put off so far is done (albumSends). */
  settled(): Promise<void>;
  /** Cancels album sends still waiting; their parts stay in the database for the next sweep. */
  close(): void;
  /**
   * Relays an album of a shopper's photos that the bot's photo intake collected and did not take
   * (bot/src/features/photos.ts), as the relay's own albums: a failed send is left for the sweep.
   */
  passOnAlbum(api: Api, parts: readonly AlbumPart[], language: Language): Promise<void>;
}

/**
 * The two-way chat (docs/product/bot.md#bot, Relay): an applicant's private messages are copied into
 * their own forum topic in the staff group, and a staff member's message in that topic is copied
 * back. Replies keep their targets through the pairs the chat service keeps, edits update the copy,
 * albums travel as one group. Without STAFF_CHAT_ID (`topics` undefined) applicants get the dealer's contacts.
 */
export function relayFeature(
  deps: BotDeps,
  topics: Topics | undefined,
  staffChatId: number | undefined,
  albumWindowMs = ALBUM_WINDOW_MS,
): Relay {
  const { chat, users, log } = deps;
  const staffT = textsIn(deps.catalogues, STAFF_LANGUAGE);
  const composer = new Composer<Context>();
  const sends = albumSends();

  async function relayToStaff(
    api: Api,
    userId: number,
    userChatId: number,
    messageIds: number[],
    replyTo: number | undefined,
  ): Promise<void> {
    const first = await chat.isFirstMessage(userId);
    const target = replyTo === undefined ? undefined : await chat.staffSideOf(userChatId, replyTo);
    const { result: copies } = await topics!.inTopic(userId, async (thread) => {
      const options = { message_thread_id: thread.messageThreadId };
      if (messageIds.length > 1) return api.copyMessages(thread.staffChatId, userChatId, messageIds, options);
      const reply_parameters = target && { message_id: target.messageId, allow_sending_without_reply: true };
      return [await api.copyMessage(thread.staffChatId, userChatId, messageIds[0]!, { ...options, reply_parameters })];
    });
    await chat.recordRelayed({
      userId,
      userChatId,
      staffChatId: staffChatId!,
      from: 'user',
      originals: messageIds,
      copies: copies.map((copy) => copy.message_id),
    });
    if (first) {
      const user = await users.findById(userId);
      const t = textsIn(deps.catalogues, user?.language ?? STAFF_LANGUAGE);
      await api.sendMessage(userChatId, t('Thank you! Your message has reached our team, and they will answer you here, in this chat.'));
    }
  }

  async function relayToApplicant(api: Api, thread: ChatThread, messageIds: number[], replyTo: number | undefined): Promise<void> {
    const user = await users.findById(thread.userId);
    if (!user?.telegram_id) return;
    const target = replyTo === undefined ? undefined : await chat.userSideOf(thread.staffChatId, replyTo);
    let copies: Array<{ message_id: number }>;
    try {
      if (messageIds.length > 1) {
        copies = await api.copyMessages(user.telegram_id, thread.staffChatId, messageIds);
      } else {
        const reply_parameters = target && { message_id: target.messageId, allow_sending_without_reply: true };
        copies = [await api.copyMessage(user.telegram_id, thread.staffChatId, messageIds[0]!, { reply_parameters })];
      }
    } catch (error) {
      if (!isRecipientUnreachable(error)) throw error;
      await chat.setBlocked(user.id, true);
      await api.sendMessage(
        thread.staffChatId,
        staffT('Not delivered: {name} has blocked the bot or deleted their account.', { name: displayName(user) }),
        {
          message_thread_id: thread.messageThreadId,
          reply_parameters: { message_id: messageIds[0]!, allow_sending_without_reply: true },
        },
      );
      return;
    }
    await chat.recordRelayed({
      userId: user.id,
      userChatId: user.telegram_id,
      staffChatId: thread.staffChatId,
      from: 'staff',
      originals: messageIds,
      copies: copies.map((copy) => copy.message_id),
    });
  }

  async function flushAlbum(api: Api, chatId: number, mediaGroupId: string): Promise<void> {
    const parts = await chat.takeAlbum(chatId, mediaGroupId);
    if (parts.length === 0) return;
    const ids = parts.map((part) => part.messageId);
    try {
      if (chatId === staffChatId) {
        const thread = await chat.threadByTopic(staffChatId, parts[0]!.messageThreadId ?? 0);
        if (thread) await relayToApplicant(api, thread, ids, undefined);
      } else {
        const user = await users.findByTelegramId(chatId);
        if (user) await relayToStaff(api, user.id, chatId, ids, undefined);
      }
    } catch (error) {
      // Telegram or the database failed mid-send: put the parts back for the next sweep.
      if (!isPermanent(error)) await chat.returnAlbum(parts);
      throw error;
    }
  }

  async function collectAlbumPart(api: Api, message: Message, messageThreadId: number | null) {
    const mediaGroupId = message.media_group_id!;
    await chat.addAlbumPart({ chatId: message.chat.id, messageId: message.message_id, mediaGroupId, messageThreadId });
    // Not awaited: the next parts must be handled meanwhile (polling handles one update at a time).
    sends.after(albumWindowMs, () =>
      flushAlbum(api, message.chat.id, mediaGroupId).catch((error: unknown) =>
        log.warn({ error: describeError(error) }, 'an album was not relayed; it will be retried'),
      ),
    );
  }

  /** Without a staff group nobody reads the chat: the dealer's contacts instead. */
  const noTeamYet = (t: Translate) => {
    const { phone, email, address } = deps.config.company;
    return t(
      'Thank you for your message. Our team does not read this chat yet: please call {phone} or write to {email}. Our address is {address}.',
      { phone, email, address },
    );
  };

  composer.chatType('private').on([...RELAYABLE], async (ctx: RelayableContext) => {
    const t = textsIn(deps.catalogues, senderLanguage(ctx.from));
    if (!topics) {
      await ctx.reply(noTeamYet(t));
      return;
    }
    const user = await users.rememberTelegramUser(ctx.from);
    const message = ctx.message;
    if (message.media_group_id) return collectAlbumPart(ctx.api, message, null);
    try {
      await relayToStaff(ctx.api, user.id, ctx.chat.id, [message.message_id], message.reply_to_message?.message_id);
    } catch (error) {
      if (!isPermanent(error)) throw error;
      log.warn({ updateId: ctx.update.update_id, error: describeError(error) }, 'a message could not be copied to staff');
      await ctx.reply(t('Sorry, this kind of message cannot be passed on. Please send it as text, a photo or a file.'));
    }
  });

  if (staffChatId !== undefined) {
    composer.on([...RELAYABLE], async (ctx: RelayableContext) => {
      const message = ctx.message;
      // Only messages in an applicant's topic are relayed: the group's General chat and commands stay with staff.
      if (
        ctx.chat.id !== staffChatId ||
        !message.is_topic_message ||
        message.message_thread_id === undefined ||
        isCommand(message) ||
        ctx.from?.is_bot
      )
        return;
      const thread = await chat.threadByTopic(staffChatId, message.message_thread_id);
      if (!thread) return;
      if (message.media_group_id) return collectAlbumPart(ctx.api, message, thread.messageThreadId);
      try {
        await relayToApplicant(ctx.api, thread, [message.message_id], message.reply_to_message?.message_id);
      } catch (error) {
        if (!isPermanent(error)) throw error;
        log.warn({ updateId: ctx.update.update_id, error: describeError(error) }, 'a staff message could not be copied to the applicant');
        await ctx.reply(staffT('This message could not be passed on to the applicant: {reason}', { reason: describeError(error) }));
      }
    });
  }

  composer.on('edited_message', async (ctx) => {
    const edited = ctx.editedMessage;
    const copy =
      ctx.chat.type === 'private'
        ? await chat.staffSideOf(ctx.chat.id, edited.message_id)
        : ctx.chat.id === staffChatId
          ? await chat.userSideOf(staffChatId, edited.message_id)
          : undefined;
    if (copy) await mirrorEdit(ctx.api, copy, edited);
  });

  composer.on('my_chat_member', async (ctx) => {
    if (ctx.chat.type !== 'private' || staffChatId === undefined) return;
    const blocked = ctx.myChatMember.new_chat_member.status === 'kicked';
    const user = await users.findByTelegramId(ctx.from.id);
    if (!user || !(await chat.setBlocked(user.id, blocked))) return;
    const thread = await chat.threadOf(user.id, staffChatId);
    if (!thread) return;
    const notice = blocked
      ? staffT('{name} has blocked the bot: messages to them are not delivered until they start it again.', { name: displayName(user) })
      : staffT('{name} has started the bot again.', { name: displayName(user) });
    await ctx.api.sendMessage(staffChatId, notice, { message_thread_id: thread.messageThreadId });
  });

  return {
    composer,
    async sweepAlbums(api) {
      for (const { chatId, mediaGroupId } of await chat.staleAlbums()) await flushAlbum(api, chatId, mediaGroupId);
    },
    settled: () => sends.settled(),
    close: () => sends.close(),
    async passOnAlbum(api, parts, language) {
      const first = parts[0];
      if (!first) return;
      if (!topics) {
        await api.sendMessage(first.chatId, noTeamYet(textsIn(deps.catalogues, language)));
        return;
      }
      for (const { chatId, messageId, mediaGroupId, messageThreadId } of parts)
        await chat.addAlbumPart({ chatId, messageId, mediaGroupId, messageThreadId });
      await flushAlbum(api, first.chatId, first.mediaGroupId);
    },
  };
}
