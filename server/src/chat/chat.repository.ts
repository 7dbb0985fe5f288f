import { sql } from 'kysely';
import type { AlbumPart, ChatThread, MessageRef } from '../../../domain/contracts/chat.ts';
import type { Db } from '../db/database.ts';

/*
 * The bot's memory of conversations (docs/product/bot.md#bot): one forum topic per applicant in the
 * staff group (bot_threads), each relayed message paired with its copy so replies and edits find
 * their way back (bot_relayed_messages), and album photos waiting to travel together (bot_album_parts).
 */

const threadColumns = ['user_id', 'staff_chat_id', 'message_thread_id', 'blocked_at'] as const;

const toThread = (row: { user_id: number; staff_chat_id: number; message_thread_id: number; blocked_at: Date | null }): ChatThread => ({
  userId: row.user_id,
  staffChatId: row.staff_chat_id,
  messageThreadId: row.message_thread_id,
  blocked: row.blocked_at !== null,
});

/** The applicant's topic in this staff group; a topic in a group no longer configured does not count. */
export async function findThreadOfUser(db: Db, userId: number, staffChatId: number): Promise<ChatThread | undefined> {
  const row = await db
    .selectFrom('bot_threads')
    .select(threadColumns)
    .where('user_id', '=', userId)
    .where('staff_chat_id', '=', staffChatId)
    .executeTakeFirst();
  return row && toThread(row);
}

export async function findThreadByTopic(db: Db, staffChatId: number, messageThreadId: number): Promise<ChatThread | undefined> {
  const row = await db
    .selectFrom('bot_threads')
    .select(threadColumns)
    .where('staff_chat_id', '=', staffChatId)
    .where('message_thread_id', '=', messageThreadId)
    .executeTakeFirst();
  return row && toThread(row);
}

/**
 * Records a topic just created for the applicant and answers the one that holds: when another
 * instance recorded one for this group first, that one wins and the caller closes its own.
 */
export async function saveThread(db: Db, thread: Omit<ChatThread, 'blocked'>): Promise<ChatThread> {
  const inserted = await db
    .insertInto('bot_threads')
    .values({ user_id: thread.userId, staff_chat_id: thread.staffChatId, message_thread_id: thread.messageThreadId })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({
          staff_chat_id: thread.staffChatId,
          message_thread_id: thread.messageThreadId,
          blocked_at: null,
          created_at: sql`now()`,
        })
        // A row for a group that is no longer STAFF_CHAT_ID is replaced; one for this group stays.
        .where('bot_threads.staff_chat_id', '<>', thread.staffChatId),
    )
    .returning(threadColumns)
    .executeTakeFirst();
  if (inserted) return toThread(inserted);
  return (await findThreadOfUser(db, thread.userId, thread.staffChatId))!;
}

/** Forgets a topic staff deleted, so the next message opens a new one (only that topic, if another has replaced it meanwhile). */
export async function forgetThread(db: Db, staffChatId: number, messageThreadId: number): Promise<void> {
  await db.deleteFrom('bot_threads').where('staff_chat_id', '=', staffChatId).where('message_thread_id', '=', messageThreadId).execute();
}

/** Marks whether the applicant has blocked the bot; answers whether this changed anything. */
export async function setThreadBlocked(db: Db, userId: number, blocked: boolean): Promise<boolean> {
  const result = await db
    .updateTable('bot_threads')
    .set({ blocked_at: blocked ? sql`now()` : null })
    .where('user_id', '=', userId)
    .where('blocked_at', blocked ? 'is' : 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface RelayedPair {
  userId: number;
  userChatId: number;
  userMessageId: number;
  staffChatId: number;
  staffMessageId: number;
}

/** Pairs a message with its copy, whichever side wrote it; a pair seen twice (a retried update) is kept once. */
export async function saveRelayedPairs(db: Db, pairs: readonly RelayedPair[]): Promise<void> {
  if (pairs.length === 0) return;
  await db
    .insertInto('bot_relayed_messages')
    .values(
      pairs.map((p) => ({
        user_id: p.userId,
        user_chat_id: p.userChatId,
        user_message_id: p.userMessageId,
        staff_chat_id: p.staffChatId,
        staff_message_id: p.staffMessageId,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The staff group's side of a message in the applicant's chat. */
export async function findStaffSide(db: Db, userChatId: number, userMessageId: number): Promise<MessageRef | undefined> {
  const row = await db
    .selectFrom('bot_relayed_messages')
    .select(['staff_chat_id', 'staff_message_id'])
    .where('user_chat_id', '=', userChatId)
    .where('user_message_id', '=', userMessageId)
    .executeTakeFirst();
  return row && { chatId: row.staff_chat_id, messageId: row.staff_message_id };
}

/** The applicant's side of a message in the staff group. */
export async function findUserSide(db: Db, staffChatId: number, staffMessageId: number): Promise<MessageRef | undefined> {
  const row = await db
    .selectFrom('bot_relayed_messages')
    .select(['user_chat_id', 'user_message_id'])
    .where('staff_chat_id', '=', staffChatId)
    .where('staff_message_id', '=', staffMessageId)
    .executeTakeFirst();
  return row && { chatId: row.user_chat_id, messageId: row.user_message_id };
}

/** Whether anything of this applicant has been relayed before (the first message gets an acknowledgement). */
export async function hasRelayedBefore(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('bot_relayed_messages').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function addAlbumPart(db: Db, part: AlbumPart): Promise<void> {
  await db
    .insertInto('bot_album_parts')
    .values({
      chat_id: part.chatId,
      message_id: part.messageId,
      media_group_id: part.mediaGroupId,
      message_thread_id: part.messageThreadId,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Takes every part of an album received so far, in message order; whoever takes them sends them. */
export async function takeAlbum(db: Db, chatId: number, mediaGroupId: string): Promise<AlbumPart[]> {
  const rows = await db
    .deleteFrom('bot_album_parts')
    .where('chat_id', '=', chatId)
    .where('media_group_id', '=', mediaGroupId)
    .returning(['chat_id', 'message_id', 'media_group_id', 'message_thread_id'])
    .execute();
  return rows
    .map((r) => ({ chatId: r.chat_id, messageId: r.message_id, mediaGroupId: r.media_group_id, messageThreadId: r.message_thread_id }))
    .sort((a, b) => a.messageId - b.messageId);
}

/** Albums whose parts have waited longer than `olderThanMs` (their sender's process stopped before sending them). */
export async function findStaleAlbums(db: Db, olderThanMs: number): Promise<Array<{ chatId: number; mediaGroupId: string }>> {
  const rows = await db
    .selectFrom('bot_album_parts')
    .select(['chat_id', 'media_group_id'])
    .where('received_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .groupBy(['chat_id', 'media_group_id'])
    .limit(20)
    .execute();
  return rows.map((r) => ({ chatId: r.chat_id, mediaGroupId: r.media_group_id }));
}
