import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoment } from '../../../domain/date-time.ts';
import type { Language } from '../../../domain/enums.ts';
import { formatMoney } from '../../../domain/format.ts';
import type { Slot } from '../../../domain/visits/visit-slots.ts';
import { visitMoveSchema } from '../../../domain/visits/visit.schema.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { createAdmin, createGuest, createTelegramUser, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { LocalSmtp, type ArrivedMail } from '../../test/local-smtp.ts';
import { makeRetriesDue } from '../../test/outbox.ts';
import { addCar } from '../../test/inventory.ts';
import {
  allDelivered,
  bookAsShopper,
  changeListing,
  makeRemindersDue,
  readCalendar,
  replayDeliveries,
  slotsFrom,
  visitDeps,
} from '../../test/visit-messages.ts';
import type { Config } from '../config.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { cancelVisit, moveVisit } from '../visits/visits.service.ts';

const PUBLIC_URL = 'https://cars.example.test';
const TIME_ZONE = 'America/Chicago';
const ADDRESS = '77 Prairie Road, Austin, TX 78701';
const ADMIN: TestTelegramUser = { id: 9_610_001, first_name: 'Ada' };
const CONSUMER = 'visit-email';
const ESCAPE = '2020 Ford Escape SE';

describe.each(DATABASE_KINDS)("the emails of a web shopper's visit on %s", (kind) => {
  let database: TestDatabase;
  let smtp: LocalSmtp;
  let config: Config;
  /** The server under test, and another instance of it on the same database. */
  let server: Runtime;
  let other: Runtime;
  let nextShopper = 1;
  const taken = new Set<number>();

  const start = () =>
    createRuntime(config, { db: database.db, logger: false, webDist: join(tmpdir(), 'no-web-build'), outbox: { tickMs: 3_600_000 } });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    smtp = await LocalSmtp.start();
    config = testConfig({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Prairie Motors <visits@prairie.example>',
      PUBLIC_URL,
      TIMEZONE: TIME_ZONE,
      COMPANY_NAME: 'Prairie Motors',
      COMPANY_ADDRESS: ADDRESS,
      COMPANY_EMAIL: 'sales@prairie.example',
    });
    server = await start();
    other = await start();
    await createAdmin(database.db, ADMIN.id);
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
    await smtp?.stop();
    await database?.drop();
  });

  const t = (lang: Language, id: string, values?: Record<string, unknown>) => server.catalogues.translate(lang, id, values);
  const deliver = () => server.outbox.tick();

  /** A slot no other test of the suite booked, at least `hoursAhead` from now: each keeps its places to itself. */
  async function freeSlot(hoursAhead: number): Promise<Slot> {
    const slot = (await slotsFrom(server, hoursAhead)).find((candidate) => !taken.has(candidate.start.getTime()));
    if (!slot) throw new Error('no free slot left');
    taken.add(slot.start.getTime());
    return slot;
  }

  /** A web shopper who booked a test drive of a new Ford Escape, 25 hours or more ahead, and got its confirmation. */
  async function booked(language: Language = 'en', carOverrides: Record<string, unknown> = {}) {
    const car = await addCar(server, ADMIN, carOverrides);
    const { userId } = await createGuest(server.app, car.uuid);
    const email = `shopper${nextShopper++}@example.test`;
    const slot = await freeSlot(25);
    const visitId = await bookAsShopper(server, { userId, channel: 'email', language, carUuid: car.uuid, start: slot.start, email });
    await deliver();
    return { car, userId, email, slot, visitId };
  }

  const moveAsShopper = (userId: number, visitId: number, to: Slot) =>
    moveVisit(visitDeps(server), { kind: 'shopper', userId }, visitId, v.parse(visitMoveSchema, { start: to.start.toISOString() }));

  const subjects = (email: string) => smtp.to(email).map((mail) => mail.parsed.subject);
  const calendarOf = (mail: ArrivedMail) => {
    const [file, ...more] = mail.parsed.attachments;
    expect(more).toEqual([]);
    return { file: file!, ics: readCalendar(file!.content.toString('utf8')) };
  };
  const when = (slot: Slot, language: Language = 'en') =>
    t(language, 'When: {date}', { date: formatMoment(slot.start, language, TIME_ZONE) });
  const confirmation = () => t('en', 'Your test drive is booked: {car}', { car: ESCAPE });
  const dayBefore = () => t('en', 'Reminder: your test drive is tomorrow: {car}', { car: ESCAPE });
  const twoHours = () => t('en', 'Reminder: your test drive is in two hours: {car}', { car: ESCAPE });
  const carGone = () => t('en', 'The car of your test drive is no longer available: {car}', { car: ESCAPE });

  it("emails the confirmation in the shopper's language, with a calendar file that puts the test drive at its time and place", async () => {
    const { email, slot, visitId } = await booked('es');

    const [mail, ...more] = smtp.to(email);
    expect(more).toEqual([]);
    expect(mail!.parsed.subject).toBe(t('es', 'Your test drive is booked: {car}', { car: ESCAPE }));
    expect(mail!.parsed.text).toContain(when(slot, 'es'));
    expect(mail!.parsed.text).toContain(t('es', 'Where: {dealer}, {address}', { dealer: 'Prairie Motors', address: ADDRESS }));
    expect(mail!.parsed.text).toContain(t('es', 'Add the visit to your calendar with the attached file.'));
    const { file, ics } = calendarOf(mail!);
    expect(file.filename).toBe(`visit-${visitId}.ics`);
    expect(file.contentType).toBe('text/calendar');
    expect(ics).toMatchObject({
      method: 'REQUEST',
      uid: `visit-${visitId}@cars.example.test`,
      sequence: 0,
      status: 'CONFIRMED',
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      summary: t('es', 'Test drive: {car}', { car: ESCAPE }),
      location: `Prairie Motors, ${ADDRESS}`,
      organizer: 'sales@prairie.example',
    });
    expect(ics.attendees).toEqual([email]);
  });

  it('carries the signed link to move or cancel the visit, in its text and in its calendar file', async () => {
    const { email, visitId } = await booked();

    const [mail] = smtp.to(email);
    const link = new RegExp(`${PUBLIC_URL}/visits/${visitId}\\?token=\\S+`).exec(mail!.parsed.text!);
    expect(mail!.parsed.text).toContain(`Move or cancel your visit at any time:\n${link![0]}`);
    // In HTML the & between the link's parameters is written &amp;.
    expect(mail!.parsed.html).toContain(`href="${link![0].replaceAll('&', '&amp;')}"`);
    expect(calendarOf(mail!).ics.description).toContain(link![0]);
  });

  it('sends nothing before a reminder is due', async () => {
    const { email, visitId } = await booked();

    await deliver();

    expect(subjects(email)).toEqual([confirmation()]);
    expect(await allDelivered(database.db, CONSUMER, 'visit.reminder', visitId)).toBe(false);
  });

  it('reminds the shopper 24 hours and 2 hours before, each once, when two servers deliver at the same moment', async () => {
    const { email, slot, visitId } = await booked();

    await makeRemindersDue(database.db, CONSUMER, visitId);
    await Promise.all([server.outbox.tick(), other.outbox.tick()]);

    expect(subjects(email).slice(1).sort()).toEqual([twoHours(), dayBefore()].sort());
    for (const mail of smtp.to(email).slice(1)) {
      expect(mail.parsed.text).toContain(when(slot));
      expect(mail.parsed.attachments).toEqual([]);
    }
  });

  it('sends a reminder once when its delivery is replayed', async () => {
    const { email, visitId } = await booked();
    await makeRemindersDue(database.db, CONSUMER, visitId);
    await deliver();

    expect(await replayDeliveries(database.db, CONSUMER, 'visit.reminder', visitId)).toBe(2);
    await other.outbox.tick();

    expect(subjects(email).slice(1).sort()).toEqual([twoHours(), dayBefore()].sort());
    expect(await allDelivered(database.db, CONSUMER, 'visit.reminder', visitId)).toBe(true);
  });

  it('sends a reminder once across a restart that lost the record of its delivery', async () => {
    const { email, visitId } = await booked();
    const before = await start();
    await makeRemindersDue(database.db, CONSUMER, visitId);
    await before.outbox.tick();
    // The server stops as it sends: the email went out, its delivery was never recorded.
    await replayDeliveries(database.db, CONSUMER, 'visit.reminder', visitId);
    await before.close();

    const after = await start();
    try {
      await after.outbox.tick();
    } finally {
      await after.close();
    }

    expect(subjects(email).slice(1).sort()).toEqual([twoHours(), dayBefore()].sort());
  });

  it('tries a reminder again after the mail server failed, and sends it once', async () => {
    const { email, visitId } = await booked();
    await makeRemindersDue(database.db, CONSUMER, visitId);
    await smtp.stop();
    try {
      await deliver();
    } finally {
      await smtp.resume();
    }
    expect(subjects(email)).toEqual([confirmation()]);

    await makeRetriesDue(database.db, CONSUMER);
    await deliver();

    expect(subjects(email).slice(1).sort()).toEqual([twoHours(), dayBefore()].sort());
    expect(await allDelivered(database.db, CONSUMER, 'visit.reminder', visitId)).toBe(true);
  });

  it('tells the shopper of their cancellation, with a file that takes the visit off their calendar', async () => {
    const { email, userId, visitId, slot } = await booked();

    await cancelVisit(visitDeps(server), { kind: 'shopper', userId }, visitId);
    await deliver();

    const [, mail, ...more] = smtp.to(email);
    expect(more).toEqual([]);
    expect(mail!.parsed.subject).toBe(t('en', 'Your test drive was cancelled: {car}', { car: ESCAPE }));
    expect(mail!.parsed.text).toContain('You cancelled this visit.');
    expect(mail!.parsed.text).toContain(when(slot));
    const { ics } = calendarOf(mail!);
    expect(ics).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: `visit-${visitId}@cars.example.test`, sequence: 1 });
  });

  it('sends no reminder of a cancelled visit', async () => {
    const { email, userId, visitId } = await booked();
    await cancelVisit(visitDeps(server), { kind: 'shopper', userId }, visitId);
    await deliver();

    await makeRemindersDue(database.db, CONSUMER, visitId);
    await deliver();

    expect(subjects(email)).toEqual([confirmation(), t('en', 'Your test drive was cancelled: {car}', { car: ESCAPE })]);
    expect(await allDelivered(database.db, CONSUMER, 'visit.reminder', visitId)).toBe(true);
  });

  it('tells the shopper of a move with its new time and a calendar file that moves the same event', async () => {
    const { email, userId, visitId } = await booked();
    const later = await freeSlot(30);

    await moveAsShopper(userId, visitId, later);
    await deliver();

    const [, mail] = smtp.to(email);
    expect(mail!.parsed.subject).toBe(t('en', 'Your test drive was moved: {car}', { car: ESCAPE }));
    expect(mail!.parsed.text).toContain(when(later));
    expect(mail!.parsed.text).toContain('The attached file moves the visit in your calendar.');
    expect(calendarOf(mail!).ics).toMatchObject({
      method: 'REQUEST',
      uid: `visit-${visitId}@cars.example.test`,
      sequence: 1,
      start: later.start.toISOString(),
      end: later.end.toISOString(),
    });
  });

  it('tells the shopper of every move, back to an earlier time too, each moving the calendar event on', async () => {
    const { email, userId, visitId, slot: first } = await booked();
    const later = await freeSlot(30);

    for (const to of [later, first, later]) {
      await moveAsShopper(userId, visitId, to);
      await deliver();
    }

    const moves = smtp.to(email).slice(1);
    expect(moves.map((mail) => mail.parsed.subject)).toEqual(Array(3).fill(t('en', 'Your test drive was moved: {car}', { car: ESCAPE })));
    expect(moves.map((mail) => calendarOf(mail).ics)).toMatchObject([
      { sequence: 1, start: later.start.toISOString() },
      { sequence: 2, start: first.start.toISOString() },
      { sequence: 3, start: later.start.toISOString() },
    ]);
  });

  it("after a move, sends only the new time's reminders", async () => {
    const { email, userId, visitId } = await booked();
    const later = await freeSlot(30);
    await moveAsShopper(userId, visitId, later);
    await deliver();

    await makeRemindersDue(database.db, CONSUMER, visitId);
    await deliver();

    const reminders = smtp.to(email).slice(2);
    expect(reminders.map((mail) => mail.parsed.subject).sort()).toEqual([twoHours(), dayBefore()].sort());
    for (const mail of reminders) expect(mail.parsed.text).toContain(when(later));
    expect(await allDelivered(database.db, CONSUMER, 'visit.reminder', visitId)).toBe(true);
  });

  it('tells the shopper once, with similar cars for sale, when the car of their test drive is sold', async () => {
    const pickup = { brand: 'Ram', model: '1500', trim: 'Big Horn', bodyStyle: 'pickup', price: 45_000 };
    const { car, email, visitId, slot } = await booked('en', pickup);
    const alike = await addCar(server, ADMIN, { ...pickup, trim: 'Laramie', price: 47_000 });
    const tundra = await addCar(server, ADMIN, { ...pickup, brand: 'Toyota', model: 'Tundra', trim: 'SR5', price: 44_000 });
    const dearer = await addCar(server, ADMIN, { ...pickup, trim: 'Limited', price: 90_000 });

    await changeListing(server, ADMIN, car.uuid, 'sold');
    await deliver();
    await deliver();

    const [, mail, ...more] = smtp.to(email);
    expect(more).toEqual([]);
    expect(mail!.parsed.subject).toBe(
      t('en', 'The car of your test drive is no longer available: {car}', { car: '2020 Ram 1500 Big Horn' }),
    );
    const text = mail!.parsed.text!;
    expect(text).toContain(when(slot));
    expect(text).toContain(
      [
        'Similar cars for sale now:',
        `2020 Toyota Tundra SR5, ${formatMoney(44_000)}: ${PUBLIC_URL}/cars/${tundra.uuid}`,
        `2020 Ram 1500 Laramie, ${formatMoney(47_000)}: ${PUBLIC_URL}/cars/${alike.uuid}`,
      ].join('\n'),
    );
    expect(text).not.toContain(dearer.uuid);
    expect(text).toMatch(new RegExp(`Keep your visit for another car:\\n${PUBLIC_URL}/visits/${visitId}\\?token=\\S+`));
    expect(mail!.parsed.attachments).toEqual([]);
  });

  it("tells the shopper of their car's sale once, however often the sale is delivered", async () => {
    const { car, email, visitId } = await booked();
    await changeListing(server, ADMIN, car.uuid, 'pending');
    await deliver();
    await deliver();

    await sql`update outbox_deliveries set delivered_at = null, next_attempt_at = now()
      where consumer = 'visits' and event_id in (select id from outbox_events where payload->>'carUuid' = ${car.uuid})`.execute(
      database.db,
    );
    await replayDeliveries(database.db, CONSUMER, 'visit.car_gone', visitId);
    await Promise.all([server.outbox.tick(), other.outbox.tick()]);
    await deliver();

    expect(subjects(email)).toEqual([confirmation(), carGone()]);
    const events = await database.db
      .selectFrom('outbox_events')
      .select('id')
      .where('kind', '=', 'visit.car_gone')
      .where(sql<number>`(payload->>'visitId')::integer`, '=', visitId)
      .execute();
    expect(events).toHaveLength(1);
  });

  it('tells the shopper once when the car of their test drive is archived', async () => {
    const { car, email } = await booked();

    const removed = await injectAs(server.app, ADMIN, { method: 'DELETE', url: `/api/inventory/${car.uuid}` });
    expect(removed.json<{ archived: boolean }>().archived).toBe(true);
    await deliver();
    await deliver();

    expect(subjects(email)).toEqual([confirmation(), carGone()]);
  });

  it('tells the shopper once when the car of their test drive is put back in draft', async () => {
    const { car, email } = await booked();

    await changeListing(server, ADMIN, car.uuid, 'draft');
    await deliver();
    await deliver();

    expect(subjects(email)).toEqual([confirmation(), carGone()]);
  });

  it('reminds the shopper as before, license and all, once a car that left sale is for sale again', async () => {
    for (const away of ['pending', 'draft']) {
      const { car, email, visitId } = await booked();
      await changeListing(server, ADMIN, car.uuid, away);
      await deliver();
      await deliver();
      expect(subjects(email)).toEqual([confirmation(), carGone()]);
      await changeListing(server, ADMIN, car.uuid, 'available');
      await deliver();

      await makeRemindersDue(database.db, CONSUMER, visitId);
      await deliver();

      const reminders = smtp.to(email).slice(2);
      expect(reminders.map((mail) => mail.parsed.subject).sort()).toEqual([twoHours(), dayBefore()].sort());
      for (const mail of reminders) expect(mail.parsed.text).toContain(t('en', "Please bring your driver's license."));
    }
  });

  it('sends no email to a shopper who booked in Telegram', async () => {
    const car = await addCar(server, ADMIN);
    const user = await createTelegramUser(database.db, 9_610_500);
    const slot = await freeSlot(3);
    const visitId = await bookAsShopper(server, {
      userId: user.id,
      channel: 'telegram',
      language: 'en',
      carUuid: car.uuid,
      start: slot.start,
      email: 'telegram.shopper@example.test',
    });

    await deliver();

    expect(smtp.to('telegram.shopper@example.test')).toEqual([]);
    expect(await allDelivered(database.db, CONSUMER, 'visit.booked', visitId)).toBe(true);
  });
});
