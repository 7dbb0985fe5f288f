import { describe, expect, it } from 'vitest';
import { keyboardOf } from '../../test/fake-bot-api.ts';
import { DATABASE_KINDS } from '../../../server/test/database.ts';
import { findThreadOfUser } from '../../../server/src/chat/chat.repository.ts';
import { findUserByTelegramId } from '../../../server/src/users/users.repository.ts';
import {
  applicant,
  command,
  edited,
  generalChatMessage,
  memberStatus,
  privateMessage,
  PUBLIC_URL,
  STAFF_CHAT_ID,
  topicMessage,
  useBot,
  type BotHarness,
} from '../../test/bot-harness.ts';

let nextApplicantId = 8_000_000;
/** A fresh applicant per test, so topics and pairs of one test never meet another's. */
const newApplicant = (overrides: Partial<typeof applicant> = {}) => ({ ...applicant, id: nextApplicantId++, ...overrides });

/** The applicant writes once so that their topic exists; answers the topic's thread id. */
async function openTopic(h: BotHarness, user = newApplicant()) {
  await h.send(privateMessage(user, { text: 'Hello' }));
  const thread = await findThreadOfUser(h.db, (await findUserByTelegramId(h.db, user.id))!.id, STAFF_CHAT_ID);
  h.fake.calls.splice(0);
  return { user, threadId: thread!.messageThreadId };
}

describe.each(DATABASE_KINDS)('the chat between applicants and staff on %s', (kind) => {
  const h = useBot(kind);

  it("opens the applicant's own topic on their first message, named after them, with a card and no personal financial data", async () => {
    const user = newApplicant();
    await h.send(privateMessage(user, { text: 'Is the Camry still available?' }));

    const [topic] = h.fake.callsOf('createForumTopic');
    expect(topic!.payload).toMatchObject({ chat_id: STAFF_CHAT_ID, name: 'Olena Koval (@olena_k)' });
    const [card, ack] = h.fake.callsOf('sendMessage');
    expect(card!.payload.chat_id).toBe(STAFF_CHAT_ID);
    expect(card!.payload.text).toBe(['👤 Olena Koval', '@olena_k', 'Language: Українська', 'No application yet'].join('\n'));
    const userId = (await findUserByTelegramId(h.db, user.id))!.id;
    expect(keyboardOf(card!)).toEqual([[{ text: 'Open in dashboard', url: `${PUBLIC_URL}/dashboard/users/${userId}` }]]);
    const [copy] = h.fake.callsOf('copyMessage');
    expect(copy!.payload).toMatchObject({
      chat_id: STAFF_CHAT_ID,
      from_chat_id: user.id,
      message_thread_id: card!.payload.message_thread_id,
    });
    expect(ack!.payload.chat_id).toBe(user.id);
    expect(ack!.payload.text).toBe(
      h.catalogues.translate('uk', 'Thank you! Your message has reached our team, and they will answer you here, in this chat.'),
    );
  });

  it('acknowledges only the first message, and later ones go to the same topic', async () => {
    const { user, threadId } = await openTopic(h);
    await h.send(privateMessage(user, { text: 'One more thing' }));
    expect(h.fake.callsOf('createForumTopic')).toHaveLength(0);
    expect(h.fake.callsOf('sendMessage')).toHaveLength(0);
    expect(h.fake.callsOf('copyMessage')[0]!.payload.message_thread_id).toBe(threadId);
  });

  it.each([
    [
      'a photo',
      {
        photo: [
          { file_id: 'small', file_unique_id: 's', width: 90, height: 90 },
          { file_id: 'big', file_unique_id: 'b', width: 1280, height: 960 },
        ],
        caption: 'My car',
      },
    ],
    ['a document', { document: { file_id: 'doc', file_unique_id: 'd', file_name: 'paystub.pdf' } }],
    ['a voice message', { voice: { file_id: 'voice', file_unique_id: 'v', duration: 3 } }],
    ['a video', { video: { file_id: 'video', file_unique_id: 'vi', width: 640, height: 480, duration: 5 } }],
    [
      'a sticker',
      {
        sticker: {
          file_id: 'sticker',
          file_unique_id: 'st',
          type: 'regular',
          width: 512,
          height: 512,
          is_animated: false,
          is_video: false,
        },
      },
    ],
    ['a location', { location: { latitude: 32.7767, longitude: -96.797 } }],
    ['a contact', { contact: { phone_number: '+12145550147', first_name: 'Olena' } }],
  ])('copies %s into the topic, not forwarding it', async (_kind, content) => {
    const { user, threadId } = await openTopic(h);
    const update = privateMessage(user, content);
    await h.send(update);
    expect(h.fake.callsOf('forwardMessage')).toHaveLength(0);
    expect(h.fake.callsOf('copyMessage').map((call) => call.payload)).toEqual([
      { chat_id: STAFF_CHAT_ID, from_chat_id: user.id, message_id: update.message!.message_id, message_thread_id: threadId },
    ]);
  });

  it("copies a staff member's message in the topic back to the applicant", async () => {
    const { user, threadId } = await openTopic(h);
    const reply = topicMessage(threadId, { text: 'Yes, come by on Saturday.' });
    await h.send(reply);
    expect(h.fake.callsOf('copyMessage').map((call) => call.payload)).toEqual([
      { chat_id: user.id, from_chat_id: STAFF_CHAT_ID, message_id: reply.message!.message_id },
    ]);
  });

  it('keeps reply targets on both sides', async () => {
    const { user, threadId } = await openTopic(h);
    const question = privateMessage(user, { text: 'What about the price?' });
    await h.send(question);
    const copyId = copiedMessageId(h, 0);

    const answer = topicMessage(threadId, {
      text: 'It is negotiable.',
      reply_to_message: { message_id: copyId, date: 0, chat: { id: STAFF_CHAT_ID, type: 'supergroup', title: 'Staff' } },
    });
    await h.send(answer);
    expect(h.fake.callsOf('copyMessage')[1]!.payload.reply_parameters).toEqual({
      message_id: question.message!.message_id,
      allow_sending_without_reply: true,
    });

    const answerCopyId = copiedMessageId(h, 1);
    const followUp = privateMessage(user, {
      text: 'Great!',
      reply_to_message: { message_id: answerCopyId, date: 0, chat: { id: user.id, type: 'private', first_name: 'Olena' } },
    });
    await h.send(followUp);
    expect(h.fake.callsOf('copyMessage')[2]!.payload.reply_parameters).toEqual({
      message_id: answer.message!.message_id,
      allow_sending_without_reply: true,
    });
  });

  it('an edited message updates its copy, from either side', async () => {
    const { user, threadId } = await openTopic(h);
    const original = privateMessage(user, { text: 'I make $50k' });
    await h.send(original);
    const copyId = copiedMessageId(h, 0);
    await h.send(edited(original, { text: 'I make $60k' }));
    expect(h.fake.callsOf('editMessageText')[0]!.payload).toMatchObject({
      chat_id: STAFF_CHAT_ID,
      message_id: copyId,
      text: 'I make $60k',
    });

    const staffText = topicMessage(threadId, { text: 'See you at 10' });
    await h.send(staffText);
    const userCopyId = copiedMessageId(h, 1);
    await h.send(edited(staffText, { text: 'See you at 11' }));
    expect(h.fake.callsOf('editMessageText')[1]!.payload).toMatchObject({
      chat_id: user.id,
      message_id: userCopyId,
      text: 'See you at 11',
    });
  });

  it('an edited caption updates the copied photo', async () => {
    const { user } = await openTopic(h);
    const photo = { photo: [{ file_id: 'p1', file_unique_id: 'p1u', width: 800, height: 600 }], caption: 'front' };
    const original = privateMessage(user, photo);
    await h.send(original);
    const copyId = copiedMessageId(h, 0);
    await h.send(edited(original, { caption: 'front of the car' }));
    expect(h.fake.callsOf('editMessageMedia')[0]!.payload).toMatchObject({
      chat_id: STAFF_CHAT_ID,
      message_id: copyId,
      media: { type: 'photo', media: 'p1', caption: 'front of the car' },
    });
  });

  it('opens a new topic when staff deleted the old one, and still delivers the message', async () => {
    const { user, threadId } = await openTopic(h);
    h.fake.failNext('copyMessage', { error_code: 400, description: 'Bad Request: message thread not found' });
    await h.send(privateMessage(user, { text: 'Anyone there?' }));
    const [topic] = h.fake.callsOf('createForumTopic');
    expect(topic).toBeDefined();
    const copies = h.fake.callsOf('copyMessage');
    expect(copies).toHaveLength(2);
    expect(copies[0]!.payload.message_thread_id).toBe(threadId);
    const fresh = await findThreadOfUser(h.db, (await findUserByTelegramId(h.db, user.id))!.id, STAFF_CHAT_ID);
    expect(fresh!.messageThreadId).not.toBe(threadId);
    expect(copies[1]!.payload.message_thread_id).toBe(fresh!.messageThreadId);
  });

  it('tells staff in the topic when the applicant blocks the bot, and when they come back', async () => {
    const { user, threadId } = await openTopic(h);
    await h.send(memberStatus(user, 'kicked'));
    const [notice] = h.fake.callsOf('sendMessage');
    expect(notice!.payload).toMatchObject({
      chat_id: STAFF_CHAT_ID,
      message_thread_id: threadId,
      text: 'Olena Koval has blocked the bot: messages to them are not delivered until they start it again.',
    });
    expect((await findThreadOfUser(h.db, (await findUserByTelegramId(h.db, user.id))!.id, STAFF_CHAT_ID))!.blocked).toBe(true);

    await h.send(memberStatus(user, 'member'));
    expect(h.fake.callsOf('sendMessage')[1]!.payload.text).toBe('Olena Koval has started the bot again.');
  });

  it('tells staff when their message could not reach an applicant who blocked the bot', async () => {
    const { threadId } = await openTopic(h);
    h.fake.failNext('copyMessage', { error_code: 403, description: 'Forbidden: bot was blocked by the user' });
    const staffText = topicMessage(threadId, { text: 'Your car is ready' });
    await h.send(staffText);
    const [notice] = h.fake.callsOf('sendMessage');
    expect(notice!.payload).toMatchObject({
      chat_id: STAFF_CHAT_ID,
      message_thread_id: threadId,
      reply_parameters: { message_id: staffText.message!.message_id },
    });
    expect(notice!.payload.text).toBe('Not delivered: Olena Koval has blocked the bot or deleted their account.');
  });

  it('keeps an album together as one group', async () => {
    const { user, threadId } = await openTopic(h);
    const parts = [1, 2, 3].map((n) =>
      privateMessage(user, { media_group_id: 'album-1', photo: [{ file_id: `a${n}`, file_unique_id: `a${n}u`, width: 800, height: 600 }] }),
    );
    for (const part of parts) await h.send(part);
    const [group] = await h.fake.waitFor('copyMessages');
    expect(group!.payload).toEqual({
      chat_id: STAFF_CHAT_ID,
      from_chat_id: user.id,
      message_ids: parts.map((p) => p.message!.message_id),
      message_thread_id: threadId,
    });
    expect(h.fake.callsOf('copyMessage')).toHaveLength(0);
    // Every part's own send has come round (the first took the whole album).
    await h.bot.albumsSettled();
    expect(h.fake.callsOf('copyMessages')).toHaveLength(1);
  });

  it("sends a staff member's album to the applicant as one group", async () => {
    const { user, threadId } = await openTopic(h);
    const parts = [1, 2].map((n) =>
      topicMessage(threadId, {
        media_group_id: 'staff-album',
        photo: [{ file_id: `s${n}`, file_unique_id: `s${n}u`, width: 800, height: 600 }],
      }),
    );
    for (const part of parts) await h.send(part);
    const [group] = await h.fake.waitFor('copyMessages');
    expect(group!.payload).toEqual({ chat_id: user.id, from_chat_id: STAFF_CHAT_ID, message_ids: parts.map((p) => p.message!.message_id) });
  });

  it("ignores the staff group's messages outside applicant topics, and staff commands", async () => {
    const { threadId } = await openTopic(h);
    await h.send(generalChatMessage({ text: 'Team meeting at 5' }));
    await h.send(topicMessage(threadId, command('/status')));
    await h.send(topicMessage(9_999, { text: 'A topic the bot did not open' }));
    expect(h.fake.calls).toEqual([]);
  });

  it("does not relay the bot's own or another bot's messages", async () => {
    const { threadId } = await openTopic(h);
    await h.send(topicMessage(threadId, { text: 'automated' }, { id: 42, is_bot: true, first_name: 'Other bot' }));
    expect(h.fake.calls).toEqual([]);
  });

  it('/info in a topic repeats the card with the current status', async () => {
    const { threadId } = await openTopic(h);
    await h.send(topicMessage(threadId, command('/info')));
    const [card] = h.fake.callsOf('sendMessage');
    expect(card!.payload).toMatchObject({ chat_id: STAFF_CHAT_ID, message_thread_id: threadId });
    expect(card!.payload.text).toContain('No application yet');
  });

  it('tells the applicant when a message cannot be passed on', async () => {
    const { user } = await openTopic(h);
    h.fake.failNext('copyMessage', { error_code: 400, description: "Bad Request: message can't be copied" });
    await h.send(
      privateMessage(user, {
        poll: {
          id: 'p',
          question: 'Q',
          options: [],
          total_voter_count: 0,
          is_closed: false,
          is_anonymous: true,
          type: 'regular',
          allows_multiple_answers: false,
        },
      }),
    );
    const [reply] = h.fake.callsOf('sendMessage');
    expect(reply!.payload.text).toBe(
      h.catalogues.translate('uk', 'Sorry, this kind of message cannot be passed on. Please send it as text, a photo or a file.'),
    );
  });

  it('a failing handler is logged with its update id and the next update still works', async () => {
    const { user } = await openTopic(h);
    // Longer than auto-retry waits, so the call fails at once.
    h.fake.failNext('copyMessage', { error_code: 429, description: 'Too Many Requests: retry after 60', parameters: { retry_after: 60 } });
    const failing = privateMessage(user, { text: 'lost in a Telegram outage' });
    await h.send(failing);
    const line = h.log.lines.find((l) => l.message === 'a bot update failed');
    expect(line?.details).toMatchObject({ updateId: failing.update_id });
    expect(JSON.stringify(h.log.lines)).not.toContain('lost in a Telegram outage');
    await h.send(privateMessage(user, { text: 'and this one arrives' }));
    expect(h.fake.callsOf('copyMessage').length).toBe(2);
  });
});

describe('without STAFF_CHAT_ID', () => {
  const h = useBot('pglite', { STAFF_CHAT_ID: undefined });

  it("answers applicants with the dealer's contact details, and opens no topic", async () => {
    await h.send(privateMessage(newApplicant({ language_code: 'en' }), { text: 'Hi' }));
    expect(h.fake.callsOf('createForumTopic')).toHaveLength(0);
    const [reply] = h.fake.callsOf('sendMessage');
    const { phone, email, address } = h.config.company;
    expect(reply!.payload.text).toBe(
      `Thank you for your message. Our team does not read this chat yet: please call ${phone} or write to ${email}. Our address is ${address}.`,
    );
  });
});

/** The message id the fake gave the n-th copy it made. */
const copiedMessageId = (h: BotHarness, n: number): number => h.fake.callsOf('copyMessage')[n]!.result!.message_id!;
