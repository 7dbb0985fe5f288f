import { chatLinkFor } from '../../../domain/chat-link.ts';
import type { AlbumPart, ChatLink, ChatThread, MessageRef } from '../../../domain/contracts/chat.ts';
import { recordStaffMessageTo } from '../applications/lead-work.service.ts';
import type { Db } from '../db/database.ts';
import { findUserById } from '../users/users.repository.ts';
import {
  addAlbumPart,
  findStaffSide,
  findStaleAlbums,
  findThreadByTopic,
  findThreadOfUser,
  findUserSide,
  forgetThread,
  hasRelayedBefore,
  saveRelayedPairs,
  saveThread,
  setThreadBlocked,
  takeAlbum,
} from './chat.repository.ts';

/** Album parts older than this were left behind by a stopped process; a sweep sends them. */
const STALE_ALBUM_MS = 10_000;

/** One relay of messages between an applicant's chat and their topic; `from` says which side wrote the originals. */
export interface RelayedMessages {
  userId: number;
  userChatId: number;
  staffChatId: number;
  from: 'user' | 'staff';
  originals: number[];
  copies: number[];
}

/**
 * The chat's stored rules (docs/product/bot.md#bot, Relay): one topic per applicant and staff group,
 * the first instance to record one wins; each relayed message paired with its copy so replies and
 * edits find their way back; album parts held until the album is sent, and handed back when a send
 * fails. The bot does the Telegram calls around these (docs/decisions/006-boundaries-checked-by-lint.md).
 */
export function createChatService(db: Db) {
  return {
    threadOf: (userId: number, staffChatId: number): Promise<ChatThread | undefined> => findThreadOfUser(db, userId, staffChatId),
    threadByTopic: (staffChatId: number, messageThreadId: number): Promise<ChatThread | undefined> =>
      findThreadByTopic(db, staffChatId, messageThreadId),

    async claimTopic(userId: number, staffChatId: number, messageThreadId: number): Promise<{ thread: ChatThread; won: boolean }> {
      const thread = await saveThread(db, { userId, staffChatId, messageThreadId });
      return { thread, won: thread.messageThreadId === messageThreadId };
    },

    forgetTopic: (staffChatId: number, messageThreadId: number): Promise<void> => forgetThread(db, staffChatId, messageThreadId),
    setBlocked: (userId: number, blocked: boolean): Promise<boolean> => setThreadBlocked(db, userId, blocked),
    isFirstMessage: async (userId: number): Promise<boolean> => !(await hasRelayedBefore(db, userId)),

    async recordRelayed({ userId, userChatId, staffChatId, from, originals, copies }: RelayedMessages): Promise<void> {
      // copyMessages skips what it cannot copy, so a shorter answer cannot be paired by position.
      if (copies.length !== originals.length) return;
      await saveRelayedPairs(
        db,
        originals.map((original, i) => {
          const copy = copies[i]!;
          return from === 'user'
            ? { userId, userChatId, userMessageId: original, staffChatId, staffMessageId: copy }
            : { userId, userChatId, userMessageId: copy, staffChatId, staffMessageId: original };
        }),
      );
      if (from === 'staff') await recordStaffMessageTo(db, userId, new Date());
    },

    staffSideOf: (userChatId: number, userMessageId: number): Promise<MessageRef | undefined> =>
      findStaffSide(db, userChatId, userMessageId),
    userSideOf: (staffChatId: number, staffMessageId: number): Promise<MessageRef | undefined> =>
      findUserSide(db, staffChatId, staffMessageId),
    addAlbumPart: (part: AlbumPart): Promise<void> => addAlbumPart(db, part),
    takeAlbum: (chatId: number, mediaGroupId: string): Promise<AlbumPart[]> => takeAlbum(db, chatId, mediaGroupId),

    async returnAlbum(parts: readonly AlbumPart[]): Promise<void> {
      for (const part of parts) await addAlbumPart(db, part);
    },

    staleAlbums: (): Promise<Array<{ chatId: number; mediaGroupId: string }>> => findStaleAlbums(db, STALE_ALBUM_MS),
  };
}

/**
 * Where the dashboard's Chat button leads for a user (docs/product/staff-dashboard.md#application-detail): their
 * topic in the staff group when the bot opened one, else their username; undefined when there is no
 * such user.
 */
export async function chatLinkOfUser(db: Db, userId: number, staffChatId: number | undefined): Promise<ChatLink | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const thread = staffChatId === undefined ? undefined : await findThreadOfUser(db, userId, staffChatId);
  return chatLinkFor(staffChatId, { username: user.username, messageThreadId: thread?.messageThreadId ?? null });
}
