import { beforeAll, describe, expect, it } from 'vitest';
import type { CarCard, CarItem } from '../../../domain/contracts/cars.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type { MyVisit, StaffVisit, VisitSlotsAnswer } from '../../../domain/contracts/visits.ts';
import { submissionBody, submit, submitTestApplication, uploadLicence, type Who } from '../../test/applications.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { bookingBody, OPEN_EVERY_DAY, saveVisitSettings } from '../../test/visits.ts';

const ADMIN: TestTelegramUser = { id: 9_500_000, first_name: 'Ada' };
const HOUR = 3_600_000;

type Response = Awaited<ReturnType<typeof injectAs>>;

describe.each(DATABASE_KINDS)('a hold on a car on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 30 } });
  let nextTelegramId = 9_500_001;
  const newShopper = (): TestTelegramUser => ({ id: nextTelegramId++, first_name: 'Sam' });
  let freeCars: string[] = [];
  const nextCar = () => {
    const car = freeCars.shift();
    if (!car) throw new Error('nextCar: the seeded cars ran out');
    return car;
  };

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    await saveVisitSettings(t.db, OPEN_EVERY_DAY);
    freeCars = (await t.db.selectFrom('cars').select('uuid').where('status', '=', 'available').orderBy('uuid').execute()).map(
      (car) => car.uuid,
    );
  });

  const get = (who: Who, url: string) => injectAs(t.app, who, { method: 'GET', url });
  const send = (who: Who, method: 'POST' | 'PATCH', url: string, payload: object) => injectAs(t.app, who, { method, url, payload });
  async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(status);
    return answer.json<T>();
  }
  const codeOf = (res: Response) => [res.statusCode, res.json<ErrorBody>().error.code];
  const slotsOf = (car: string, who: Who = null) => ok<VisitSlotsAnswer>(get(who, `/api/visits/slots?carUuid=${car}`));
  const slotStarts = async (car: string, who: Who = null) => (await slotsOf(car, who)).slots.map((slot) => slot.start);
  /** A hold on the car at its first free slot, as `who`. */
  async function hold(who: Who, car: string): Promise<MyVisit> {
    const [start] = await slotStarts(car, who);
    return ok(send(who, 'POST', '/api/visits', bookingBody(car, start!, { type: 'hold' })), 201);
  }
  const carPage = (car: string, who: Who) => ok<CarItem>(get(who, `/api/cars/${car}`));
  async function cardInList(car: string, who: Who): Promise<CarCard | undefined> {
    const { brand, model, year } = await carPage(car, null);
    const query = new URLSearchParams({ brand, model, yearMin: String(year), yearMax: String(year), limit: '48' });
    const page = await ok<Paged<CarCard>>(get(who, `/api/cars?${query}`));
    return page.items.find((card) => card.uuid === car);
  }
  const userIdOf = async (telegramId: number) =>
    (await t.db.selectFrom('users').select('id').where('telegram_id', '=', telegramId).executeTakeFirstOrThrow()).id;
  /** The visit as if its time had come and gone: nothing but the clock lifts the hold. */
  const endVisit = (id: number) =>
    t.db
      .updateTable('visits')
      .set({ starts_at: new Date(Date.now() - 2 * HOUR), ends_at: new Date(Date.now() - HOUR) })
      .where('id', '=', id)
      .execute();

  it('shows the car on hold until the visit ends, to its holder as theirs, on the car page and in the list', async () => {
    const holder = newShopper();
    const car = nextCar();
    const visit = await hold(holder, car);
    const other = newShopper();
    const guest = await createGuest(t.app, nextCar());
    for (const who of [other, guest, null]) {
      expect((await carPage(car, who)).hold).toEqual({ until: visit.end, yours: false });
      expect((await cardInList(car, who))?.hold).toEqual({ until: visit.end, yours: false });
    }
    expect((await carPage(car, holder)).hold).toEqual({ until: visit.end, yours: true });
    expect((await cardInList(car, holder))?.hold).toEqual({ until: visit.end, yours: true });
  });

  it("refuses others' bookings with car_on_hold, and their slots say why, while the holder may book more", async () => {
    const holder = newShopper();
    const car = nextCar();
    await hold(holder, car);
    const holderSlots = await slotStarts(car, holder);
    expect(await slotsOf(car, newShopper())).toMatchObject({ unavailable: 'car_on_hold', slots: [] });
    expect(await slotsOf(car)).toMatchObject({ unavailable: 'car_on_hold', slots: [] });
    const other = send(newShopper(), 'POST', '/api/visits', bookingBody(car, holderSlots[0]!));
    expect(codeOf(await other)).toEqual([409, 'car_on_hold']);
    const staff = send(ADMIN, 'POST', '/api/visits', { ...bookingBody(car, holderSlots[0]!), forCaller: true });
    expect(codeOf(await staff)).toEqual([409, 'car_on_hold']);
    await ok(send(holder, 'POST', '/api/visits', bookingBody(car, holderSlots[0]!)), 201);
  });

  it("refuses another shopper's move of their visit onto the held car", async () => {
    const car = nextCar();
    await hold(newShopper(), car);
    const shopper = newShopper();
    const otherCar = nextCar();
    const [start] = await slotStarts(otherCar);
    const visit = await ok<MyVisit>(send(shopper, 'POST', '/api/visits', bookingBody(otherCar, start!)), 201);
    expect(codeOf(await send(shopper, 'PATCH', `/api/visits/${visit.id}`, { start: visit.start, carUuid: car }))).toEqual([
      409,
      'car_on_hold',
    ]);
  });

  it("refuses another shopper's application for the held car, and its holder's own goes through", async () => {
    const holder = newShopper();
    const car = nextCar();
    await hold(holder, car);
    const other = newShopper();
    const otherId = (await ok<{ user: { id: number } }>(get(other, '/api/me'))).user.id;
    const front = await uploadLicence(t.app, other, 'front');
    const back = await uploadLicence(t.app, other, 'back');
    const refused = await submit(t.app, other, submissionBody(otherId, { front: front.id, back: back.id }, { carId: car }));
    expect(codeOf(refused)).toEqual([409, 'car_on_hold']);
    await ok(get(holder, '/api/me'));
    const application = await submitTestApplication(t.app, holder, await userIdOf(holder.id), { carId: car });
    expect(application.car?.uuid).toBe(car);
  });

  it("refuses moving another shopper's application to the held car", async () => {
    const car = nextCar();
    await hold(newShopper(), car);
    const applicant = newShopper();
    await ok(get(applicant, '/api/me'));
    await submitTestApplication(t.app, applicant, await userIdOf(applicant.id));
    expect(codeOf(await send(applicant, 'PATCH', '/api/applications/mine/car', { carId: car }))).toEqual([409, 'car_on_hold']);
  });

  it('ends by itself when its visit is over: the car is free again with nothing run', async () => {
    const car = nextCar();
    const visit = await hold(newShopper(), car);
    await endVisit(visit.id);
    const other = newShopper();
    expect((await carPage(car, other)).hold).toBeNull();
    expect((await cardInList(car, other))?.hold).toBeNull();
    expect((await slotsOf(car, other)).unavailable).toBeNull();
    await ok(send(other, 'POST', '/api/visits', bookingBody(car, (await slotStarts(car, other))[0]!)), 201);
  });

  it('frees the car at once when the hold is cancelled', async () => {
    const holder = newShopper();
    const car = nextCar();
    const visit = await hold(holder, car);
    await ok(send(holder, 'POST', `/api/visits/${visit.id}/cancel`, {}));
    expect((await carPage(car, newShopper())).hold).toBeNull();
  });

  it('lets staff move a hold they booked for a caller, which holds the car for nobody else', async () => {
    const car = nextCar();
    const [first, second] = await slotStarts(car);
    const booked = await ok<StaffVisit>(
      send(ADMIN, 'POST', '/api/visits', { ...bookingBody(car, first!, { type: 'hold' }), forCaller: true }),
      201,
    );
    expect((await carPage(car, newShopper())).hold).toEqual({ until: booked.end, yours: false });
    const moved = await ok<StaffVisit>(send(ADMIN, 'PATCH', `/api/visits/${booked.id}`, { start: second! }));
    expect(moved).toMatchObject({ start: second, type: 'hold', userId: null });
  });
});
