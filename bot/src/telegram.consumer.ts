import type { OutboxConsumer } from '../../domain/contracts/outbox.ts';
import type { CarBot } from './create-bot.ts';
import { describeError, isPermanent } from './telegram-errors.ts';

/** The name the bot's notifications are delivered under (migration 0013 carried the older events over to it). */
const TELEGRAM_CONSUMER = 'telegram';
/**
 * The applicant's receipt is a consumer of its own: each delivery is recorded per consumer, so the
 * staff group's note and the applicant's receipt are each sent once, whichever one is retried.
 */
const RECEIPT_CONSUMER = 'telegram-receipt';
/** Shoppers' alerts are a consumer of their own, so a backlog of them never holds up an applicant's news. */
const ALERTS_CONSUMER = 'alerts';
/** A shopper's visit messages: reminders fall due by the dozen at opening hours, apart from applicants' news. */
const VISITS_CONSUMER = 'telegram-visits';
/** The staff group's line on a shopper's move or cancellation, apart, so a shopper who blocked the bot never keeps it from staff. */
const VISIT_STAFF_CONSUMER = 'telegram-visit-staff';

/** The bot's outbox consumers (decision 017), delivered through the bot's parts; the server's outbox worker registers each. */
export function telegramConsumers(parts: CarBot): OutboxConsumer[] {
  return [
    // The bot's notifications: what an outbox event means to the staff group, the applicant and a shopper with a trade-in.
    {
      name: TELEGRAM_CONSUMER,
      kinds: [
        'application.submitted',
        'application.status_changed',
        'application.adverse_action',
        'application.offer_sent',
        'trade_in.offer_sent',
        'trade_in.question_asked',
      ],
      // An applicant reads their status changes in the order they happened.
      concurrency: 1,
      deliver: (event) => parts.deliver(event),
      isPermanent,
      describeError,
    },
    // The applicant's receipt of a submission.
    {
      name: RECEIPT_CONSUMER,
      kinds: ['application.submitted'],
      deliver: (event) => parts.deliverReceipt(event),
      isPermanent,
      describeError,
    },
    // Shoppers' alerts on car events (docs/decisions/019-telegram-alerts.md).
    {
      name: ALERTS_CONSUMER,
      kinds: ['car.price_dropped', 'car.listing_changed', 'car.published'],
      // The daily limits count what was already sent: two events of one car at once would both pass them.
      concurrency: 1,
      async deliver(event) {
        if (event.kind === 'car.price_dropped' || event.kind === 'car.listing_changed' || event.kind === 'car.published')
          await parts.deliverAlerts(event);
      },
      // Refusals of one message are settled per shopper inside; what reaches here is worth retrying.
      isPermanent: () => false,
      describeError,
    },
    // A Telegram shopper's test drives and holds (docs/product/bot.md#visits).
    {
      name: VISITS_CONSUMER,
      kinds: ['visit.booked', 'visit.reminder', 'visit.changed', 'visit.car_gone'],
      async deliver(event) {
        if (
          event.kind === 'visit.booked' ||
          event.kind === 'visit.reminder' ||
          event.kind === 'visit.changed' ||
          event.kind === 'visit.car_gone'
        )
          await parts.deliverVisit(event);
      },
      isPermanent,
      describeError,
    },
    {
      name: VISIT_STAFF_CONSUMER,
      kinds: ['visit.changed'],
      async deliver(event) {
        if (event.kind === 'visit.changed') await parts.deliverVisitStaffNote(event);
      },
      isPermanent,
      describeError,
    },
  ];
}
