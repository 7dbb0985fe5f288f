import { appOrigin } from '../../../domain/app-origin.ts';
import { carTitle } from '../../../domain/cars.ts';
import type { CarCard } from '../../../domain/contracts/cars.ts';
import type {
  VisitCalendarFile,
  VisitChannel,
  VisitEvent,
  VisitMessage,
  VisitRecipient,
  VisitStaffNote,
} from '../../../domain/contracts/visit-messages.ts';
import { formatMoment } from '../../../domain/date-time.ts';
import { formatMoney } from '../../../domain/format.ts';
import { visitMayChange, type VisitMessageKind } from '../../../domain/visits/visit-rules.ts';
import type { VisitType } from '../../../domain/visits/visit.schema.ts';
import { findSimilarCars } from '../cars/cars.repository.ts';
import type { ConfigSlice } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Catalogues } from '../i18n/catalogues.ts';
import { findUserById } from '../users/users.repository.ts';
import { visitCalendarFile } from './visit-calendar-file.ts';
import { visitLinkPath, visitLinkToken } from './visit-links.ts';
import { claimVisitMessage, countVisitMessages, findVisit, releaseVisitMessage, type VisitWithCar } from './visits.repository.ts';

/**
 * Everything a visit sends its shopper (docs/product/visits.md#messages-and-reminders): whether an
 * outbox event still owes a message, what it says in the shopper's language, and the one claim in
 * visit_messages_sent that keeps it from going out twice, whichever consumer, instance or replayed
 * delivery carries it. The mail consumer and the bot only lay the message out for their channel.
 */

export interface VisitMessageDeps {
  db: Db;
  catalogues: Catalogues;
  config: ConfigSlice<{
    company: 'name' | 'address' | 'email';
    server: 'publicUrl' | 'port' | 'timeZone';
    security: 'sessionSecret';
  }>;
}

type Translate = (id: string, values?: Record<string, unknown>) => string;

/** Sends one message to one recipient; throws when it did not go out (the claim is then released, for a retry). */
export type SendVisitMessage<C extends VisitChannel> = (
  message: VisitMessage,
  to: Extract<VisitRecipient, { channel: C }>,
) => Promise<void>;

/** How many similar cars a shopper whose car left is shown (the car page shows as many). */
const SIMILAR_CARS_SHOWN = 4;

const SUBJECTS: Readonly<Record<VisitType, Readonly<Record<VisitMessageKind, string>>>> = {
  test_drive: {
    confirmation: 'Your test drive is booked: {car}',
    day_before: 'Reminder: your test drive is tomorrow: {car}',
    two_hours: 'Reminder: your test drive is in two hours: {car}',
    moved: 'Your test drive was moved: {car}',
    cancelled: 'Your test drive was cancelled: {car}',
    car_gone: 'The car of your test drive is no longer available: {car}',
  },
  hold: {
    confirmation: 'The car is held for you: {car}',
    day_before: 'Reminder: your visit for the car held for you is tomorrow: {car}',
    two_hours: 'Reminder: your visit for the car held for you is in two hours: {car}',
    moved: 'Your visit for the car held for you was moved: {car}',
    cancelled: 'Your hold was cancelled: {car}',
    car_gone: 'The car held for you is no longer available: {car}',
  },
};

/**
 * The message an event owes, if any: a confirmation, a reminder or a move only while the visit is
 * still booked for the start the event names and has not begun (a visit moved or cancelled since
 * leaves its old messages nothing to send); a cancellation once the visit is cancelled; the car gone
 * only while it still is.
 */
function dueMessage(visit: VisitWithCar, event: VisitEvent, now: Date): VisitMessageKind | null {
  const stillBooked =
    visitMayChange(visit.status, visit.starts_at, now) && visit.starts_at.getTime() === new Date(event.payload.startsAt).getTime();
  switch (event.kind) {
    case 'visit.booked':
      return stillBooked ? 'confirmation' : null;
    case 'visit.reminder':
      return stillBooked ? event.payload.reminder : null;
    case 'visit.changed':
      if (event.payload.change === 'cancelled') return visit.status === 'cancelled' ? 'cancelled' : null;
      return stillBooked ? 'moved' : null;
    case 'visit.car_gone':
      return stillBooked && visit.car_gone_at !== null && visit.car_uuid === event.payload.carUuid ? 'car_gone' : null;
  }
}

/** The shopper on the channel they booked from; null when the visit is heard of elsewhere, or nowhere. */
async function recipientOf(db: Db, visit: VisitWithCar, channel: VisitChannel): Promise<VisitRecipient | null> {
  if (visit.channel !== channel) return null;
  if (channel === 'email') return visit.email === null ? null : { channel, email: visit.email };
  const user = visit.user_id === null ? undefined : await findUserById(db, visit.user_id);
  return user?.telegram_id == null ? null : { channel, telegramId: user.telegram_id };
}

const titleOf = (visit: VisitWithCar) =>
  carTitle({ year: visit.car_year, brand: visit.car_brand, model: visit.car_model, trim: visit.car_trim });

/** The calendar file a confirmation, a move or a cancellation carries; SEQUENCE counts the moves the shopper was told of. */
async function calendarFile(
  deps: VisitMessageDeps,
  visit: VisitWithCar,
  kind: VisitMessageKind,
  t: Translate,
  link: VisitMessage['link'],
): Promise<VisitCalendarFile | null> {
  if (kind !== 'confirmation' && kind !== 'moved' && kind !== 'cancelled') return null;
  const { company } = deps.config;
  const moves = await countVisitMessages(deps.db, visit.id, 'moved');
  const cancelled = kind === 'cancelled';
  const car = titleOf(visit);
  const content = visitCalendarFile({
    visitId: visit.id,
    host: new URL(appOrigin(deps.config.server)).hostname,
    cancelled,
    sequence: cancelled ? moves + 1 : moves,
    start: visit.starts_at,
    end: visit.ends_at,
    summary: visit.type === 'test_drive' ? t('Test drive: {car}', { car }) : t('Hold: {car}', { car }),
    location: `${company.name}, ${company.address}`,
    description: `${link.intro}\n${link.url}`,
    url: link.url,
    organizer: { name: company.name, email: company.email },
    attendee: visit.email === null ? null : { name: visit.name, email: visit.email },
  });
  const caption =
    kind === 'confirmation'
      ? t('Add the visit to your calendar with the attached file.')
      : kind === 'moved'
        ? t('The attached file moves the visit in your calendar.')
        : t('The attached file removes the visit from your calendar.');
  return { filename: `visit-${visit.id}.ics`, content, method: cancelled ? 'CANCEL' : 'REQUEST', caption };
}

/** The message, in the shopper's language, with the dealer's time zone named. */
async function composeMessage(deps: VisitMessageDeps, visit: VisitWithCar, kind: VisitMessageKind): Promise<VisitMessage> {
  const { company, server, security } = deps.config;
  const language = visit.language;
  const t: Translate = (id, values) => deps.catalogues.translate(language, id, values);
  const origin = appOrigin(server);
  const car = titleOf(visit);
  const when = (at: Date) => formatMoment(at, language, server.timeZone);
  const carGone = kind === 'car_gone' || (visit.car_gone_at !== null && (kind === 'day_before' || kind === 'two_hours'));

  const path =
    kind === 'cancelled'
      ? `/cars/${visit.car_uuid}`
      : visitLinkPath(visit.id, visitLinkToken(security.sessionSecret, visit.id, visit.ends_at), visit.language);
  const link =
    kind === 'cancelled'
      ? { intro: t("Book another visit from the car's page:"), label: t('Book another visit') }
      : carGone
        ? { intro: t('Keep your visit for another car:'), label: t('Keep your visit for another car') }
        : { intro: t('Move or cancel your visit at any time:'), label: t('Move or cancel') };

  const opening: string[] = [];
  if (kind === 'confirmation' && visit.type === 'hold')
    opening.push(t('Nobody else can book this car until your visit ends, {date}.', { date: when(visit.ends_at) }));
  if (kind === 'cancelled')
    opening.push(visit.cancelled_by === 'staff' ? t('We are sorry: we had to cancel this visit.') : t('You cancelled this visit.'));
  if (kind === 'car_gone')
    opening.push(
      t(
        'We are sorry: this car was sold or taken off sale before your visit. Your visit stays booked: choose another car for it, or cancel it.',
      ),
    );
  else if (carGone) opening.push(t('This car is no longer available: choose another car for your visit, or cancel it.'));

  const details = [
    t('Car: {car}', { car }),
    t('When: {date}', { date: when(visit.starts_at) }),
    ...(kind === 'cancelled' ? [] : [t('Where: {dealer}, {address}', { dealer: company.name, address: company.address })]),
  ];
  const bring = visit.type === 'test_drive' && kind !== 'cancelled' && !carGone ? [t("Please bring your driver's license.")] : [];
  const similar = kind === 'car_gone' ? await similarCars(deps.db, visit, language, origin, t) : [];
  const withLink = { ...link, path, url: `${origin}${path}` };

  return {
    visitId: visit.id,
    kind,
    language,
    subject: t(SUBJECTS[visit.type][kind], { car }),
    greeting: t('Hello {name},', { name: visit.name }),
    paragraphs: [...opening, details.join('\n'), ...bring, ...similar],
    link: withLink,
    calendar: await calendarFile(deps, visit, kind, t, withLink),
  };
}

/** Up to four cars like the one gone, still for sale, each with its price and page: one paragraph, or none. */
async function similarCars(db: Db, visit: VisitWithCar, language: VisitWithCar['language'], origin: string, t: Translate) {
  // A draft or archived car has no public page to be like: the shopper chooses from the catalogue.
  const cards: CarCard[] = (await findSimilarCars(db, visit.car_uuid, visit.user_id)) ?? [];
  if (cards.length === 0) return [];
  const lines = cards
    .slice(0, SIMILAR_CARS_SHOWN)
    .map((card) => `${carTitle(card)}, ${formatMoney(card.price, language)}: ${origin}/cars/${card.uuid}`);
  return [[t('Similar cars for sale now:'), ...lines].join('\n')];
}

/**
 * Sends the message `event` owes the shopper on `channel` through `send`, once: nothing when the
 * visit is heard of on another channel, no longer owes it (moved, cancelled, begun), or the message
 * was already claimed. The claim is written before sending and released when sending fails, so a
 * failed send is tried again by the outbox and a replayed or doubled delivery finds it taken.
 */
export async function sendVisitMessage<C extends VisitChannel>(
  deps: VisitMessageDeps,
  event: VisitEvent,
  channel: C,
  send: SendVisitMessage<C>,
  now = new Date(),
): Promise<void> {
  const visit = await findVisit(deps.db, event.payload.visitId);
  if (!visit) return;
  const kind = dueMessage(visit, event, now);
  if (kind === null) return;
  const to = (await recipientOf(deps.db, visit, channel)) as Extract<VisitRecipient, { channel: C }> | null;
  if (to === null) return;
  // A move is told once per move, so a visit moved back to an earlier start is told again (migration 0033).
  const claim = { visitId: visit.id, message: kind, startsAt: new Date(event.payload.startsAt), eventId: kind === 'moved' ? event.id : 0 };
  if (!(await claimVisitMessage(deps.db, claim))) return;
  try {
    await send(await composeMessage(deps, visit, kind), to);
  } catch (error) {
    await releaseVisitMessage(deps.db, claim);
    throw error;
  }
}

/**
 * What staff are told when a shopper moves or cancels their own visit; null for staff's own changes
 * (they know) and for a visit gone since.
 */
export async function visitStaffNote(db: Db, event: Extract<VisitEvent, { kind: 'visit.changed' }>): Promise<VisitStaffNote | null> {
  if (event.payload.by !== 'shopper') return null;
  const visit = await findVisit(db, event.payload.visitId);
  if (!visit) return null;
  return {
    visitId: visit.id,
    type: visit.type,
    change: event.payload.change,
    name: visit.name,
    car: titleOf(visit),
    startsAt: event.payload.startsAt,
  };
}
