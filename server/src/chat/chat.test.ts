import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createTelegramUser, sessionCookie } from '../../test/identity.ts';
import { saveThread } from './chat.repository.ts';

const STAFF_CHAT_ID = -1009876543210;

describe.each(DATABASE_KINDS)('GET /api/chat/{userId} on %s', (kind) => {
  const t = useTestApp(kind, { env: { STAFF_CHAT_ID: String(STAFF_CHAT_ID) } });
  const asAdmin = async (url: string) => {
    const admin = await createAdmin(t.db, 7_200_001);
    return t.app.inject({ method: 'GET', url, headers: { cookie: await sessionCookie(t.app, admin.id) } });
  };

  it("gives staff the applicant's topic when the bot has opened one", async () => {
    const user = await createTelegramUser(t.db, 7_200_010, { username: 'olena_k' });
    await saveThread(t.db, { userId: user.id, staffChatId: STAFF_CHAT_ID, messageThreadId: 31 });
    const res = await asAdmin(`/api/chat/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: 'https://t.me/c/9876543210/31', via: 'topic' });
  });

  it('gives the username link when there is no topic, and null when there is no username either', async () => {
    const named = await createTelegramUser(t.db, 7_200_011, { username: 'ana_r' });
    const nameless = await createTelegramUser(t.db, 7_200_012);
    expect((await asAdmin(`/api/chat/${named.id}`)).json()).toEqual({ url: 'https://t.me/ana_r', via: 'username' });
    expect((await asAdmin(`/api/chat/${nameless.id}`)).json()).toEqual({ url: null, via: null });
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expect((await asAdmin('/api/chat/999999')).statusCode).toBe(404);
    expect((await asAdmin('/api/chat/abc')).statusCode).toBe(400);
  });

  it('is for staff only', async () => {
    const user = await createTelegramUser(t.db, 7_200_013);
    expect((await t.app.inject({ method: 'GET', url: `/api/chat/${user.id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/chat/${user.id}`, headers: { cookie: await sessionCookie(t.app, user.id) } }))
        .statusCode,
    ).toBe(403);
  });
});
