import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carTitle } from '../../domain/cars.ts';
import type { CarCard } from '../../domain/contracts/cars.ts';
import type { MyVisit } from '../../domain/contracts/visits.ts';
import { zoneLabel } from '../../domain/date-time.ts';
import { DEFAULT_VISIT_SETTINGS } from '../../domain/visits/visit-settings.ts';
import { localDateOf } from '../../domain/visits/visit-slots.ts';
import { loadCatalogues, type Catalogues } from '../../server/src/i18n/catalogues.ts';
import type { ArrivedMail } from '../../server/test/local-smtp.ts';
import { LocalSmtp } from '../../server/test/local-smtp.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { WAIT_MS } from './deal-journey.ts';
import { axeViolations, reportMissingChromium, signInStaff } from './harness.ts';

/**
 * A test drive from the phone (docs/product/visits.md) in real Chromium against the production
 * build, the server emailing a real SMTP server on 127.0.0.1: a web shopper books one from a car's
 * page and sees it confirmed; the confirmation email carries the visit as a calendar file; the
 * email's signed link, opened in a browser that never signed in, moves the visit to another time;
 * staff find it at its new time on the dashboard's Visits tab and mark it completed. Every screen
 * is checked by axe. In English and in Spanish for the shopper, each control found by its words in
 * that language; the dashboard in English.
 */

const missing = reportMissingChromium('visits (web/e2e/visits.e2e.test.ts)');

const ADMIN_TELEGRAM_ID = 730_000_004;
const TIME_ZONE = 'America/Chicago';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/**
 * A time this close to the shortest notice could become too soon while the test runs on a slow
 * machine: the first free time offered beyond it is the one taken.
 */
const NOTICE_MS = (DEFAULT_VISIT_SETTINGS.minNoticeMinutes + 15) * 60_000;

const SHOPPERS: Record<'en' | 'es', { name: string; phone: string; email: string }> = {
  en: { name: 'Mary Major', phone: '2145550101', email: 'mary.major@example.com' },
  es: { name: 'María Mayor', phone: '2145550102', email: 'maria.mayor@example.com' },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const oneSpaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** The signed link in an email, on the test server: its path and query, whatever origin PUBLIC_URL gave it. */
function signedLinkIn(mail: ArrivedMail, visitId: number): string {
  const found = new RegExp(`https?://[^\\s"<>]+/visits/${visitId}\\?token=[^\\s"<>]+`).exec(mail.parsed.text ?? '');
  expect(found, mail.parsed.text).not.toBeNull();
  const url = new URL(found![0]);
  return `${url.pathname}${url.search}`;
}

/** A calendar file as a calendar reads it (ical.js): its method and its one event's start and summary. */
function readCalendar(text: string) {
  const calendar = ICAL.Component.fromString(text);
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT in the calendar file');
  const event = new ICAL.Event(vevent);
  return { method: calendar.getFirstPropertyValue('method'), start: event.startDate.toJSDate().getTime(), summary: event.summary };
}

/**
 * Picks the first free time the slot picker offers that `fits`, day by day from the first day
 * chip, as a shopper taps a day and then a time; answers the chosen slot's start (the radio's value).
 */
async function pickTime(page: Page, t: (id: string) => string, fits: (start: string) => boolean): Promise<string> {
  const dayGroup = page.getByRole('group', { name: t('Day'), exact: true });
  const timeGroup = page.getByRole('group', { name: t('Time'), exact: true });
  await timeGroup.getByRole('radio').first().waitFor();
  const days = await dayGroup.getByRole('radio').count();
  for (let day = 0; day < days; day += 1) {
    const chip = dayGroup.getByRole('radio').nth(day);
    await chip.check();
    const dayValue = await chip.getAttribute('value');
    // The times shown are this day's once the first of them falls on it.
    await expect
      .poll(async () => localDateOf(new Date((await timeGroup.getByRole('radio').first().getAttribute('value')) ?? ''), TIME_ZONE))
      .toBe(dayValue);
    const starts = await timeGroup.getByRole('radio').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
    const index = starts.findIndex(fits);
    if (index === -1) continue;
    await timeGroup.getByRole('radio').nth(index).check();
    return starts[index]!;
  }
  throw new Error('No free time is offered far enough ahead');
}

describe.skipIf(missing)('a test drive booked on the phone, moved by its emailed link and completed by staff, in a real browser', () => {
  const env: Record<string, string> = {
    ADMIN_TELEGRAM_IDS: String(ADMIN_TELEGRAM_ID),
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_STRICT_MAX: '1000',
    STAFF_MFA: 'off',
    TIMEZONE: TIME_ZONE,
    MAIL_FROM: 'Liberty Auto <visits@example.com>',
  };
  // The mail server listens before the app starts (hooks run in order), and stops after it.
  let smtp: LocalSmtp;
  beforeAll(async () => {
    smtp = await LocalSmtp.start();
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    await smtp.stop();
  });
  const suite = useBrowserSuite(env);

  let catalogues: Catalogues;
  beforeAll(async () => {
    catalogues = await loadCatalogues();
  });

  describe.each(['en', 'es'] as const)('in %s', (lang) => {
    const shopper = SHOPPERS[lang];
    const t = (id: string, values?: Record<string, unknown>) => catalogues.translate(lang, id, values);
    const phoneContext = () =>
      suite.newContext({ viewport: PHONE, reducedMotion: 'reduce', locale: lang === 'es' ? 'es-MX' : 'en-US' }).then((context) => {
        context.setDefaultTimeout(WAIT_MS);
        return context;
      });

    /** What the steps hand on, in order. */
    const visit = { id: 0, start: '', car: '', link: '', movedStart: '', movedEnd: '' };

    it('a shopper books a test drive from the car page and sees it confirmed', async () => {
      const page = await (await phoneContext()).newPage();
      await page.goto(`${suite.server.baseUrl}/`);
      const car = await page.evaluate(async () => {
        const { items } = (await (await fetch('/api/cars')).json()) as { items: CarCard[] };
        return items.find((card) => card.status === 'available' && card.hold === null)!;
      });
      visit.car = carTitle(car);

      await page.goto(`${suite.server.baseUrl}/cars/${car.uuid}`);
      await page.getByRole('link', { name: t('Book a test drive'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t('Book a test drive'), exact: true }).waitFor();
      await page.getByRole('link', { name: visit.car, exact: true }).waitFor();
      visit.start = await pickTime(page, t, (start) => Date.parse(start) >= Date.now() + NOTICE_MS);
      await page.getByRole('textbox', { name: t('Name'), exact: true }).fill(shopper.name);
      await page.getByRole('textbox', { name: t('Phone'), exact: true }).fill(shopper.phone);
      await page.getByRole('textbox', { name: t('Email'), exact: true }).fill(shopper.email);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: t('Book the test drive'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: t('Your visit'), exact: true }).waitFor();
      await page.getByText(t('Your test drive is booked.'), { exact: true }).waitFor();
      await page.getByText(t('We will remind you a day before and two hours before your visit.'), { exact: true }).waitFor();
      visit.id = Number(/\/visits\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
      expect(visit.id).toBeGreaterThan(0);
      expect(await axeViolations(page)).toEqual([]);
    });

    it('the confirmation email carries the visit in a calendar file', async () => {
      const subject = t('Your test drive is booked: {car}', { car: visit.car });
      const confirmation = () => smtp.arrived.find((mail) => mail.to.includes(shopper.email) && mail.parsed.subject === subject);
      await expect.poll(confirmation, { timeout: 30_000 }).toBeDefined();
      const mail = confirmation();
      const [file, ...others] = mail!.parsed.attachments;
      expect(others).toEqual([]);
      expect(file!.filename).toBe(`visit-${visit.id}.ics`);
      const calendar = readCalendar(file!.content.toString('utf8'));
      expect(calendar.method).toBe('REQUEST');
      expect(calendar.start).toBe(Date.parse(visit.start));
      expect(calendar.summary).toBe(t('Test drive: {car}', { car: visit.car }));
      visit.link = signedLinkIn(mail!, visit.id);
    });

    it('the emailed link moves the visit to another free time without signing in', async () => {
      const page = await (await phoneContext()).newPage();
      await page.goto(`${suite.server.baseUrl}${visit.link}`);
      // A browser new to the site keeps no language: the link names the visit's, so the page opens in
      // the language of the email (docs/product/identity.md#languages).
      expect(new URL(visit.link, suite.server.baseUrl).searchParams.get('lang')).toBe(lang);
      await page.getByRole('heading', { level: 1, name: t('Your visit'), exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      await page.getByRole('heading', { level: 2, name: visit.car, exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: t('Move'), exact: true }).click();
      const movedTo = await pickTime(page, t, (start) => start !== visit.start && Date.parse(start) >= Date.now() + NOTICE_MS);
      await page.getByRole('button', { name: t('Move to this time'), exact: true }).click();
      const [before, after] = t('Your visit is moved to {when}.', { when: '\u0000' }).split('\u0000');
      await page
        .getByRole('status')
        .filter({ hasText: new RegExp(`^${escapeRegExp(before!)}.+${escapeRegExp(after!)}$`) })
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);

      const token = new URL(visit.link, suite.server.baseUrl).searchParams.get('token')!;
      const moved = await page.evaluate(
        async ([id, signed]) => (await (await fetch(`/api/visits/${id}?token=${encodeURIComponent(signed)}`)).json()) as MyVisit,
        [visit.id, token] as const,
      );
      expect(moved.start).toBe(movedTo);
      visit.movedStart = moved.start;
      visit.movedEnd = moved.end;
    });

    it('staff see the visit at its new time on the Visits tab and mark it completed', async () => {
      const context = await suite.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', locale: 'en-US' });
      context.setDefaultTimeout(WAIT_MS);
      const staff = await signInStaff(
        await context.newPage(),
        suite.server.baseUrl,
        { id: ADMIN_TELEGRAM_ID, first_name: 'Ada', last_name: 'Staff' },
        '/dashboard',
      );
      await staff.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Visits', exact: true }).click();
      await staff.getByRole('heading', { level: 2, name: 'Visits', exact: true }).waitFor();
      const day = localDateOf(new Date(visit.movedStart), TIME_ZONE);
      await staff.getByLabel('Day shown', { exact: true }).fill(day);
      const dayName = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
      const card = staff.getByRole('region', { name: dayName, exact: true }).getByRole('article').filter({ hasText: shopper.name });

      const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', timeZone: TIME_ZONE });
      const movedTime = `${time.format(new Date(visit.movedStart))} – ${time.format(new Date(visit.movedEnd))} ${zoneLabel(new Date(visit.movedStart), TIME_ZONE)}`;
      expect(oneSpaced(await card.getByRole('heading', { level: 4 }).textContent())).toBe(oneSpaced(movedTime));
      await card.getByText(visit.car, { exact: true }).waitFor();
      await card.getByText('Booked', { exact: true }).waitFor();
      expect(await axeViolations(staff)).toEqual([]);

      await card.getByRole('group', { name: 'Actions for this visit' }).getByRole('button', { name: 'Completed', exact: true }).click();
      await staff.getByText(`${shopper.name}’s visit is marked as completed.`, { exact: true }).waitFor();
      await card.getByRole('button', { name: 'Completed' }).waitFor({ state: 'detached' });
      await card.getByText('Completed', { exact: true }).waitFor();
      expect(await axeViolations(staff)).toEqual([]);
    });
  });
});
