import { describe, expect, it } from 'vitest';
import type { PublicSite } from '../../../domain/contracts/site.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS, HTTP_ONLY_KINDS } from '../../test/database.ts';

const SECRET_ENV = {
  BOT_USERNAME: '@LibertyAutoBot',
  COMPANY_NAME: 'Test Motors',
  COMPANY_ADDRESS: '1 Main Street, Austin, TX 78701',
  COMPANY_PHONE: '+1 (512) 555-0100',
  COMPANY_EMAIL: 'hello@test-motors.example',
  DEALER_LICENSE: 'Texas dealer license P123456',
  SOCIAL_LINKS: 'https://facebook.com/testmotors, https://instagram.com/testmotors',
  STAFF_CHAT_ID: '-1001234567890',
  ADMIN_TELEGRAM_IDS: '111,222',
  TIMEZONE: 'America/Denver',
};

describe.each(DATABASE_KINDS)('GET /api/site on %s', (kind) => {
  const t = useTestApp(kind, { env: SECRET_ENV });

  it('answers the public company block and bot details', async () => {
    const res = await t.app.inject('/api/site');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      company: {
        name: 'Test Motors',
        address: '1 Main Street, Austin, TX 78701',
        phone: '+1 (512) 555-0100',
        email: 'hello@test-motors.example',
        license: 'Texas dealer license P123456',
        socialLinks: ['https://facebook.com/testmotors', 'https://instagram.com/testmotors'],
      },
      botUsername: 'LibertyAutoBot',
      telegramLoginEnabled: true,
      timeZone: 'America/Denver',
      devLoginEnabled: false,
      devLoginAvailable: false,
    });
  });

  it('never includes a secret or internal setting', async () => {
    const body = (await t.app.inject('/api/site')).body;
    const config = t.config;
    for (const secret of [
      config.bot.token!,
      config.security.sessionSecret,
      config.security.dataEncryptionKey,
      config.database.dataDir,
      '-1001234567890',
      '111',
    ]) {
      expect(body).not.toContain(secret);
    }
    expect(body).not.toMatch(/token|secret|key|staff|admin|database|chrome/i);
  });
});

describe.each(HTTP_ONLY_KINDS)('GET /api/site without a bot on %s', (kind) => {
  const t = useTestApp(kind, { env: { BOT_TOKEN: undefined, BOT_MODE: undefined } });

  it('reports no bot username and no Telegram sign-in', async () => {
    const body = (await t.app.inject('/api/site')).json<PublicSite>();
    expect(body.botUsername).toBeNull();
    expect(body.telegramLoginEnabled).toBe(false);
    expect(body.company.name.length).toBeGreaterThan(0);
  });

  it('leaves the dealer licence out while DEALER_LICENSE is not set', async () => {
    const body = (await t.app.inject('/api/site')).json<PublicSite>();
    expect(body.company).not.toHaveProperty('license');
  });
});

describe.each(HTTP_ONLY_KINDS)('GET /api/site with the development sign-in on %s', (kind) => {
  const t = useTestApp(kind, { env: { NODE_ENV: 'development', DEV_LOGIN: '1' } });

  it('tells the web app the development sign-in is enabled', async () => {
    expect((await t.app.inject('/api/site')).json<PublicSite>().devLoginEnabled).toBe(true);
  });
});

describe.each(HTTP_ONLY_KINDS)('GET /api/site in development with the development sign-in off on %s', (kind) => {
  const t = useTestApp(kind, { env: { NODE_ENV: 'development' } });

  it('tells the web app the development sign-in is off but can be turned on', async () => {
    expect((await t.app.inject('/api/site')).json<PublicSite>()).toMatchObject({ devLoginEnabled: false, devLoginAvailable: true });
  });
});
