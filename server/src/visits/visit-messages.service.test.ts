import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VisitEvent, VisitMessage } from '../../../domain/contracts/visit-messages.ts';
import type { Language } from '../../../domain/enums.ts';
import type { Slot } from '../../../domain/visits/visit-slots.ts';
import { visitMoveSchema, type VisitType } from '../../../domain/visits/visit.schema.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createGuest, type TestTelegramUser } from '../../test/identity.ts';
import { addCar } from '../../test/inventory.ts';
import { bookAsShopper, slotsFrom, visitDeps } from '../../test/visit-messages.ts';
import { loadCatalogues, type Catalogues } from '../i18n/catalogues.ts';
import { checkVisitLinkToken } from './visit-links.ts';
import { sendVisitMessage, type VisitMessageDeps } from './visit-messages.service.ts';
import { cancelVisit, moveVisit } from './visits.service.ts';
import { findVisit, markCarGoneVisits } from './visits.repository.ts';

const PUBLIC_URL = 'https://cars.example.test';
const ADMIN: TestTelegramUser = { id: 9_640_001, first_name: 'Ada' };
const HOUR = 3_600_000;

describe.each(DATABASE_KINDS)("what a visit's messages say on %s", (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL, COMPANY_NAME: 'Prairie Motors', COMPANY_ADDRESS: '77 Prairie Road, Austin, TX' } });
  const taken = new Set<number>();
  let catalogues: Catalogues;
  let nextEvent = 1;

  beforeAll(async () => {
    catalogues = await loadCatalogues();
    await createAdmin(t.db, ADMIN.id);
  });

  const deps = (): VisitMessageDeps => ({ db: t.db, catalogues, config: t.config });

  /** A web shopper's visit of a new car at a slot no other test took, `hoursAhead` or more from now (within `within` hours). */
  async function booked(language: Language, type: VisitType = 'test_drive', hoursAhead = 25, within = Infinity) {
    const car = await addCar(t, ADMIN);
    const { userId } = await createGuest(t.app, car.uuid);
    const slot = (await slotsFrom(t, hoursAhead)).find(
      (candidate) => !taken.has(candidate.start.getTime()) && candidate.end.getTime() <= Date.now() + within * HOUR,
    ) as Slot;
    taken.add(slot.start.getTime());
    const visitId = await bookAsShopper(t, {
      userId,
      channel: 'email',
      language,
      type,
      carUuid: car.uuid,
      start: slot.start,
      email: 'mary@example.com',
    });
    return { userId, slot, visitId };
  }

  /** What one event sends a web shopper, if anything. */
  async function messageOf(event: Omit<VisitEvent, 'id' | 'attempts'>, now?: Date): Promise<VisitMessage | undefined> {
    let sent: VisitMessage | undefined;
    await sendVisitMessage(
      deps(),
      { ...event, id: nextEvent++, attempts: 1 } as VisitEvent,
      'email',
      async (message) => {
        sent = message;
      },
      now,
    );
    return sent;
  }

  it('links to the visit with a signed token that opens it until the visit ends', async () => {
    const { slot, visitId } = await booked('en');

    const message = await messageOf({ kind: 'visit.booked', payload: { visitId, startsAt: slot.start.toISOString() } });

    const token = new URL(message!.link.url).searchParams.get('token')!;
    expect(message!.link.url).toBe(`${PUBLIC_URL}/visits/${visitId}?token=${encodeURIComponent(token)}&lang=en`);
    expect(message!.link.path).toBe(`/visits/${visitId}?token=${encodeURIComponent(token)}&lang=en`);
    const secret = t.config.security.sessionSecret;
    expect(checkVisitLinkToken(secret, visitId, token, new Date(slot.end.getTime() - 1000))).toBe('valid');
    expect(checkVisitLinkToken(secret, visitId, token, new Date(slot.end.getTime() + 1000))).toBe('expired');
  });

  it("tells a shopper with a hold that nobody else can book the car until their visit ends, and names the calendar's event a hold", async () => {
    const { slot, visitId } = await booked('en', 'hold', 3, 47);

    const message = await messageOf({ kind: 'visit.booked', payload: { visitId, startsAt: slot.start.toISOString() } });

    expect(message!.subject).toBe('The car is held for you: 2020 Ford Escape SE');
    expect(message!.paragraphs[0]).toMatch(/^Nobody else can book this car until your visit ends, .+\.$/);
    expect(message!.paragraphs.join('\n')).not.toContain("driver's license");
    expect(message!.calendar!.content).toContain('SUMMARY:Hold: 2020 Ford Escape SE');
  });

  it('reminds a shopper whose car has gone to choose another car for the visit, with the link to keep it', async () => {
    const { slot, visitId } = await booked('en');
    const visit = await findVisit(t.db, visitId);
    await markCarGoneVisits(t.db, visit!.car_uuid, new Date());

    const message = await messageOf({
      kind: 'visit.reminder',
      payload: { visitId, reminder: 'day_before', startsAt: slot.start.toISOString() },
    });

    expect(message!.paragraphs[0]).toBe('This car is no longer available: choose another car for your visit, or cancel it.');
    expect(message!.link).toMatchObject({ intro: 'Keep your visit for another car:', label: 'Keep your visit for another car' });
  });

  it('sends nothing once the visit has begun', async () => {
    const { slot, visitId } = await booked('en');

    const late = await messageOf(
      { kind: 'visit.reminder', payload: { visitId, reminder: 'two_hours', startsAt: slot.start.toISOString() } },
      new Date(slot.start.getTime() + 60_000),
    );

    expect(late).toBeUndefined();
  });

  it.each(['test_drive', 'hold'] as const)("writes every message of a %s in the shopper's language", async (type) => {
    const { userId, slot, visitId } = await booked('uk', type, 3, 47);
    const later = (await slotsFrom(t, 3)).find(
      (candidate) => !taken.has(candidate.start.getTime()) && candidate.end.getTime() < Date.now() + 47 * HOUR,
    )!;
    taken.add(later.start.getTime());
    const startsAt = slot.start.toISOString();
    const messages = [
      await messageOf({ kind: 'visit.booked', payload: { visitId, startsAt } }),
      await messageOf({ kind: 'visit.reminder', payload: { visitId, reminder: 'day_before', startsAt } }),
      await messageOf({ kind: 'visit.reminder', payload: { visitId, reminder: 'two_hours', startsAt } }),
    ];
    const visit = await findVisit(t.db, visitId);
    await markCarGoneVisits(t.db, visit!.car_uuid, new Date());
    messages.push(await messageOf({ kind: 'visit.car_gone', payload: { visitId, carUuid: visit!.car_uuid, startsAt } }));
    await moveVisit(visitDeps(t), { kind: 'shopper', userId }, visitId, v.parse(visitMoveSchema, { start: later.start.toISOString() }));
    const movedTo = later.start.toISOString();
    messages.push(await messageOf({ kind: 'visit.changed', payload: { visitId, change: 'moved', by: 'shopper', startsAt: movedTo } }));
    await cancelVisit(visitDeps(t), { kind: 'staff', userId }, visitId);
    messages.push(await messageOf({ kind: 'visit.changed', payload: { visitId, change: 'cancelled', by: 'staff', startsAt: movedTo } }));

    expect(messages.map((message) => message?.kind)).toEqual(['confirmation', 'day_before', 'two_hours', 'car_gone', 'moved', 'cancelled']);
    // Every text is Ukrainian: an id missing from the catalogue would come out in English. Similar cars' lines are names and prices.
    const ukrainian = /[а-яєіїґ]/i;
    for (const message of messages as VisitMessage[]) {
      const lines = [
        message.subject,
        message.link.intro,
        message.link.label,
        ...message.paragraphs.flatMap((paragraph) => paragraph.split('\n')),
      ];
      if (message.calendar) lines.push(message.calendar.caption);
      expect(
        lines.filter((line) => !ukrainian.test(line) && !/^\d{4} /.test(line)),
        message.kind,
      ).toEqual([]);
    }
  });
});
