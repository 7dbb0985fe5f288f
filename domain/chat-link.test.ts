import { describe, expect, it } from 'vitest';
import { chatLinkFor } from './chat-link.ts';

const STAFF_SUPERGROUP = -1009876543210;

describe("the staff's Chat link to a user", () => {
  it("opens the user's topic in the staff supergroup when the bot opened one", () => {
    expect(chatLinkFor(STAFF_SUPERGROUP, { username: null, messageThreadId: 12 })).toEqual({
      url: 'https://t.me/c/9876543210/12',
      via: 'topic',
    });
  });

  it('opens a private chat by username when the user has no topic', () => {
    expect(chatLinkFor(STAFF_SUPERGROUP, { username: 'ana_m', messageThreadId: null })).toEqual({
      url: 'https://t.me/ana_m',
      via: 'username',
    });
  });

  it('opens a private chat by username when the staff chat is a basic group, which has no topic links', () => {
    expect(chatLinkFor(-4242, { username: 'ana_m', messageThreadId: 12 })).toEqual({ url: 'https://t.me/ana_m', via: 'username' });
  });

  it('opens a private chat by username when no staff chat is configured', () => {
    expect(chatLinkFor(undefined, { username: 'ana_m', messageThreadId: 12 })).toEqual({ url: 'https://t.me/ana_m', via: 'username' });
  });

  it('has nothing to open for a user with neither a topic nor a username', () => {
    expect(chatLinkFor(STAFF_SUPERGROUP, { username: null, messageThreadId: null })).toEqual({ url: null, via: null });
  });
});
