import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { MyVisit, MyVisitsAnswer, StaffVisit, VisitSlotsAnswer } from '../../../domain/contracts/visits.ts';
import { validationMessages } from '../../../domain/messages.ts';
import { addDays, localDateOf } from '../../../domain/visits/visit-slots.ts';
import { visitMessages } from '../../../domain/visits/visit.schema.ts';
import type { Who } from '../../test/applications.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { cookieHeader, createAdmin, createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { bookingBody, dealerTime, OPEN_EVERY_DAY, saveVisitSettings } from '../../test/visits.ts';
import { mergeGuestIntoUser } from '../applications/guest-merge.service.ts';
import { expireIdleGuestsAndDrafts } from '../expiry/expiry.service.ts';
import { visitLinkToken } from './visit-links.ts';

const ADMIN: TestTelegramUser = { id: 9_400_000, first_name: 'Ada' };
const HOUR = 3_600_000;

type Response = Awaited<ReturnType<typeof injectAs>>;

describe.each(DATABASE_KINDS)('booking a visit on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 60 } });
  let nextTelegramId = 9_400_001;
  const newShopper = (overrides: Partial<TestTelegramUser> = {}): TestTelegramUser => ({
    id: nextTelegramId++,
    first_name: 'Sam',
    ...overrides,
  });
  let freeCars: string[] = [];
  /** Each test books its own cars, so what one books never takes another's slot for the same car. */
  const nextCar = () => {
    const car = freeCars.shift();
    if (!car) throw new Error('nextCar: the seeded cars ran out');
    return car;
  };
  let today = '';
  let closedDay = '';
  const timeZone = () => t.config.server.timeZone;
  const secret = () => t.config.security.sessionSecret;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    today = localDateOf(new Date(), timeZone());
    closedDay = addDays(today, 5);
    await saveVisitSettings(t.db, { ...OPEN_EVERY_DAY, closedDates: [closedDay] });
    freeCars = (await t.db.selectFrom('cars').select('uuid').where('status', '=', 'available').orderBy('uuid').execute()).map(
      (car) => car.uuid,
    );
  });

  const call = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    injectAs(t.app, who, { method, url: `/api/visits${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const errorOf = (res: Response) => res.json<ErrorBody>().error;
  function expectError(res: Response, status: number, code: string) {
    expect(res.statusCode, res.body).toBe(status);
    expect(errorOf(res).code).toBe(code);
    return errorOf(res);
  }
  async function ok<T = MyVisit>(res: Response | Promise<Response>, status = 200): Promise<T> {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json<T>();
  }
  const slotsOf = (car: string, who: Who = null, query = '') => ok<VisitSlotsAnswer>(call(who, 'GET', `/slots?carUuid=${car}${query}`));
  const firstSlot = async (car: string, who: Who = null) => {
    const [slot] = (await slotsOf(car, who)).slots;
    if (!slot) throw new Error('firstSlot: no free slot');
    return slot.start;
  };
  /** Books the car's first free slot (or `start`) as `who`. */
  async function book(who: Who, car: string, overrides: Record<string, unknown> = {}): Promise<MyVisit> {
    const start = (overrides.start as string | undefined) ?? (await firstSlot(car, who));
    return ok(call(who, 'POST', '', bookingBody(car, start, overrides)), 201);
  }
  const userIdOf = async (telegramId: number) =>
    (await t.db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirstOrThrow()).id;
  const at = (date: string, time: string) => dealerTime(date, time, timeZone());

  describe('free slots', () => {
    it("lists the car's slots within the dealer's hours, in its time zone, from the shortest notice to the horizon", async () => {
      const answer = await slotsOf(nextCar());
      expect(answer).toMatchObject({ timeZone: 'America/Chicago', slotMinutes: 30, unavailable: null });
      expect(answer.slots.length).toBeGreaterThan(0);
      const earliest = Date.now() + HOUR;
      const wallClock = new Intl.DateTimeFormat('en-GB', { timeZone: timeZone(), hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      for (const slot of answer.slots) {
        expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(earliest);
        expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(30 * 60_000);
        const time = wallClock.format(new Date(slot.start));
        expect(time >= '08:00' && time <= '19:30' && /:(00|30)$/.test(time), time).toBe(true);
        expect(localDateOf(new Date(slot.start), timeZone())).not.toBe(closedDay);
        expect(slot.placesLeft).toBe(2);
      }
      expect(localDateOf(new Date(answer.slots.at(-1)!.start), timeZone()) <= addDays(today, 14)).toBe(true);
    });

    it('leaves out a slot whose places are all taken, and a slot the car is already booked in', async () => {
      const [first, second, third] = [nextCar(), nextCar(), nextCar()];
      const start = await firstSlot(first);
      await book(newShopper(), first, { start });
      expect((await slotsOf(first)).slots.map((slot) => slot.start)).not.toContain(start);
      expect((await slotsOf(third)).slots.find((slot) => slot.start === start)?.placesLeft).toBe(1);
      await book(newShopper(), second, { start });
      expect((await slotsOf(third)).slots.map((slot) => slot.start)).not.toContain(start);
    });

    it('narrows to the days asked for', async () => {
      const day = addDays(today, 4);
      const answer = await slotsOf(nextCar(), null, `&from=${day}&to=${day}`);
      expect(answer.slots.length).toBe(24);
      expect(new Set(answer.slots.map((slot) => localDateOf(new Date(slot.start), timeZone())))).toEqual(new Set([day]));
      expect((await slotsOf(nextCar(), null, `&from=${closedDay}&to=${closedDay}`)).slots).toEqual([]);
    });

    it('has none for a car that is not for sale, and says so', async () => {
      const car = nextCar();
      await t.db.updateTable('cars').set({ listing_state: 'sold' }).where('uuid', '=', car).execute();
      expect(await slotsOf(car)).toMatchObject({ unavailable: 'car_unavailable', slots: [] });
    });

    it('answers 404 for an unknown car and 400 naming a malformed car id or day', async () => {
      expectError(await call(null, 'GET', '/slots?carUuid=0b6e2a52-3f1c-4d8e-9a57-2f4f0c1d9e11'), 404, 'not_found');
      expect(expectError(await call(null, 'GET', '/slots?carUuid=car-1'), 400, 'bad_request').fields).toHaveProperty('carUuid');
      expect(expectError(await call(null, 'GET', '/slots'), 400, 'bad_request').fields).toHaveProperty('carUuid');
      const badDay = await call(null, 'GET', `/slots?carUuid=${nextCar()}&from=tomorrow`);
      expect(expectError(badDay, 400, 'bad_request').fields).toEqual({ from: 'from must be a day from 1900 to 2999 written YYYY-MM-DD' });
    });
  });

  describe('booking', () => {
    it('books a test drive for a Telegram shopper, who hears of it in Telegram in the language they booked in', async () => {
      const shopper = newShopper({ language_code: 'uk' });
      const car = nextCar();
      const start = await firstSlot(car);
      const res = await call(shopper, 'POST', '', bookingBody(car, start, { note: 'Bring the winter tyres, please.' }), {
        'content-language': 'es',
      });
      const visit = await ok(res, 201);
      expect(visit).toMatchObject({
        type: 'test_drive',
        status: 'booked',
        start,
        timeZone: 'America/Chicago',
        name: 'Sam Rivera',
        phone: '+15551234567',
        email: null,
        note: 'Bring the winter tyres, please.',
        deal: null,
        mayChange: true,
        carGone: false,
        car: { uuid: car, listingState: 'available' },
      });
      const row = await t.db.selectFrom('visits').selectAll().where('id', '=', visit.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ user_id: await userIdOf(shopper.id), channel: 'telegram', language: 'es', booked_by: 'shopper' });
      const booked = await t.db.selectFrom('outbox_events').select('payload').where('kind', '=', 'visit.booked').execute();
      expect(booked.map((event) => event.payload)).toContainEqual({ visitId: visit.id, startsAt: start });
    });

    it("writes the visit in the shopper's own language when the page names none", async () => {
      const shopper = newShopper({ language_code: 'uk' });
      const visit = await book(shopper, nextCar());
      expect((await t.db.selectFrom('visits').select('language').where('id', '=', visit.id).executeTakeFirstOrThrow()).language).toBe('uk');
    });

    it('books for a web visitor, who must give an email for the confirmation', async () => {
      const car = nextCar();
      const guest = await createGuest(t.app, car);
      const start = await firstSlot(car);
      const refused = expectError(await call(guest, 'POST', '', bookingBody(car, start)), 400, 'bad_request');
      expect(refused.fields).toEqual({ email: visitMessages.emailRequired });
      const visit = await ok(call(guest, 'POST', '', bookingBody(car, start, { email: 'sam@example.com' })), 201);
      expect(visit.email).toBe('sam@example.com');
      const row = await t.db.selectFrom('visits').select(['channel', 'user_id']).where('id', '=', visit.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ channel: 'email', user_id: guest.userId });
      expect((await ok<MyVisitsAnswer>(call(guest, 'GET', '/mine'))).items.map((item) => item.id)).toEqual([visit.id]);
    });

    it('makes a web guest of a visitor with no identity yet', async () => {
      const car = nextCar();
      const res = await call(null, 'POST', '', bookingBody(car, await firstSlot(car), { email: 'new@example.com' }));
      const visit = await ok(res, 201);
      expect((await ok<MyVisitsAnswer>(call({ cookie: cookieHeader(res) }, 'GET', '/mine'))).items.map((item) => item.id)).toEqual([
        visit.id,
      ]);
    });

    it('lets staff book for a shopper who phoned, answering the calendar view', async () => {
      const car = nextCar();
      const visit = await ok<StaffVisit>(call(ADMIN, 'POST', '', { ...bookingBody(car, await firstSlot(car)), forCaller: true }), 201);
      expect(visit).toMatchObject({ userId: null, bookedBy: 'staff', channel: 'none', cancelledBy: null, car: { uuid: car } });
      const row = await t.db.selectFrom('visits').select('booked_by_user_id').where('id', '=', visit.id).executeTakeFirstOrThrow();
      expect(row.booked_by_user_id).toBe(await userIdOf(ADMIN.id));
    });

    it('refuses forCaller from anyone but staff', async () => {
      const car = nextCar();
      const body = { ...bookingBody(car, await firstSlot(car)), forCaller: true };
      expectError(await call(newShopper(), 'POST', '', body), 403, 'forbidden');
      expectError(await call(await createGuest(t.app, car), 'POST', '', body), 403, 'forbidden');
    });

    it('refuses a time that cannot be booked, saying why', async () => {
      const car = nextCar();
      const day = addDays(today, 2);
      const cases = {
        past: at(addDays(today, -1), '10:00'),
        too_soon: new Date(Math.ceil((Date.now() + 10 * 60_000) / (30 * 60_000)) * 30 * 60_000).toISOString(),
        outside_hours: at(day, '21:00'),
        closed: at(closedDay, '10:00'),
        beyond_horizon: at(addDays(today, 20), '10:00'),
        off_grid: at(day, '10:10'),
      } as const;
      for (const [problem, start] of Object.entries(cases) as [keyof typeof cases, string][]) {
        const error = expectError(await call(newShopper(), 'POST', '', bookingBody(car, start)), 400, 'bad_request');
        expect(error.fields, problem).toEqual({ start: visitMessages[problem] });
        expect(error.message).toContain(visitMessages[problem]);
      }
    });

    it('refuses a hold that would last beyond 48 hours', async () => {
      const error = expectError(
        await call(newShopper(), 'POST', '', bookingBody(nextCar(), at(addDays(today, 3), '10:00'), { type: 'hold' })),
        400,
        'bad_request',
      );
      expect(error.fields).toEqual({ start: visitMessages.holdTooLong });
    });

    it('refuses a phone number that is not ten digits', async () => {
      const car = nextCar();
      const error = expectError(
        await call(newShopper(), 'POST', '', bookingBody(car, await firstSlot(car), { phone: '555-0142' })),
        400,
        'bad_request',
      );
      expect(error.fields).toEqual({ phone: validationMessages.phoneInvalid });
    });

    it('refuses a car that is not for sale (409 car_unavailable) and answers 404 for an unknown car', async () => {
      const car = nextCar();
      const start = await firstSlot(car);
      await t.db.updateTable('cars').set({ listing_state: 'pending' }).where('uuid', '=', car).execute();
      expectError(await call(newShopper(), 'POST', '', bookingBody(car, start)), 409, 'car_unavailable');
      expectError(await call(newShopper(), 'POST', '', bookingBody('0b6e2a52-3f1c-4d8e-9a57-2f4f0c1d9e11', start)), 404, 'not_found');
    });

    it('refuses a malformed booking with a 400 naming each field', async () => {
      const car = nextCar();
      const start = await firstSlot(car);
      const cases: [unknown, string[]][] = [
        [{}, ['carUuid', 'type', 'start', 'name']],
        [bookingBody(car, start, { type: 'picnic' }), ['type']],
        [bookingBody(car, 'tomorrow at ten'), ['start']],
        [bookingBody(car, start, { name: '   ' }), ['name']],
        [bookingBody(car, start, { email: 'not-an-email' }), ['email']],
        [bookingBody(car, start, { note: 'x'.repeat(501) }), ['note']],
        [bookingBody(car, start, { forCaller: 'yes' }), ['forCaller']],
        [bookingBody(car, start, { colour: 'red' }), ['colour']],
        [[start], ['carUuid']],
      ];
      for (const [body, fields] of cases) {
        const error = expectError(await call(newShopper(), 'POST', '', body), 400, 'bad_request');
        expect(Object.keys(error.fields ?? {}), JSON.stringify(body).slice(0, 80)).toEqual(expect.arrayContaining(fields));
      }
      const notJson = await injectAs(t.app, newShopper(), {
        method: 'POST',
        url: '/api/visits',
        headers: { 'content-type': 'application/json' },
        payload: '{"carUuid":',
      });
      expect(notJson.statusCode).toBe(400);
    });

    it('refuses a malformed visit id with a 400 and an unknown one with a 404', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
        expect(expectError(await call(newShopper(), 'GET', `/${id}`), 400, 'bad_request').fields).toHaveProperty('id');
      }
      expectError(await call(newShopper(), 'GET', '/2000000000'), 404, 'not_found');
      expectError(await call(newShopper(), 'POST', '/2000000000/cancel', {}), 404, 'not_found');
      expectError(await call(null, 'PATCH', '/2000000000', { start: at(addDays(today, 2), '10:00') }), 404, 'not_found');
    });
  });

  describe('the last place', () => {
    it('goes to exactly one of ten shoppers booking it at once; the others are told slot_full with the next free times', async () => {
      await saveVisitSettings(t.db, { ...OPEN_EVERY_DAY, closedDates: [closedDay], capacity: 1 });
      try {
        const cars = Array.from({ length: 10 }, nextCar);
        const start = (await slotsOf(cars[0]!)).slots.find((slot) => slot.placesLeft === 1)!.start;
        const answers = await Promise.all(cars.map((car) => call(newShopper(), 'POST', '', bookingBody(car, start))));
        expect(answers.map((res) => res.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
        for (const refused of answers.filter((res) => res.statusCode === 409)) {
          const error = expectError(refused, 409, 'slot_full');
          expect(error.nextSlots?.length).toBeGreaterThan(0);
          for (const slot of error.nextSlots ?? []) expect(Date.parse(slot.start)).toBeGreaterThan(Date.parse(start));
        }
        const booked = await t.db
          .selectFrom('visits')
          .select('place')
          .where('starts_at', '=', new Date(start))
          .where('status', '<>', 'cancelled')
          .execute();
        expect(booked).toEqual([{ place: 1 }]);
      } finally {
        await saveVisitSettings(t.db, { ...OPEN_EVERY_DAY, closedDates: [closedDay] });
      }
    });
  });

  describe("the shopper's visits", () => {
    it('lists their own visits, those ahead first, soonest first, and none for a visitor with no identity', async () => {
      const shopper = newShopper();
      const [later, sooner] = [nextCar(), nextCar()];
      const laterVisit = await book(shopper, later, { start: at(addDays(today, 3), '15:00') });
      const soonerVisit = await book(shopper, sooner);
      const cancelled = await book(shopper, nextCar());
      await ok(call(shopper, 'POST', `/${cancelled.id}/cancel`, {}));
      await book(newShopper(), nextCar());
      const mine = await ok<MyVisitsAnswer>(call(shopper, 'GET', '/mine'));
      expect(mine.items.map((item) => [item.id, item.status])).toEqual([
        [soonerVisit.id, 'booked'],
        [laterVisit.id, 'booked'],
        [cancelled.id, 'cancelled'],
      ]);
      expect(await ok<MyVisitsAnswer>(call(null, 'GET', '/mine'))).toEqual({ items: [] });
    });

    it("never lets another shopper see, move or cancel someone's visit", async () => {
      const visit = await book(newShopper(), nextCar());
      const other = newShopper();
      const guest = await createGuest(t.app, nextCar());
      for (const who of [other, guest, null]) {
        expectError(await call(who, 'GET', `/${visit.id}`), 404, 'not_found');
        expectError(await call(who, 'PATCH', `/${visit.id}`, { start: at(addDays(today, 2), '11:00') }), 404, 'not_found');
        expectError(await call(who, 'POST', `/${visit.id}/cancel`, {}), 404, 'not_found');
      }
      expect((await t.db.selectFrom('visits').select('status').where('id', '=', visit.id).executeTakeFirstOrThrow()).status).toBe('booked');
    });
  });

  describe('moving and cancelling', () => {
    it('moves a visit by session to another free time and car, telling the other side', async () => {
      const shopper = newShopper();
      const visit = await book(shopper, nextCar());
      const otherCar = nextCar();
      const start = at(addDays(today, 2), '12:30');
      const moved = await ok(call(shopper, 'PATCH', `/${visit.id}`, { start, carUuid: otherCar }));
      expect(moved).toMatchObject({ id: visit.id, start, status: 'booked', car: { uuid: otherCar } });
      expect(await ok(call(shopper, 'GET', `/${visit.id}`))).toEqual(moved);
      const changed = await t.db.selectFrom('outbox_events').select('payload').where('kind', '=', 'visit.changed').execute();
      expect(changed.map((event) => event.payload)).toContainEqual({ visitId: visit.id, change: 'moved', by: 'shopper', startsAt: start });
    });

    it('keeps the deal the shopper brought while the visit keeps its car, and drops it with the car', async () => {
      const shopper = newShopper();
      const visit = await book(shopper, nextCar(), { deal: { type: 'cash', zip: '75201' } });
      expect(visit.deal?.quote.type).toBe('cash');
      const later = await ok(call(shopper, 'PATCH', `/${visit.id}`, { start: at(addDays(today, 2), '17:00') }));
      expect(later.deal).toEqual(visit.deal);
      const otherCar = await ok(call(shopper, 'PATCH', `/${visit.id}`, { start: later.start, carUuid: nextCar() }));
      expect(otherCar.deal).toBeNull();
    });

    it('refuses a move to a full time with slot_full and the next free times', async () => {
      const start = at(addDays(today, 2), '13:00');
      await book(newShopper(), nextCar(), { start });
      await book(newShopper(), nextCar(), { start });
      const shopper = newShopper();
      const visit = await book(shopper, nextCar());
      const error = expectError(await call(shopper, 'PATCH', `/${visit.id}`, { start }), 409, 'slot_full');
      expect(error.nextSlots?.[0]?.start).toBe(at(addDays(today, 2), '13:30'));
    });

    it('cancels a visit by session, once: a second cancel or a move after it is 409 visit_closed', async () => {
      const shopper = newShopper();
      const visit = await book(shopper, nextCar());
      expect(await ok(call(shopper, 'POST', `/${visit.id}/cancel`))).toMatchObject({ status: 'cancelled', mayChange: false });
      expectError(await call(shopper, 'POST', `/${visit.id}/cancel`, {}), 409, 'visit_closed');
      expectError(await call(shopper, 'PATCH', `/${visit.id}`, { start: at(addDays(today, 2), '14:00') }), 409, 'visit_closed');
    });

    it("frees the cancelled visit's place for others", async () => {
      const start = at(addDays(today, 2), '14:30');
      const shopper = newShopper();
      const visit = await book(shopper, nextCar(), { start });
      await book(newShopper(), nextCar(), { start });
      const third = nextCar();
      expect((await slotsOf(third)).slots.map((slot) => slot.start)).not.toContain(start);
      await ok(call(shopper, 'POST', `/${visit.id}/cancel`, {}));
      expect((await slotsOf(third)).slots.find((slot) => slot.start === start)?.placesLeft).toBe(1);
    });

    it("lets anyone with the visit's signed link read, move and cancel it without signing in", async () => {
      const visit = await book(newShopper(), nextCar());
      const token = visitLinkToken(secret(), visit.id, new Date(visit.end));
      expect((await ok(call(null, 'GET', `/${visit.id}?token=${token}`))).id).toBe(visit.id);
      const start = at(addDays(today, 2), '15:00');
      expect(await ok(call(null, 'PATCH', `/${visit.id}`, { start, token }))).toMatchObject({ start });
      const cancelled = await ok(call(null, 'POST', `/${visit.id}/cancel`, { token }));
      expect(cancelled.status).toBe('cancelled');
      const row = await t.db.selectFrom('visits').select('cancelled_by').where('id', '=', visit.id).executeTakeFirstOrThrow();
      expect(row.cancelled_by).toBe('shopper');
    });

    it('refuses a link replayed after the visit was cancelled with 409 visit_closed', async () => {
      const visit = await book(newShopper(), nextCar());
      const token = visitLinkToken(secret(), visit.id, new Date(visit.end));
      await ok(call(null, 'POST', `/${visit.id}/cancel`, { token }));
      expectError(await call(null, 'POST', `/${visit.id}/cancel`, { token }), 409, 'visit_closed');
      expectError(await call(null, 'PATCH', `/${visit.id}`, { start: at(addDays(today, 2), '15:30'), token }), 409, 'visit_closed');
    });

    it("refuses a forged link with 403, another visit's link too, and an expired one with 410", async () => {
      const visit = await book(newShopper(), nextCar());
      const other = await book(newShopper(), nextCar());
      const forged = [
        visitLinkToken('another-secret-that-is-long-enough-0123456789', visit.id, new Date(visit.end)),
        visitLinkToken(secret(), other.id, new Date(other.end)),
        'not-a-token',
      ];
      for (const token of forged) {
        expectError(await call(null, 'GET', `/${visit.id}?token=${encodeURIComponent(token)}`), 403, 'forbidden');
        expectError(await call(null, 'POST', `/${visit.id}/cancel`, { token }), 403, 'forbidden');
      }
      const expired = visitLinkToken(secret(), visit.id, new Date(Date.now() - 60_000));
      expectError(await call(null, 'GET', `/${visit.id}?token=${expired}`), 410, 'link_expired');
      expectError(
        await call(null, 'PATCH', `/${visit.id}`, { start: at(addDays(today, 2), '16:00'), token: expired }),
        410,
        'link_expired',
      );
      expectError(await call(null, 'POST', `/${visit.id}/cancel`, { token: expired }), 410, 'link_expired');
    });

    it("lets staff read, move and cancel anyone's visit, in the calendar view", async () => {
      const visit = await book(newShopper(), nextCar());
      const seen = await ok<StaffVisit>(call(ADMIN, 'GET', `/${visit.id}`));
      expect(seen).toMatchObject({ id: visit.id, bookedBy: 'shopper', channel: 'telegram' });
      const start = at(addDays(today, 2), '16:30');
      expect(await ok<StaffVisit>(call(ADMIN, 'PATCH', `/${visit.id}`, { start }))).toMatchObject({ start, bookedBy: 'shopper' });
      expect(await ok<StaffVisit>(call(ADMIN, 'POST', `/${visit.id}/cancel`, {}))).toMatchObject({
        status: 'cancelled',
        cancelledBy: 'staff',
      });
    });
  });

  describe("a web guest's visits", () => {
    const idle = (userId: number) =>
      t.db
        .updateTable('users')
        .set({ last_seen_at: sql<Date>`now() - interval '60 days'` })
        .where('id', '=', userId)
        .execute();
    const exists = async (userId: number) =>
      (await t.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;

    it('keep an idle guest while a visit is still ahead, and no longer once it is over', async () => {
      const car = nextCar();
      const withVisit = await createGuest(t.app, car);
      const visit = await book(withVisit, car, { email: 'ahead@example.com' });
      const pastCar = nextCar();
      const withPastVisit = await createGuest(t.app, pastCar);
      const past = await book(withPastVisit, pastCar, { email: 'past@example.com' });
      await t.db
        .updateTable('visits')
        .set({ starts_at: new Date(Date.now() - 2 * HOUR), ends_at: new Date(Date.now() - HOUR) })
        .where('id', '=', past.id)
        .execute();
      await Promise.all([idle(withVisit.userId), idle(withPastVisit.userId)]);
      await expireIdleGuestsAndDrafts(t.db, { guestDays: 30, draftDays: 30 });
      expect(await exists(withVisit.userId)).toBe(true);
      expect(await exists(withPastVisit.userId)).toBe(false);
      expect((await t.db.selectFrom('visits').select('id').where('id', '=', visit.id).executeTakeFirst())?.id).toBe(visit.id);
    });

    it('move to the Telegram user the guest signs in as', async () => {
      const car = nextCar();
      const guest = await createGuest(t.app, car);
      const visit = await book(guest, car, { email: 'guest@example.com' });
      const shopper = newShopper();
      await ok<MyVisitsAnswer>(call(shopper, 'GET', '/mine'));
      expect(await mergeGuestIntoUser(t.db, guest.userId, await userIdOf(shopper.id))).toBe('merged');
      expect((await ok<MyVisitsAnswer>(call(shopper, 'GET', '/mine'))).items.map((item) => item.id)).toEqual([visit.id]);
      expect((await ok(call(shopper, 'GET', `/${visit.id}`))).email).toBe('guest@example.com');
    });
  });
});
