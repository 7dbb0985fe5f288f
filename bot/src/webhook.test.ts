import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../domain/contracts/errors.ts';
import { HTTP_ONLY_KINDS } from '../../server/test/database.ts';
import { applicant, command, PUBLIC_URL, privateMessage, STAFF_CHAT_ID, useBotRuntime } from '../test/bot-harness.ts';
import { webhookSecretFor } from './telegram-bot.ts';

const WEBHOOK = '/api/telegram/webhook';

describe.each(HTTP_ONLY_KINDS)('the bot in webhook mode on %s', (kind) => {
  // The webhook answers before a slow handler is done: after 200 ms here, not 2 s.
  const h = useBotRuntime(kind, { BOT_MODE: 'webhook' }, { webhookAnswerMs: 200 });
  /** Posts as Telegram would: with the configured secret unless `secret` says otherwise (null: none). */
  const post = (body: unknown, secret: string | null = webhookSecretFor(h.runtime.config)) =>
    h.runtime.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: body as object,
      headers: secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret },
    });

  it('registers its webhook with a secret, its commands in four languages and the menu button at start', async () => {
    // Setup ran when the suite started; the fake kept its calls until this first test ends.
    const [webhook] = await h.fake.waitFor('setWebhook');
    expect(webhook!.payload).toMatchObject({ url: `${PUBLIC_URL}${WEBHOOK}`, secret_token: webhookSecretFor(h.runtime.config) });
    const commands = h.fake.callsOf('setMyCommands');
    expect(commands.map((c) => c.payload.language_code ?? c.payload.scope?.type)).toEqual(['all_private_chats', 'uk', 'es', 'ru', 'chat']);
    expect(commands[1]!.payload.commands!.map((c: { command: string }) => c.command)).toEqual(['start', 'help', 'login']);
    expect(commands[4]!.payload).toMatchObject({ scope: { type: 'chat', chat_id: STAFF_CHAT_ID }, commands: [{ command: 'info' }] });
    const [menu] = h.fake.callsOf('setChatMenuButton');
    expect(menu!.payload.menu_button).toEqual({ type: 'web_app', text: 'Open the app', web_app: { url: `${PUBLIC_URL}/` } });
  });

  it('handles an update Telegram posts with the secret', async () => {
    const res = await post(privateMessage({ ...applicant, language_code: 'en' }, command('/start')));
    expect(res.statusCode).toBe(200);
    expect((await h.fake.waitFor('sendMessage'))[0]!.payload.chat_id).toBe(applicant.id);
  });

  it.each([
    ['a missing', null],
    ['a wrong', 'not-the-secret'],
    ['an almost right', `${webhookSecretFor({ security: { sessionSecret: 'x' }, bot: { token: 'y' } } as never)}`],
  ])('refuses %s secret with 401 and handles nothing', async (_what, secret) => {
    const res = await post(privateMessage(applicant, command('/start')), secret);
    expect(res.statusCode).toBe(401);
    expect(res.json<ErrorBody>().error.code).toBe('unauthorized');
    // An update with the secret, posted after it, is handled: the refused one's reply would be there by then.
    const other = { ...applicant, id: applicant.id + 7, language_code: 'en' };
    expect((await post(privateMessage(other, command('/start')))).statusCode).toBe(200);
    await h.fake.waitFor('sendMessage');
    expect(h.fake.callsOf('sendMessage').filter((call) => call.payload.chat_id !== other.id)).toHaveLength(0);
  });

  it('answers 400 to a body that is plain text', async () => {
    const res = await h.runtime.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: 'hello',
      headers: { 'content-type': 'text/plain', 'x-telegram-bot-api-secret-token': webhookSecretFor(h.runtime.config) },
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['an object without update_id', { message: { text: 'hi' } }],
    ['a negative update_id', { update_id: -1 }],
  ])('answers 400 to a body that is %s', async (_what, body) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
  });

  it('answers Telegram before a slow handler finishes, so the update is not resent', async () => {
    const release = h.fake.hold('sendMessage');
    try {
      const res = await post(privateMessage({ ...applicant, language_code: 'en' }, command('/help')));
      expect(res.statusCode).toBe(200);
      const [call] = await h.fake.waitFor('sendMessage');
      // The reply is still on its way to Telegram when the webhook has answered.
      expect(call).toBeDefined();
      expect(call!.result).toBeUndefined();
    } finally {
      release();
    }
  });
});

describe('the bot when Telegram is unreachable at start', () => {
  const h = useBotRuntime('pglite', { BOT_MODE: 'webhook' }, { knownBot: false, fakeDownAtStart: true });

  it('keeps serving the app', async () => {
    expect((await h.runtime.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await h.runtime.app.inject({ method: 'GET', url: '/api/cars' })).statusCode).toBe(200);
  });

  it('answers webhook updates 503 with Retry-After until it reaches Telegram, then handles them', async () => {
    const update = privateMessage({ ...applicant, language_code: 'en' }, command('/start'));
    const headers = { 'x-telegram-bot-api-secret-token': webhookSecretFor(h.runtime.config) };
    const refused = await h.runtime.app.inject({ method: 'POST', url: WEBHOOK, payload: update, headers });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');

    await h.fake.up();
    const accepted = await h.runtime.app.inject({ method: 'POST', url: WEBHOOK, payload: update, headers });
    expect(accepted.statusCode).toBe(200);
    expect((await h.fake.waitFor('sendMessage'))[0]!.payload.chat_id).toBe(applicant.id);
  });
});

describe('stopping the server while Telegram is unreachable', () => {
  const h = useBotRuntime('pglite', { BOT_MODE: 'polling' }, { knownBot: false, fakeDownAtStart: true });

  it('stops the bot cleanly, without waiting for Telegram', async () => {
    const complaints: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = (chunk: string | Uint8Array) => {
      complaints.push(String(chunk));
      return true;
    };
    try {
      await h.runtime.close(3000);
    } finally {
      process.stderr.write = write;
    }
    expect(complaints.filter((line) => line.includes('did not stop cleanly'))).toEqual([]);
  });
});
