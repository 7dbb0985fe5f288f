import {
  claimDueOutboxEvents,
  giveUpOutboxEvent,
  markOutboxDelivered,
  retryOutboxEventLater,
} from '../../server/src/outbox/outbox.repository.ts';
import type { Db } from '../../server/src/db/database.ts';
import type { BotLog } from './bot-deps.ts';
import type { Deliver } from './features/notifications.ts';
import { describeError, isPermanent } from './telegram-errors.ts';

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 10 * 60 * 1000;
/** Longer than any one delivery takes, so no other worker takes an event while it is being sent. */
const LEASE_SECONDS = 120;
export const OUTBOX_BATCH = 10;

/**
 * Issue 12: retries wait 1 s, doubling up to 10 minutes; after the 10-minute wait the event is
 * given up. `attempts` counts the attempt that just failed. Null means give up.
 */
export function retryDelayMs(attempts: number): number | null {
  const delay = FIRST_RETRY_MS * 2 ** (attempts - 1);
  if (delay <= LAST_RETRY_MS) return delay;
  const previous = FIRST_RETRY_MS * 2 ** (attempts - 2);
  return previous < LAST_RETRY_MS ? LAST_RETRY_MS : null;
}

/**
 * Claims the due outbox events and delivers each, at least once: marked delivered after Telegram
 * accepted it, retried later after a failure worth retrying, set aside after a permanent refusal
 * or the last retry. Answers how many were claimed (a full batch means more may be waiting).
 */
export async function deliverDueEvents(db: Db, deliver: Deliver, log: BotLog): Promise<number> {
  const events = await claimDueOutboxEvents(db, OUTBOX_BATCH, LEASE_SECONDS);
  for (const event of events) {
    const about = { eventId: event.id, kind: event.kind, attempts: event.attempts };
    try {
      await deliver(event);
      await markOutboxDelivered(db, event.id);
      log.debug(about, 'outbox event delivered');
    } catch (error) {
      const reason = describeError(error);
      const delay = isPermanent(error) ? null : retryDelayMs(event.attempts);
      if (delay === null) {
        await giveUpOutboxEvent(db, event.id, reason);
        log.error({ ...about, error: reason }, 'outbox event given up');
      } else {
        await retryOutboxEventLater(db, event.id, delay, reason);
        log.warn({ ...about, error: reason, retryInMs: delay }, 'outbox event not delivered; retrying later');
      }
    }
  }
  return events.length;
}
