import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { LenderDelivery } from '../../../domain/contracts/applications.ts';
import type { OutboxConsumer, OutboxKind } from '../../../domain/contracts/outbox.ts';
import type { Db } from '../db/database.ts';
import {
  claimDueDeliveries,
  findApplicationDelivery,
  giveUpDelivery,
  isSubscribed,
  markDelivered,
  retryDeliveryLater,
  subscribeConsumer,
  type ClaimedDelivery,
} from './outbox.repository.ts';

/**
 * How the delivery to `consumer` of the latest `kind` event about the application stands (the
 * staff view's lender hand-off, README, Lender); the latest delivery when there are several.
 */
export async function applicationDeliveryState(db: Db, consumer: string, kind: OutboxKind, applicationId: number): Promise<LenderDelivery> {
  const row = await findApplicationDelivery(db, consumer, kind, applicationId);
  if (!row) return { state: (await isSubscribed(db, consumer, kind)) ? 'not_sent' : 'not_configured' };
  const { attempts, last_error: lastError } = row;
  if (row.delivered_at) return { state: 'sent', attempts, at: row.delivered_at.toISOString() };
  if (row.failed_at) return { state: 'failed', attempts, lastError, at: row.failed_at.toISOString() };
  if (attempts === 0) return { state: 'queued' };
  return { state: 'retrying', attempts, lastError, nextAttemptAt: row.next_attempt_at.toISOString() };
}

const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 10 * 60 * 1000;
/** Longer than any one delivery takes, so no other worker takes a delivery while it is being sent. */
const LEASE_SECONDS = 120;

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
  /** How many deliveries of one consumer are sent at once (OUTBOX_CONCURRENCY); each consumer has its own. */
  concurrency?: number;
}

/** The server's outbox worker (decision 017): one per process, whatever BOT_MODE is. */
export interface OutboxWorker {
  /** Subscribes the consumer to its kinds (events written from now on get a delivery for it) and delivers its due ones from the next tick. */
  register(consumer: OutboxConsumer): Promise<void>;
  /** Delivers everything due now for the registered consumers (tests; the timer does the same every tick). */
  tick(): Promise<void>;
  /** Stops claiming, cancels the deliveries in flight (each is tried again later) and waits for them to be recorded. */
  close(): Promise<void>;
}

/** One consumer's own claim-and-deliver loop: it claims only that consumer's deliveries, at most `concurrency` at once. */
interface Lane {
  consumer: OutboxConsumer;
  /** The drain under way, if any; the timer starts one only when none is. */
  running?: Promise<void>;
}

/**
 * Claims due deliveries of the registered consumers and hands each to its consumer, at least
 * once: marked delivered when the consumer returns, retried later after a failure worth retrying,
 * given up after a permanent refusal or the last retry. Consumers never wait for one another
 * (decision 017): each has its own loop, claiming its own deliveries with their own leases, so a
 * lender that hangs until its timeout holds up only the lender's deliveries, and those only once
 * `concurrency` of them are in flight. A failing claim (the database is down) is logged once per
 * kind of failure and tried again at the next tick.
 */
export function startOutboxWorker(
  db: Db,
  log: FastifyBaseLogger,
  { tickMs = 1000, concurrency = 4 }: OutboxWorkerOptions = {},
): OutboxWorker {
  const lanes = new Map<string, Lane>();
  const stopping = new AbortController();
  const closed = () => stopping.signal.aborted;

  let lastError: string | undefined;
  function reportFailure(error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    if (reason !== lastError) log.warn({ error: reason }, 'outbox delivery failed; retrying');
    lastError = reason;
  }

  async function deliverOne(consumer: OutboxConsumer, delivery: ClaimedDelivery) {
    const key = { eventId: delivery.id, consumer: delivery.consumer };
    const about = { eventId: delivery.id, kind: delivery.kind, consumer: delivery.consumer, attempts: delivery.attempts };
    try {
      await consumer.deliver(delivery, stopping.signal);
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

  /**
   * Keeps up to `concurrency` of the lane's due deliveries in flight, claiming again as each
   * finishes, until none is due and none is in flight.
   */
  async function drain(lane: Lane) {
    const inFlight = new Set<Promise<void>>();
    try {
      while (!closed()) {
        const free = (lane.consumer.concurrency ?? concurrency) - inFlight.size;
        const due = free > 0 ? await claimDueDeliveries(db, [lane.consumer.name], free, LEASE_SECONDS) : [];
        for (const delivery of due) {
          const sending: Promise<void> = deliverOne(lane.consumer, delivery)
            .catch(reportFailure)
            .finally(() => inFlight.delete(sending));
          inFlight.add(sending);
        }
        if (free > 0 && due.length === free) continue;
        if (inFlight.size === 0) break;
        await Promise.race(inFlight);
      }
      lastError = undefined;
    } catch (error) {
      reportFailure(error);
    } finally {
      await Promise.all(inFlight);
    }
  }

  function start(lane: Lane): Promise<void> {
    lane.running ??= drain(lane).finally(() => (lane.running = undefined));
    return lane.running;
  }

  const ticking = (async () => {
    while (!closed()) {
      for (const lane of lanes.values()) void start(lane);
      await sleep(tickMs, undefined, { signal: stopping.signal }).catch(() => undefined);
    }
  })();

  return {
    async register(consumer) {
      await subscribeConsumer(db, consumer.name, consumer.kinds);
      lanes.set(consumer.name, { consumer });
    },
    async tick() {
      await Promise.all(
        [...lanes.values()].map(async (lane) => {
          await lane.running;
          await start(lane);
        }),
      );
    },
    async close() {
      stopping.abort();
      await ticking;
      for (const lane of lanes.values()) await lane.running;
    },
  };
}
