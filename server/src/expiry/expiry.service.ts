import type { FastifyBaseLogger } from 'fastify';
import { UNATTACHED_DOCUMENT_DAYS } from '../applications/documents.service.ts';
import { deleteAbandonedDrafts } from '../applications/drafts.repository.ts';
import { tryLockExpiryJob } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import { deleteIdleGuests } from '../users/guests.repository.ts';

/** GUEST_RETENTION_DAYS and DRAFT_RETENTION_DAYS. */
export interface RetentionDays {
  guestDays: number;
  draftDays: number;
}

export interface ExpiryRun {
  guests: number;
  drafts: number;
  /** Another instance held the job's lock, so this run stopped there (its counts say what it did before). */
  lockedOut: boolean;
}

/** Rows of each kind one batch deletes: one short transaction, whatever the backlog. */
const BATCH = 500;
/** Batches one run takes at most; a bigger backlog waits for the next run. */
const MAX_BATCHES = 20;

/**
 * One pass of expiry (docs/decisions/011-guest-costs-and-merges.md): drafts nobody saved for
 * DRAFT_RETENTION_DAYS, then guests unseen for GUEST_RETENTION_DAYS that hold nothing of value,
 * in batches. Each batch is a transaction that first takes the job's advisory lock without
 * waiting, so across instances one works at a time and the others go back to sleep; drafts go
 * first, so a guest whose only draft expired can go in the same pass.
 */
export async function expireIdleGuestsAndDrafts(db: Db, days: RetentionDays, signal?: AbortSignal): Promise<ExpiryRun> {
  const run: ExpiryRun = { guests: 0, drafts: 0, lockedOut: false };
  for (let batch = 0; batch < MAX_BATCHES && !signal?.aborted; batch++) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await tryLockExpiryJob(trx))) return undefined;
      const drafts = await deleteAbandonedDrafts(trx, days.draftDays, BATCH);
      const guests = await deleteIdleGuests(trx, days.guestDays, UNATTACHED_DOCUMENT_DAYS, BATCH);
      return { drafts, guests };
    });
    if (!done) return { ...run, lockedOut: true };
    run.drafts += done.drafts;
    run.guests += done.guests;
    if (done.drafts < BATCH && done.guests < BATCH) break;
  }
  return run;
}

export interface ExpiryTiming {
  /** The first run, shortly after start (a restarted fleet does not wait an hour). */
  firstRunMs: number;
  everyMs: number;
}

const HOURLY: ExpiryTiming = { firstRunMs: 60_000, everyMs: 60 * 60_000 };

export interface ExpiryJob {
  /** Stops the timer and waits for a run in progress, which stops after its current batch. */
  close(): Promise<void>;
}

/**
 * Runs expiry shortly after start and then every hour, one run at a time. A run logs how many
 * guests and drafts it removed; a failure is logged and the next run tries again, never
 * crashing the process.
 */
export function startExpiryJob(db: Db, days: RetentionDays, log: FastifyBaseLogger, timing: ExpiryTiming = HOURLY): ExpiryJob {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runOnce = async () => {
    try {
      const run = await expireIdleGuestsAndDrafts(db, days, stopping.signal);
      const removed = { expiredGuests: run.guests, expiredDrafts: run.drafts, lockedOut: run.lockedOut };
      if (run.guests + run.drafts > 0) log.info(removed, 'expired idle guests and abandoned drafts');
      else log.debug(removed, 'nothing to expire');
    } catch (error) {
      log.error({ err: error }, 'expiring idle guests and abandoned drafts failed; the next run tries again');
    }
  };
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = undefined;
        if (!stopping.signal.aborted) schedule(timing.everyMs);
      });
    }, ms);
    // A pending run never keeps the process alive.
    timer.unref();
  };
  schedule(timing.firstRunMs);

  return {
    async close() {
      stopping.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
