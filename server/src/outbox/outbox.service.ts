import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxConsumer } from '../../../domain/contracts/outbox.ts';
import type { Db } from '../db/database.ts';
import {
  claimDueDeliveries,
  giveUpDelivery,
  markDelivered,
  retryDeliveryLater,
  subscribeConsumer,
  type ClaimedDelivery,
} from './outbox.repository.ts';

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 10 * 60 * 1000;
/** Longer than any one delivery takes, so no other worker takes a delivery while it is being sent. */
const LEASE_SECONDS = 120;
export const OUTBOX_BATCH = 10;

/**
 * Retries wait 1 s, doubling up to 10 minutes; after the 10-minute wait the delivery is given up
 * (decision 009). `attempts` counts the attempt that just failed. Null means give up.
 */
export function retryDelayMs(attempts: number): number | null {
  const delay = FIRST_RETRY_MS * 2 ** (attempts - 1);
  if (delay <= LAST_RETRY_MS) return delay;
  const previous = FIRST_RETRY_MS * 2 ** (attempts - 2);
  return previous < LAST_RETRY_MS ? LAST_RETRY_MS : null;
}

/**
 * A schedule that waits `firstMs`, doubling up to `maxMs`, and gives up once the waits so far
 * would pass `giveUpAfterMs` since the first attempt. Computed from the attempt count alone, so it
 * holds across restarts and instances. For a consumer's `retryDelayMs`.
 */
export function cappedBackoff({ firstMs, maxMs, giveUpAfterMs }: { firstMs: number; maxMs: number; giveUpAfterMs: number }) {
  const wait = (attempt: number) => Math.min(maxMs, firstMs * 2 ** (attempt - 1));
  return (attempts: number): number | null => {
    let waited = 0;
    for (let attempt = 1; attempt <= attempts; attempt++) waited += wait(attempt);
    return waited <= giveUpAfterMs ? wait(attempts) : null;
  };
}

export interface OutboxWorkerOptions {
  /** How often due deliveries are looked for. */
  tickMs?: number;
}

/** The server's outbox worker (decision 017): one per process, whatever BOT_MODE is. */
export interface OutboxWorker {
  /** Subscribes the consumer to its kinds (events written from now on get a delivery for it) and delivers its due ones from the next tick. */
  register(consumer: OutboxConsumer): Promise<void>;
  /** Delivers everything due now for the registered consumers (tests; the timer does the same every tick). */
  tick(): Promise<void>;
  /** Stops the timer; a delivery in progress finishes first. */
  close(): Promise<void>;
}

/**
 * Claims due deliveries of the registered consumers and hands each to its consumer, at least
 * once: marked delivered when the consumer returns, retried later after a failure worth retrying,
 * given up after a permanent refusal or the last retry. Consumers never wait for one another: each
 * delivery has its own attempts and schedule. A failing tick (the database is down) is logged once
 * per kind of failure and tried again at the next.
 */
export function startOutboxWorker(db: Db, log: FastifyBaseLogger, { tickMs = 1000 }: OutboxWorkerOptions = {}): OutboxWorker {
  const consumers = new Map<string, OutboxConsumer>();
  const stopping = new AbortController();
  const closed = () => stopping.signal.aborted;

  async function deliverOne(delivery: ClaimedDelivery) {
    const consumer = consumers.get(delivery.consumer)!;
    const key = { eventId: delivery.id, consumer: delivery.consumer };
    const about = { eventId: delivery.id, kind: delivery.kind, consumer: delivery.consumer, attempts: delivery.attempts };
    try {
      await consumer.deliver(delivery);
      await markDelivered(db, key);
      log.debug(about, 'outbox event delivered');
    } catch (error) {
      const reason = consumer.describeError(error);
      const scheduled = consumer.isPermanent(error) ? null : (consumer.retryDelayMs ?? retryDelayMs)(delivery.attempts);
      const delay = scheduled === null ? null : (consumer.retryAfterMs?.(error) ?? scheduled);
      if (delay === null) {
        await giveUpDelivery(db, key, reason);
        log.error({ ...about, error: reason }, 'outbox event given up');
      } else {
        await retryDeliveryLater(db, key, delay, reason);
        log.warn({ ...about, error: reason, retryInMs: delay }, 'outbox event not delivered; retrying later');
      }
    }
  }

  /** Answers how many were claimed: a full batch means more may be waiting. */
  async function deliverDue(): Promise<number> {
    const due = await claimDueDeliveries(db, [...consumers.keys()], OUTBOX_BATCH, LEASE_SECONDS);
    for (const delivery of due) await deliverOne(delivery);
    return due.length;
  }

  let lastTickError: string | undefined;
  async function tick() {
    try {
      while ((await deliverDue()) === OUTBOX_BATCH && !closed());
      lastTickError = undefined;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (reason !== lastTickError) log.warn({ error: reason }, 'outbox delivery failed; retrying');
      lastTickError = reason;
    }
  }

  const ticking = (async () => {
    while (!closed()) {
      await tick();
      await sleep(tickMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    async register(consumer) {
      await subscribeConsumer(db, consumer.name, consumer.kinds);
      consumers.set(consumer.name, consumer);
    },
    tick,
    async close() {
      stopping.abort();
      await ticking;
    },
  };
}
