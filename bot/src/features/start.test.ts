import { describe, expect, it } from 'vitest';
import { keyboardOf } from '../../test/fake-bot-api.ts';
import { DATABASE_KINDS } from '../../../server/test/database.ts';
import { findUserByTelegramId } from '../../../server/src/users/users.repository.ts';
import { applicant, command, PUBLIC_URL, privateMessage, useBot } from '../../test/bot-harness.ts';

const CAR = '3f2a9c1e-8b4d-4e6f-9a0b-1c2d3e4f5a6b';

describe.each(DATABASE_KINDS)('/start and /help on %s', (kind) => {
  const h = useBot(kind);

  it.each([
    ['en', 'en'],
    ['uk', 'uk'],
    ['es', 'es'],
    ['ru', 'ru'],
    ['pt-br', 'en'],
  ] as const)('greets a %s user in %s with a button that opens the app', async (code, lang) => {
    const user = { ...applicant, id: applicant.id + code.length * 10 + code.charCodeAt(0), language_code: code };
    await h.send(privateMessage(user, command('/start')));
    const [reply] = h.fake.callsOf('sendMessage');
    const t = (id: string) => h.catalogues.translate(lang, id, { company: h.config.company.name });
    expect(reply!.payload.chat_id).toBe(user.id);
    expect(reply!.payload.text).toBe(
      t('Welcome to {company}! Browse our cars, keep favourites and apply for a car loan in a few minutes.'),
    );
    expect(keyboardOf(reply!)).toEqual([[{ text: t('Open the app'), web_app: { url: `${PUBLIC_URL}/` } }]]);
  });

  it('remembers who started the bot, with their Telegram language', async () => {
    const user = { ...applicant, id: 6_000_001, first_name: 'Ana', last_name: 'Ruiz', username: 'ana_r', language_code: 'es-MX' };
    await h.send(privateMessage(user, command('/start')));
    const row = await findUserByTelegramId(h.db, user.id);
    expect(row).toMatchObject({ first_name: 'Ana', last_name: 'Ruiz', username: 'ana_r', language: 'es', kind: 'telegram' });
  });

  it('/start apply opens the application wizard', async () => {
    await h.send(privateMessage({ ...applicant, language_code: 'en' }, command('/start apply')));
    const [reply] = h.fake.callsOf('sendMessage');
    expect(keyboardOf(reply!)).toEqual([[{ text: 'Start Application', web_app: { url: `${PUBLIC_URL}/application` } }]]);
  });

  it('/start car_<uuid> opens that car', async () => {
    await h.send(privateMessage({ ...applicant, language_code: 'en' }, command(`/start car_${CAR}`)));
    const [reply] = h.fake.callsOf('sendMessage');
    expect(keyboardOf(reply!)).toEqual([[{ text: 'Open the car', web_app: { url: `${PUBLIC_URL}/cars/${CAR}` } }]]);
  });

  it('an unknown start payload opens the home page', async () => {
    await h.send(privateMessage({ ...applicant, language_code: 'en' }, command('/start car_../../admin')));
    const [reply] = h.fake.callsOf('sendMessage');
    expect(keyboardOf(reply!)[0]![0]!.web_app?.url).toBe(`${PUBLIC_URL}/`);
  });

  it('/help lists what the bot does, in the user language', async () => {
    await h.send(privateMessage(applicant, command('/help')));
    const [reply] = h.fake.callsOf('sendMessage');
    const t = (id: string) => h.catalogues.translate('uk', id);
    expect(reply!.payload.text).toContain(t('Here is what I can do:'));
    expect(reply!.payload.text).toContain(t('Write to me here: your messages reach our team, and their answers come back in this chat.'));
    expect(reply!.payload.text).toContain(t('Tell you when the status of your application changes.'));
  });
});

describe('/start without an https address', () => {
  const h = useBot('pglite', { PUBLIC_URL: undefined, PORT: '3000' });

  it('puts the app link in the text, since Telegram buttons take https only', async () => {
    await h.send(privateMessage({ ...applicant, language_code: 'en' }, command('/start apply')));
    const [reply] = h.fake.callsOf('sendMessage');
    expect(reply!.payload.text).toMatch(/\n\nhttp:\/\/localhost:3000\/application$/);
    expect(reply!.payload.reply_markup).toBeUndefined();
  });
});
