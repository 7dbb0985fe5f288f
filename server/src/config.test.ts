import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { prepareConfig } from './startup-config.ts';

const dataDir = () => mkdtempSync(join(tmpdir(), 'cars-config-'));
const KEY = Buffer.alloc(32, 1).toString('base64');
const SECRET = 'x'.repeat(40);

function failure(env: Record<string, string>) {
  try {
    prepareConfig(loadConfig({ DATA_DIR: dataDir(), ...env }));
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('configuration', () => {
  it('starts with defaults and nothing configured', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      server: { port: 3000, host: '0.0.0.0', nodeEnv: 'development' },
      database: { url: undefined },
      security: { initDataMaxAge: 86400 },
    });
    expect(config.bot).toMatchObject({ token: undefined, mode: 'off' });
  });

  it('only parses: it writes nothing into DATA_DIR and leaves development secrets to the start', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(readdirSync(dir)).toEqual([]);
    expect(config.security).toMatchObject({ sessionSecret: undefined, dataEncryptionKey: undefined });
  });

  it('generates development secrets once into DATA_DIR at start and reuses them', () => {
    const dir = dataDir();
    const first = prepareConfig(loadConfig({ DATA_DIR: dir })).security;
    const second = prepareConfig(loadConfig({ DATA_DIR: dir })).security;
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.dataEncryptionKey).toBe(first.dataEncryptionKey);
    expect(Buffer.from(first.dataEncryptionKey, 'base64')).toHaveLength(32);
    expect(readFileSync(join(dir, 'secrets', 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
  });

  it.each(['SESSION_SECRET', 'DATA_ENCRYPTION_KEY'])('requires %s in production', (name) => {
    const env = { NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: KEY };
    delete (env as Record<string, string>)[name];
    const error = failure(env);
    expect(error.variable).toBe(name);
    expect(error.message).toMatch(/required in production/);
  });

  it('never writes secrets to disk in production', () => {
    const dir = dataDir();
    prepareConfig(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: KEY }));
    expect(existsSync(join(dir, 'secrets'))).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['BOT_TOKEN', 'not-a-token'],
    ['BOT_MODE', 'sometimes'],
    ['BOT_API_ROOT', 'not a url'],
    ['PUBLIC_URL', 'example.com'],
    ['STAFF_CHAT_ID', 'staff'],
    ['ADMIN_TELEGRAM_IDS', '12,abc'],
    ['SESSION_SECRET', 'short'],
    ['DATA_ENCRYPTION_KEY', Buffer.alloc(16).toString('base64')],
    ['INIT_DATA_MAX_AGE', '0'],
    ['CHROME_PATH', '/no/such/browser'],
    ['ALLOWED_ORIGINS', 'https://ok.example.com,nope'],
    ['TRUST_PROXY', 'sometimes'],
    ['TRUST_PROXY', '10.0.0.2,10.0.0.300'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['HTTP_BODY_MIN_BYTES_PER_SECOND', 'fast'],
    ['HTTP_MAX_CONNECTIONS', '0'],
    ['TIMEZONE', 'Mars/Olympus_Mons'],
    ['TIMEZONE', '+05:00'],
    ['DEALER_ID', 'x'.repeat(101)],
    ['DEALER_TOGGLES', 'autoDecision=maybe'],
    ['DEALER_LICENSE', 'x'.repeat(201)],
    ['DEALER_STORE_CODE', 'store code with spaces'],
    ['DEALER_ADDRESS_REGION', 'Texas'],
    ['DEALER_ADDRESS_POSTAL_CODE', '7520'],
    ['GUEST_MAX_PER_ADDRESS', '0'],
    ['DRAFT_MAX_PER_ADDRESS', 'many'],
    ['LICENCE_PHOTO_MAX_PER_ADDRESS', '-1'],
    ['GUEST_RETENTION_DAYS', '0'],
    ['DRAFT_RETENTION_DAYS', '3651'],
  ])('stops on a bad %s with a message naming it and the fix', (name, value) => {
    const error = failure({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message.startsWith(`${name}: `)).toBe(true);
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('parses admin ids, bot settings and the public URL', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      ADMIN_TELEGRAM_IDS: ' 111, 222 ',
      BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi',
      BOT_USERNAME: '@DealerBot',
      PUBLIC_URL: 'https://cars.example.com/',
      STAFF_CHAT_ID: '-1001234567890',
    });
    expect(config.security.adminTelegramIds).toEqual([111, 222]);
    expect(config.bot).toMatchObject({ username: 'DealerBot', mode: 'webhook', staffChatId: -1001234567890 });
    expect(config.server.publicUrl).toBe('https://cars.example.com');
  });

  it('fills the dealer block of applications from DEALER_* with demo defaults', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).dealer).toEqual({
      creditProvider: 'demo-credit',
      dealerId: 'DEMO-DEALER-001',
      partnerDealerId: 'DEMO-PARTNER-001',
      sourcePartnerId: 'car-credit-app',
      toggles: {},
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DEALER_CREDIT_PROVIDER: 'Lender One',
      DEALER_ID: 'D-7',
      DEALER_TOGGLES: ' autoDecision = false , softPull=true ',
    });
    expect(config.dealer).toMatchObject({
      creditProvider: 'Lender One',
      dealerId: 'D-7',
      toggles: { autoDecision: false, softPull: true },
    });
  });

  it('places the dealership at the demo address unless DEALER_ADDRESS_* say, with no Google store code unless DEALER_STORE_CODE gives one', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).company.location).toEqual({
      street: '1200 Commerce Street',
      city: 'Dallas',
      region: 'TX',
      postalCode: '75202',
      country: 'US',
      storeCode: undefined,
    });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      DEALER_ADDRESS_STREET: '500 Main St',
      DEALER_ADDRESS_CITY: 'Austin',
      DEALER_ADDRESS_REGION: 'tx',
      DEALER_ADDRESS_POSTAL_CODE: '78701-1234',
      DEALER_STORE_CODE: 'AUSTIN-01',
    });
    expect(config.company.location).toEqual({
      street: '500 Main St',
      city: 'Austin',
      region: 'TX',
      postalCode: '78701-1234',
      country: 'US',
      storeCode: 'AUSTIN-01',
    });
  });

  it('caps web guests per client address and expires idle ones after 30 days unless told otherwise', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.security.guestLimits).toEqual({ guestsPerHour: 100, draftsPerDay: 50, photosPerDay: 40 });
    expect(defaults.retention).toEqual({ guestDays: 30, draftDays: 30 });
    const config = loadConfig({
      DATA_DIR: dataDir(),
      GUEST_MAX_PER_ADDRESS: '500',
      DRAFT_MAX_PER_ADDRESS: '5',
      LICENCE_PHOTO_MAX_PER_ADDRESS: '8',
      GUEST_RETENTION_DAYS: '7',
      DRAFT_RETENTION_DAYS: '90',
    });
    expect(config.security.guestLimits).toEqual({ guestsPerHour: 500, draftsPerDay: 5, photosPerDay: 8 });
    expect(config.retention).toEqual({ guestDays: 7, draftDays: 90 });
  });

  it('keeps personal data 25 months after a decision unless told to keep it longer', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).personalDataRetention).toEqual({ months: 25 });
    expect(loadConfig({ DATA_DIR: dataDir(), RETENTION_MONTHS: '36' }).personalDataRetention).toEqual({ months: 36 });
  });

  it('refuses to erase personal data sooner than Regulation B allows, naming the rule', () => {
    const error = failure({ RETENTION_MONTHS: '24' });
    expect(error.variable).toBe('RETENTION_MONTHS');
    expect(error.message).toContain('at least 25');
    expect(error.message).toContain('Regulation B');
  });

  it('runs the bot by polling when there is a token but no public URL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi' });
    expect(config.bot.mode).toBe('polling');
  });

  it.each([
    [{ BOT_MODE: 'polling' }, 'BOT_MODE'],
    [{ BOT_MODE: 'webhook', BOT_TOKEN: '123456:ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghi' }, 'BOT_MODE'],
    [{ DEV_LOGIN: '1', NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: KEY }, 'DEV_LOGIN'],
    [{ PUBLIC_URL: 'http://cars.example.com', NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: KEY }, 'PUBLIC_URL'],
  ])('refuses combinations that cannot work: %o', (env, name) => {
    expect(failure(env).variable).toBe(name);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['1', 1],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).server.trustProxy).toBe(expected);
  });

  it('reads TRUST_PROXY as the addresses and ranges of the proxies in front of the app', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: ' 10.0.0.2, 172.16.0.0/12 ,fd00::/8,loopback' });
    expect(config.server.trustProxy).toEqual(['10.0.0.2', '172.16.0.0/12', 'fd00::/8', 'loopback']);
  });

  it('refuses TRUST_PROXY=true in production, naming the hop count and the address list as the fix', () => {
    const error = failure({ TRUST_PROXY: 'true', NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: KEY });
    expect(error.variable).toBe('TRUST_PROXY');
    expect(error.message).toContain('X-Forwarded-For');
    expect(error.message).toContain('such as 1');
    expect(error.message).toContain('10.0.0.2');
  });

  it('takes a hop count or proxy addresses in production', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: KEY };
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, TRUST_PROXY: '1' }).server.trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), ...production, TRUST_PROXY: '10.0.0.2' }).server.trustProxy).toEqual(['10.0.0.2']);
  });

  it('cuts bodies slower than 2 KB a second and holds at most 1000 connections unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).server.httpLimits).toEqual({ minBodyBytesPerSecond: 2048, maxConnections: 1000 });
    const config = loadConfig({ DATA_DIR: dataDir(), HTTP_BODY_MIN_BYTES_PER_SECOND: '0', HTTP_MAX_CONNECTIONS: '200' });
    expect(config.server.httpLimits).toEqual({ minBodyBytesPerSecond: 0, maxConnections: 200 });
  });

  it('asks staff on the web for a passkey before personal data in production, and not in development or tests, unless STAFF_MFA says', () => {
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: KEY }).security.staffMfa,
    ).toBe('required');
    expect(loadConfig({ DATA_DIR: dataDir() }).security.staffMfa).toBe('off');
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'test' }).security.staffMfa).toBe('off');
    expect(loadConfig({ DATA_DIR: dataDir(), STAFF_MFA: 'required' }).security.staffMfa).toBe('required');
    expect(
      loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', SESSION_SECRET: SECRET, DATA_ENCRYPTION_KEY: KEY, STAFF_MFA: 'off' })
        .security.staffMfa,
    ).toBe('off');
    expect(failure({ STAFF_MFA: 'sometimes' }).variable).toBe('STAFF_MFA');
  });

  it("counts the dealer's days in America/Chicago unless TIMEZONE names another zone", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).server.timeZone).toBe('America/Chicago');
    expect(loadConfig({ DATA_DIR: dataDir(), TIMEZONE: 'America/New_York' }).server.timeZone).toBe('America/New_York');
  });

  describe('the lender hand-off', () => {
    const LENDER = { PUBLIC_URL: 'https://cars.example.com', LENDER_WEBHOOK_SECRET: SECRET };

    it('sends nothing to a lender unless LENDER_WEBHOOK_URL is set', () => {
      expect(loadConfig({ DATA_DIR: dataDir() }).lender).toBeUndefined();
    });

    it('takes an https lender URL with its secret and the public URL its photo links point at', () => {
      const config = loadConfig({ DATA_DIR: dataDir(), ...LENDER, LENDER_WEBHOOK_URL: 'https://lender.example.com/applications' });
      expect(config.lender).toEqual({
        webhookUrl: 'https://lender.example.com/applications',
        secret: SECRET,
        publicUrl: 'https://cars.example.com',
      });
    });

    it.each(['http://127.0.0.1:9000/in', 'http://localhost:9000/in', 'http://[::1]:9000/in'])(
      'allows plain http to this machine: %s',
      (url) => {
        expect(loadConfig({ DATA_DIR: dataDir(), ...LENDER, LENDER_WEBHOOK_URL: url }).lender?.webhookUrl).toBe(url);
      },
    );

    it.each(['http://lender.example.com/in', 'http://10.0.0.5/in', 'ftp://lender.example.com/in', 'not a url'])(
      'refuses a lender URL that is not https: %s',
      (url) => {
        const error = failure({ ...LENDER, LENDER_WEBHOOK_URL: url });
        expect(error.variable).toBe('LENDER_WEBHOOK_URL');
        expect(error.message).toContain('https');
      },
    );

    it('refuses a lender URL without a secret, and a secret shorter than 32 characters', () => {
      const url = 'https://lender.example.com/in';
      expect(failure({ PUBLIC_URL: LENDER.PUBLIC_URL, LENDER_WEBHOOK_URL: url }).variable).toBe('LENDER_WEBHOOK_SECRET');
      const short = failure({ ...LENDER, LENDER_WEBHOOK_URL: url, LENDER_WEBHOOK_SECRET: 'short' });
      expect(short.variable).toBe('LENDER_WEBHOOK_SECRET');
      expect(short.message).toContain('at least 32 characters');
    });

    it('refuses a secret without a lender URL, and a lender without the public URL its photo links need', () => {
      expect(failure({ LENDER_WEBHOOK_SECRET: SECRET }).variable).toBe('LENDER_WEBHOOK_URL');
      expect(failure({ LENDER_WEBHOOK_URL: 'https://lender.example.com/in', LENDER_WEBHOOK_SECRET: SECRET }).variable).toBe('PUBLIC_URL');
    });
  });

  it('is frozen', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(Object.isFrozen(config) && Object.isFrozen(config.bot)).toBe(true);
  });
});

describe('mail settings', () => {
  it('leaves email off without SMTP_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).mail).toEqual({ smtpUrl: undefined, from: undefined, crmAdfEmail: undefined });
  });

  it('reads the SMTP server, the sender and the CRM lead mailbox', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      SMTP_URL: 'smtps://mailer:p%40ss@smtp.example.com:465',
      MAIL_FROM: 'Liberty Auto Credit <credit@example.com>',
      CRM_ADF_EMAIL: 'leads@crm.example.com',
    });
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://mailer:p%40ss@smtp.example.com:465',
      from: 'Liberty Auto Credit <credit@example.com>',
      crmAdfEmail: 'leads@crm.example.com',
    });
  });

  it('needs MAIL_FROM with SMTP_URL', () => {
    const error = failure({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(error.variable).toBe('MAIL_FROM');
    expect(error.message).toMatch(/required with SMTP_URL/);
  });

  it.each([
    ['SMTP_URL', 'http://smtp.example.com'],
    ['SMTP_URL', 'smtp://'],
    ['SMTP_URL', 'smtp.example.com:587'],
    ['MAIL_FROM', 'Liberty Auto Credit'],
    ['MAIL_FROM', 'Liberty <credit@example.com'],
    ['CRM_ADF_EMAIL', 'leads at crm'],
  ])('stops on a bad %s (%s) with a message naming it and the fix', (name, value) => {
    const error = failure({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'credit@example.com', [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message.split('\n')).toHaveLength(1);
  });
});
