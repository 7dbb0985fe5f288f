import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi } from '../../bot/test/fake-bot-api.ts';
import {
  axeViolations,
  failedRequest,
  launchBrowser,
  noiseGuard,
  type ProductionServer,
  registerTelegramUser,
  reportMissingChromium,
  startProductionServer,
  submitApplicationAs,
  type TelegramUser,
} from './harness.ts';

/**
 * Staff sessions and passkeys (docs/decisions/010-staff-sessions-and-passkeys.md) in real
 * Chromium against `npm start` with its production default STAFF_MFA=required. Staff sign in as
 * they do for real: /login to the bot (polling a fake Bot API on 127.0.0.1), then the one-time
 * link it answers. Passkeys live in Chromium's virtual authenticator (DevTools Protocol WebAuthn
 * domain), which creates and signs exactly what a phone or laptop would. The pages are opened on
 * localhost: WebAuthn accepts no IP address as the relying party.
 */

const missing = reportMissingChromium('passkeys and staff sessions (web/e2e/passkeys.e2e.test.ts)');

const STAFF = [720_000_001, 720_000_002, 720_000_003] as const;
const APPLICANT: TelegramUser = {
  id: 720_000_010,
  first_name: 'Mary',
  last_name: 'Major',
  username: 'mary_applicant',
  language_code: 'en',
};
const WAIT_MS = 15_000;

describe.skipIf(missing)('passkeys and staff sessions in a real browser', () => {
  let fake: FakeBotApi;
  let server: ProductionServer;
  let browser: Browser;
  let baseUrl = '';
  let applicantUserId = 0;
  const contexts: BrowserContext[] = [];
  // Every page fails its test on a console error or warning or a failed request (harness.ts).
  const noise = noiseGuard();
  let nextUpdateId = 1;

  beforeAll(async () => {
    fake = await FakeBotApi.start();
    server = await startProductionServer({
      ADMIN_TELEGRAM_IDS: STAFF.join(','),
      BOT_MODE: 'polling',
      BOT_API_ROOT: fake.apiRoot,
      RATE_LIMIT_MAX: '100000',
      RATE_LIMIT_STRICT_MAX: '1000',
    });
    baseUrl = `http://localhost:${server.port}`;
    browser = await launchBrowser();
    applicantUserId = await registerTelegramUser(baseUrl, APPLICANT);
    await submitApplicationAs(baseUrl, APPLICANT, applicantUserId);
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    noise.check();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });

  /** A fresh browser profile. */
  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    context.setDefaultTimeout(WAIT_MS);
    contexts.push(context);
    const page = await context.newPage();
    noise.watch(page);
    return page;
  }

  /** A platform authenticator that verifies the user (as Touch ID or Windows Hello would), for this page. */
  async function addVirtualAuthenticator(page: Page) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return { credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials };
  }

  /** Sends /login to the bot as this staff member and answers the one-time link it replies with. */
  async function loginLink(telegramId: number): Promise<string> {
    const sentBefore = fake.callsOf('sendMessage').length;
    const id = nextUpdateId++;
    fake.deliver({
      update_id: id,
      message: {
        message_id: id,
        date: Math.floor(Date.now() / 1000),
        chat: { id: telegramId, type: 'private', first_name: 'Ada' },
        from: { id: telegramId, is_bot: false, first_name: 'Ada', last_name: 'Staff', language_code: 'en' },
        text: '/login',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      // Without an https PUBLIC_URL Telegram takes no link button, so the bot puts the link in its text.
      const replies = fake
        .callsOf('sendMessage')
        .slice(sentBefore)
        .filter((call) => call.payload.chat_id === telegramId);
      const url = replies.map((call) => /\bhttp:\/\/\S+\/auth\/link#token=\S+/.exec(call.payload.text ?? '')?.[0]).find(Boolean);
      if (url) return url;
      if (Date.now() > deadline) throw new Error(`The bot sent no sign-in link to ${telegramId}:\n${server.output().slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function signIn(page: Page, telegramId: number) {
    const link = await loginLink(telegramId);
    expect(link).toMatch(new RegExp(`^${baseUrl}/auth/link#token=`));
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  }

  const noViolations = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

  it(
    'adds a passkey after a link sign-in, asks for it after the next sign-in, and then reveals the SSN',
    { timeout: 180_000 },
    async () => {
      // Until the passkey is confirmed, the server refuses the applicant's personal data (403
      // mfa_required) and the dashboard asks for the passkey from that answer (decision 010).
      noise.allow(
        /^(HTTP 403: GET |console\.error: Failed to load resource: the server responded with a status of 403 .*\()https?:\/\/[^/ ]+\/api\/applications\/user\/\d+\)?$/,
      );
      const page = await newPage();
      const authenticator = await addVirtualAuthenticator(page);
      await signIn(page, STAFF[0]);

      await page.goto(`${baseUrl}/dashboard/users/${applicantUserId}`);
      await page.getByRole('heading', { name: 'Add a passkey to see personal data' }).waitFor();
      expect(await page.getByRole('heading', { name: /^Application #\d+$/ }).count()).toBe(0);
      await noViolations(page);
      await page.getByLabel('Passkey name').fill('Office laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByRole('heading', { name: /^Application #\d+$/ }).waitFor();
      expect(await authenticator.credentials()).toHaveLength(1);
      await page.getByRole('button', { name: 'Reveal' }).click();
      await page.getByText('123-45-6789').waitFor();

      // A new sign-in is a new session: personal data waits for the passkey again.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await signIn(page, STAFF[0]);
      await page.goto(`${baseUrl}/dashboard/users/${applicantUserId}`);
      await page.getByRole('heading', { name: 'Confirm it’s you with your passkey' }).waitFor();
      await noViolations(page);
      await page.getByRole('button', { name: 'Use my passkey' }).click();
      await page.getByRole('heading', { name: /^Application #\d+$/ }).waitFor();
      await page.getByRole('button', { name: 'Reveal' }).click();
      await page.getByText('123-45-6789').waitFor();

      await page.getByRole('link', { name: 'Security' }).click();
      const row = page.getByRole('row', { name: /Office laptop/ });
      await row.waitFor();
      // The list shown at once may be the one cached before the check; its refetch brings the last use.
      await expect.poll(() => row.getByRole('cell').nth(1).textContent()).not.toBe('—');
      await page.getByText('This browser has confirmed your passkey.').waitFor();
      await noViolations(page);
    },
  );

  it('lists a passkey on the Security page and removes it', { timeout: 120_000 }, async () => {
    const page = await newPage();
    await addVirtualAuthenticator(page);
    await signIn(page, STAFF[1]);
    await page.getByRole('link', { name: 'Security' }).click();
    await page.getByText('You have no passkey yet.').waitFor();
    await page.getByLabel('Passkey name').fill('My phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const row = page.getByRole('row', { name: /My phone/ });
    await row.waitFor();
    await noViolations(page);

    await row.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
    await noViolations(page);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByText('You have no passkey yet.').waitFor();
  });

  it('signs out everywhere: the other browser is signed out too', { timeout: 120_000 }, async () => {
    const office = await newPage();
    const kiosk = await newPage();
    await signIn(office, STAFF[2]);
    await signIn(kiosk, STAFF[2]);

    await office.getByRole('link', { name: 'Security' }).click();
    await office.getByRole('button', { name: 'Sign out everywhere' }).click();
    await office.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
    await office.waitForURL(`${baseUrl}/dashboard`);
    await office.getByText('You were signed out on every device.').waitFor();

    await kiosk.reload();
    await kiosk.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    // The signed-out browser asks for staff data to show that it is refused.
    noise.allow(failedRequest(401, '/api/users'));
    expect(await kiosk.evaluate(async () => (await fetch('/api/users')).status)).toBe(401);
  });
});
