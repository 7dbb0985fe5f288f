import { describe, expect, it } from 'vitest';
import { keyboardOf } from '../../test/fake-bot-api.ts';
import { DATABASE_KINDS } from '../../../server/test/database.ts';
import { createAdmin, createTelegramUser } from '../../../server/test/identity.ts';
import { command, PUBLIC_URL, privateMessage, staffMember, useBot } from '../../test/bot-harness.ts';

describe.each(DATABASE_KINDS)('/login on %s', (kind) => {
  const h = useBot(kind);

  it('gives an admin a one-time sign-in link button, valid for 10 minutes', async () => {
    const admin = await createAdmin(h.db, 7_100_001);
    await h.send(privateMessage({ ...staffMember, id: 7_100_001 }, command('/login')));
    const [reply] = h.fake.callsOf('sendMessage');
    expect(reply!.payload.text).toBe('Your sign-in link works once, within 10 minutes.');
    expect(reply!.payload.protect_content).toBe(true);
    const button = keyboardOf(reply!)[0]![0]!;
    expect(button.text).toBe('Sign in to the dashboard');
    expect(button.url).toMatch(new RegExp(`^${PUBLIC_URL}/auth/link#token=[A-Za-z0-9_-]{43}$`));
    const token = await h.db
      .selectFrom('login_tokens')
      .select(['user_id', 'used_at'])
      .where('user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(token.used_at).toBeNull();
  });

  it('politely refuses someone who is not staff, and issues nothing', async () => {
    await createTelegramUser(h.db, 7_100_002);
    await h.send(privateMessage({ ...staffMember, id: 7_100_002, language_code: 'ru' }, command('/login')));
    const [reply] = h.fake.callsOf('sendMessage');
    expect(reply!.payload.text).toBe(
      h.catalogues.translate(
        'ru',
        'Sorry, signing in to the dashboard is for staff only. If you work here, ask an administrator to give you access.',
      ),
    );
    expect(reply!.payload.reply_markup).toBeUndefined();
    expect(await h.db.selectFrom('login_tokens').selectAll().execute()).toHaveLength(1);
  });

  it("answers /start login (the dashboard sign-in page's Telegram button) like /login", async () => {
    await createAdmin(h.db, 7_100_004);
    await h.send(privateMessage({ ...staffMember, id: 7_100_004 }, command('/start login')));
    const [reply] = h.fake.callsOf('sendMessage');
    expect(reply!.payload.text).toBe('Your sign-in link works once, within 10 minutes.');
    expect(keyboardOf(reply!)[0]![0]!.url).toMatch(/\/auth\/link#token=/);
  });

  it('refuses a stranger the bot has never seen', async () => {
    await h.send(privateMessage({ ...staffMember, id: 7_100_003 }, command('/login')));
    expect(h.fake.callsOf('sendMessage')[0]!.payload.text).toMatch(/^Sorry, signing in to the dashboard is for staff only/);
  });
});
