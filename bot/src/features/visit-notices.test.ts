import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoment } from '../../../domain/date-time.ts';
import type { Language } from '../../../domain/enums.ts';
import type { Slot } from '../../../domain/visits/visit-slots.ts';
import { visitMoveSchema } from '../../../domain/visits/visit.schema.ts';
import { findUserByTelegramId } from '../../../server/src/users/users.repository.ts';
import { cancelVisit, moveVisit } from '../../../server/src/visits/visits.service.ts';
import { DATABASE_KINDS } from '../../../server/test/database.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../../server/test/identity.ts';
import { addCar } from '../../../server/test/inventory.ts';
import {
  allDelivered,
  bookAsShopper,
  makeRemindersDue,
  readCalendar,
  replayDeliveries,
  slotsFrom,
  visitDeps,
} from '../../../server/test/visit-messages.ts';
import { PUBLIC_URL, STAFF_CHAT_ID, useBotRuntime } from '../../test/bot-harness.ts';
import { keyboardOf, type ApiCall } from '../../test/fake-bot-api.ts';

const ADMIN: TestTelegramUser = { id: 9_630_001, first_name: 'Ada' };
const CONSUMER = 'telegram-visits';
const ESCAPE = '2020 Ford Escape SE';
let nextTelegramId = 9_630_100;

describe.each(DATABASE_KINDS)('a Telegram shopper told of their visit on %s', (kind) => {
  const h = useBotRuntime(kind);
  const taken = new Set<number>();
  const t = (lang: Language, id: string, values?: Record<string, unknown>) => h.runtime.catalogues.translate(lang, id, values);
  const deliver = () => h.runtime.outbox.tick();

  let adminId = 0;

  beforeAll(async () => {
    adminId = (await createAdmin(h.runtime.db, ADMIN.id)).id;
  });

  async function freeSlot(hoursAhead: number): Promise<Slot> {
    const slot = (await slotsFrom(h.runtime, hoursAhead)).find((candidate) => !taken.has(candidate.start.getTime()));
    if (!slot) throw new Error('no free slot left');
    taken.add(slot.start.getTime());
    return slot;
  }

  /** A shopper who opened the mini app and booked a test drive there, 25 hours or more ahead. */
  async function booked(language_code: Language = 'en') {
    const who = { id: nextTelegramId++, first_name: 'Olena', language_code };
    const registered = await injectAs(h.runtime.app, who, { method: 'POST', url: '/api/users/register', payload: {} });
    expect(registered.statusCode, registered.body).toBe(200);
    const user = await findUserByTelegramId(h.runtime.db, who.id);
    const car = await addCar(h.runtime, ADMIN);
    const slot = await freeSlot(25);
    const visitId = await bookAsShopper(h.runtime, {
      userId: user!.id,
      channel: 'telegram',
      language: language_code,
      carUuid: car.uuid,
      start: slot.start,
      name: 'Olena Koval',
    });
    return { who, userId: user!.id, slot, visitId };
  }

  const sentTo = (who: TestTelegramUser): ApiCall[] =>
    h.fake.calls.filter((call) => (call.method === 'sendMessage' || call.method === 'sendDocument') && call.payload.chat_id === who.id);
  const textOf = (call: ApiCall) => String(call.payload.text ?? call.payload.caption);
  const staffLines = () => h.fake.callsOf('sendMessage').filter((call) => call.payload.chat_id === STAFF_CHAT_ID);
  const when = (slot: Slot, language: Language = 'en') =>
    t(language, 'When: {date}', { date: formatMoment(slot.start, language, h.runtime.config.server.timeZone) });

  it('sends the confirmation in their language as the calendar file, with a button that opens the visit to move or cancel it', async () => {
    const { who, slot, visitId } = await booked('uk');

    await deliver();

    const [document, ...more] = sentTo(who);
    expect(more).toEqual([]);
    expect(document!.method).toBe('sendDocument');
    expect(textOf(document!)).toContain(t('uk', 'Your test drive is booked: {car}', { car: ESCAPE }));
    expect(textOf(document!)).toContain(when(slot, 'uk'));
    expect(textOf(document!)).toContain(t('uk', 'Add the visit to your calendar with the attached file.'));
    const [[button]] = keyboardOf(document!) as [[{ text: string; web_app?: { url: string } }]];
    expect(button.text).toBe(t('uk', 'Move or cancel'));
    expect(button.web_app!.url).toMatch(new RegExp(`^${PUBLIC_URL}/visits/${visitId}\\?token=\\S+$`));
    const file = document!.payload.document!;
    expect(file.filename).toBe(`visit-${visitId}.ics`);
    expect(readCalendar(file.bytes.toString('utf8'))).toMatchObject({
      method: 'REQUEST',
      uid: `visit-${visitId}@cars.example.test`,
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
      summary: t('uk', 'Test drive: {car}', { car: ESCAPE }),
    });
  });

  it('reminds them 24 hours and 2 hours before, each once, even when a delivery is replayed', async () => {
    const { who, slot, visitId } = await booked();
    await deliver();

    await makeRemindersDue(h.runtime.db, CONSUMER, visitId);
    await deliver();
    await replayDeliveries(h.runtime.db, CONSUMER, 'visit.reminder', visitId);
    await deliver();

    const reminders = sentTo(who).slice(1);
    expect(reminders.map((call) => call.method)).toEqual(['sendMessage', 'sendMessage']);
    expect(reminders.map((call) => textOf(call).split('\n')[0]).sort()).toEqual(
      [
        t('en', 'Reminder: your test drive is in two hours: {car}', { car: ESCAPE }),
        t('en', 'Reminder: your test drive is tomorrow: {car}', { car: ESCAPE }),
      ].sort(),
    );
    for (const call of reminders) expect(textOf(call)).toContain(when(slot));
    expect(await allDelivered(h.runtime.db, CONSUMER, 'visit.reminder', visitId)).toBe(true);
  });

  it('sends the moved visit as its updated calendar file, and tells the staff group the shopper moved it', async () => {
    const { who, userId, visitId } = await booked();
    await deliver();
    const later = await freeSlot(30);

    await moveVisit(
      visitDeps(h.runtime),
      { kind: 'shopper', userId },
      visitId,
      v.parse(visitMoveSchema, { start: later.start.toISOString() }),
    );
    await deliver();

    const [, moved] = sentTo(who);
    expect(moved!.method).toBe('sendDocument');
    expect(textOf(moved!)).toContain(when(later));
    expect(readCalendar(moved!.payload.document!.bytes.toString('utf8'))).toMatchObject({ sequence: 1, start: later.start.toISOString() });
    const date = formatMoment(later.start, 'en', h.runtime.config.server.timeZone);
    expect(staffLines().map(textOf)).toEqual([`📅 Olena Koval moved their test drive of the ${ESCAPE} to ${date}.`]);
  });

  it('tells the staff group when a shopper cancels, and says nothing there when staff cancel', async () => {
    const shopper = await booked();
    const staffCancelled = await booked();
    await deliver();

    await cancelVisit(visitDeps(h.runtime), { kind: 'shopper', userId: shopper.userId }, shopper.visitId);
    await cancelVisit(visitDeps(h.runtime), { kind: 'staff', userId: adminId }, staffCancelled.visitId);
    await deliver();

    const date = formatMoment(shopper.slot.start, 'en', h.runtime.config.server.timeZone);
    expect(staffLines().map(textOf)).toEqual([`📅 Olena Koval cancelled their test drive of the ${ESCAPE} on ${date}.`]);
    expect(textOf(sentTo(staffCancelled.who)[1]!)).toContain('We are sorry: we had to cancel this visit.');
    expect(textOf(sentTo(shopper.who)[1]!)).toContain('You cancelled this visit.');
  });
});
