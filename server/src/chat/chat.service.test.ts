import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { createTelegramUser } from '../../test/identity.ts';
import { createChatService } from './chat.service.ts';

const STAFF_CHAT_ID = -1009876543210;

describe.each(DATABASE_KINDS)('the chat service on %s', (kind) => {
  let database: TestDatabase;
  let chat: ReturnType<typeof createChatService>;
  let nextTelegramId = 7_300_000;
  const applicant = async () => (await createTelegramUser(database.db, nextTelegramId++)).id;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    chat = createChatService(database.db);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('keeps the first topic recorded for an applicant when two instances open one at once', async () => {
    const userId = await applicant();
    const [first, second] = await Promise.all([chat.claimTopic(userId, STAFF_CHAT_ID, 41), chat.claimTopic(userId, STAFF_CHAT_ID, 42)]);
    const kept = (await chat.threadOf(userId, STAFF_CHAT_ID))!.messageThreadId;
    expect([first.won, second.won].filter(Boolean)).toHaveLength(1);
    expect(first.thread.messageThreadId).toBe(kept);
    expect(second.thread.messageThreadId).toBe(kept);
  });

  it('opens a new topic after staff deleted the old one', async () => {
    const userId = await applicant();
    await chat.claimTopic(userId, STAFF_CHAT_ID, 51);
    await chat.forgetTopic(STAFF_CHAT_ID, 51);
    expect(await chat.claimTopic(userId, STAFF_CHAT_ID, 52)).toMatchObject({ won: true, thread: { messageThreadId: 52 } });
  });

  it("finds each side of a relayed message from the other, and knows the applicant's first message", async () => {
    const userId = await applicant();
    expect(await chat.isFirstMessage(userId)).toBe(true);
    await chat.recordRelayed({
      userId,
      userChatId: 9001,
      staffChatId: STAFF_CHAT_ID,
      from: 'user',
      originals: [10, 11],
      copies: [810, 811],
    });
    expect(await chat.staffSideOf(9001, 11)).toEqual({ chatId: STAFF_CHAT_ID, messageId: 811 });
    expect(await chat.userSideOf(STAFF_CHAT_ID, 810)).toEqual({ chatId: 9001, messageId: 10 });
    expect(await chat.isFirstMessage(userId)).toBe(false);
  });

  it('pairs nothing when Telegram copied fewer messages than were sent', async () => {
    const userId = await applicant();
    await chat.recordRelayed({ userId, userChatId: 9002, staffChatId: STAFF_CHAT_ID, from: 'staff', originals: [920, 921], copies: [20] });
    expect(await chat.userSideOf(STAFF_CHAT_ID, 920)).toBeUndefined();
    expect(await chat.isFirstMessage(userId)).toBe(true);
  });

  it('gives an album to one sender, in message order, and takes it back after a failed send', async () => {
    const album = { chatId: 9003, mediaGroupId: 'album-1', messageThreadId: null };
    await chat.addAlbumPart({ ...album, messageId: 31 });
    await chat.addAlbumPart({ ...album, messageId: 30 });
    const parts = await chat.takeAlbum(9003, 'album-1');
    expect(parts.map((part) => part.messageId)).toEqual([30, 31]);
    expect(await chat.takeAlbum(9003, 'album-1')).toEqual([]);
    await chat.returnAlbum(parts);
    expect(await chat.takeAlbum(9003, 'album-1')).toEqual(parts);
  });
});
