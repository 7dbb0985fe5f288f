import type { FastifyBaseLogger } from 'fastify';
import { UNATTACHED_DOCUMENT_DAYS } from '../applications/documents.service.ts';
import { deleteAbandonedDrafts } from '../applications/drafts.repository.ts';
import { tryLockExpiryJob } from '../db/advisory-locks.ts';
import type { Db } from '../db/database.ts';
import { runLockedBatches, startScheduledJob, type JobTiming, type ScheduledJob } from '../db/scheduled-job.ts';
import { expireLapsedTradeIns } from '../trade-ins/trade-in-appraisals.repository.ts';
import { deleteIdleGuests } from '../users/guests.repository.ts';

/** GUEST_RETENTION_DAYS and DRAFT_RETENTION_DAYS. */
export interface RetentionDays {
  guestDays: number;
  draftDays: number;
}

export interface ExpiryRun {
  guests: number;
  drafts: number;
  /** Offered trade-ins whose open offer lapsed, now written expired. */
  tradeIns: number;
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
 * in batches; and offered trade-ins whose open offer lapsed are written expired, as their viewers
 * already see them (docs/product/trade-ins.md). Each batch is a transaction that first takes the job's advisory lock without
 * waiting, so across instances one works at a time and the others go back to sleep; drafts go
 * first, so a guest whose only draft expired can go in the same pass.
 */
export async function expireIdleGuestsAndDrafts(db: Db, days: RetentionDays, signal?: AbortSignal): Promise<ExpiryRun> {
  let guests = 0;
  let drafts = 0;
  let tradeIns = 0;
  const { lockedOut } = await runLockedBatches(db, {
    tryLock: tryLockExpiryJob,
    maxBatches: MAX_BATCHES,
    signal,
    batch: async (trx) => ({
      drafts: await deleteAbandonedDrafts(trx, days.draftDays, BATCH),
      guests: await deleteIdleGuests(trx, days.guestDays, UNATTACHED_DOCUMENT_DAYS, BATCH),
      tradeIns: (await expireLapsedTradeIns(trx, BATCH)).length,
    }),
    committed: (done) => {
      drafts += done.drafts;
      guests += done.guests;
      tradeIns += done.tradeIns;
      return done.drafts >= BATCH || done.guests >= BATCH || done.tradeIns >= BATCH;
    },
  });
  return { guests, drafts, tradeIns, lockedOut };
}

const HOURLY: JobTiming = { firstRunMs: 60_000, everyMs: 60 * 60_000 };

/**
 * Runs expiry shortly after start and then every hour, one run at a time. A run logs how many
 * guests and drafts it removed; a failure is logged and the next run tries again, never
 * crashing the process.
 */
export function startExpiryJob(db: Db, days: RetentionDays, log: FastifyBaseLogger, timing: JobTiming = HOURLY): ScheduledJob {
  return startScheduledJob(timing, log, 'expiring idle guests and abandoned drafts failed; the next run tries again', async (signal) => {
    const run = await expireIdleGuestsAndDrafts(db, days, signal);
    const removed = { expiredGuests: run.guests, expiredDrafts: run.drafts, expiredTradeIns: run.tradeIns, lockedOut: run.lockedOut };
    if (run.guests + run.drafts + run.tradeIns > 0) log.info(removed, 'expired idle guests and abandoned drafts');
    else log.debug(removed, 'nothing to expire');
  });
}
