import type { FastifyBaseLogger } from 'fastify';
import type { RetentionDueAnswer } from '../../../domain/contracts/retention.ts';
import { erasureDueAt, erasureDueBefore } from '../../../domain/retention.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { tryLockRetentionJob } from '../db/advisory-locks.ts';
import { expireIdleGuestsAndDrafts, type ExpiryRun, type RetentionDays } from '../expiry/expiry.service.ts';
import type { Db } from '../db/database.ts';
import { runLockedBatches, startScheduledJob, type JobTiming, type ScheduledJob } from '../db/scheduled-job.ts';
import { eraseApplications } from '../applications/applications.repository.ts';
import { deleteBlobsNoPhotoNames } from '../media/media.repository.ts';
import { TRADE_IN_RETENTION_DAYS } from '../../../domain/trade-ins/trade-in.schema.ts';
import { deleteStaleTradeIns, eraseAcceptedTradeInDetails } from '../trade-ins/trade-ins.repository.ts';
import { VISIT_CONTACT_RETENTION_DAYS } from '../../../domain/visits/visit-rules.ts';
import { eraseEndedVisitContacts } from '../visits/visits.repository.ts';
import { listErasureCandidates } from './retention.repository.ts';

export interface RetentionRun {
  /** The applications whose personal data this run erased. */
  erased: number[];
  /** Another instance held the job's lock, so this run stopped there (`erased` says what it did before). */
  lockedOut: boolean;
}

/** Applications one batch erases: one short transaction, whatever the backlog. */
const BATCH = 100;
/** Batches one run takes at most; a bigger backlog waits for the next run. */
const MAX_BATCHES = 20;

/**
 * One pass of retention (docs/product/retention.md#data-retention): the personal data of applications
 * decided more than `months` ago is erased, a batch at a time, each erase audited with no actor.
 * Each batch is a transaction that first takes the job's advisory lock without waiting, so across
 * instances one works at a time and an application is erased once. The same pass erases the payoff
 * and notes of the applicant's accepted trade-in (docs/product/trade-ins.md#data-that-leaves).
 * Abandoned drafts and trade-ins never completed are `runRetention`'s other parts.
 */
export async function erasePersonalDataDue(db: Db, months: number, now = new Date(), signal?: AbortSignal): Promise<RetentionRun> {
  const erased: number[] = [];
  const decidedBefore = erasureDueBefore(now, months);
  const { lockedOut } = await runLockedBatches(db, {
    tryLock: tryLockRetentionJob,
    maxBatches: MAX_BATCHES,
    signal,
    batch: async (trx) => {
      const due = await listErasureCandidates(trx, BATCH, decidedBefore);
      const ids = await eraseApplications(
        trx,
        due.map((candidate) => candidate.applicationId),
      );
      await eraseAcceptedTradeInDetails(
        trx,
        due.filter((candidate) => ids.includes(candidate.applicationId)).map((candidate) => candidate.userId),
      );
      for (const id of ids) {
        await recordAudit(trx, {
          actorUserId: null,
          action: 'application.erased',
          entity: 'application',
          entityId: id,
          details: { job: 'retention', months },
        });
      }
      return { ids, full: due.length === BATCH };
    },
    committed: (batch) => {
      erased.push(...batch.ids);
      return batch.full;
    },
  });
  return { erased, lockedOut };
}

/** Trade-ins one batch deletes. */
const TRADE_IN_BATCH = 200;

/**
 * Trade-ins never completed (any status but accepted) are deleted TRADE_IN_RETENTION_DAYS after
 * their last change (docs/product/trade-ins.md#data-that-leaves), with their photos, offers and
 * thread, and the stored photo files nothing else names; answers how many went.
 */
export async function deleteTradeInsDue(db: Db, signal?: AbortSignal): Promise<{ deleted: number; lockedOut: boolean }> {
  let deleted = 0;
  const { lockedOut } = await runLockedBatches(db, {
    tryLock: tryLockRetentionJob,
    maxBatches: MAX_BATCHES,
    signal,
    batch: async (trx) => {
      const done = await deleteStaleTradeIns(trx, TRADE_IN_RETENTION_DAYS, TRADE_IN_BATCH);
      await deleteBlobsNoPhotoNames(trx, done.blobs.hashes, done.blobs.addedUntil);
      return done.deleted;
    },
    committed: (count) => {
      deleted += count;
      return count === TRADE_IN_BATCH;
    },
  });
  return { deleted, lockedOut };
}

/** Visits one batch erases the contact details of. */
const VISIT_BATCH = 500;
const DAY_MS = 24 * 60 * 60_000;

/**
 * The name, phone, email and note of visits that ended more than VISIT_CONTACT_RETENTION_DAYS ago
 * are erased (docs/product/visits.md#staff-api-metrics-and-leads); answers how many visits' details went.
 */
export async function eraseVisitContactsDue(
  db: Db,
  now = new Date(),
  signal?: AbortSignal,
): Promise<{ erased: number; lockedOut: boolean }> {
  const endedBefore = new Date(now.getTime() - VISIT_CONTACT_RETENTION_DAYS * DAY_MS);
  let erased = 0;
  const { lockedOut } = await runLockedBatches(db, {
    tryLock: tryLockRetentionJob,
    maxBatches: MAX_BATCHES,
    signal,
    batch: (trx) => eraseEndedVisitContacts(trx, endedBefore, VISIT_BATCH),
    committed: (count) => {
      erased += count;
      return count === VISIT_BATCH;
    },
  });
  return { erased, lockedOut };
}

/** How many of the next erasures GET /api/retention/due lists. */
const DUE_LIST_LIMIT = 20;

/** GET /api/retention/due: the applications whose personal data goes next, with when. */
export async function listErasuresDue(db: Db, months: number): Promise<RetentionDueAnswer> {
  const candidates = await listErasureCandidates(db, DUE_LIST_LIMIT);
  return {
    months,
    items: candidates.map(({ applicationId, userId, status, decidedAt }) => ({
      applicationId,
      userId,
      status,
      decidedAt: decidedAt.toISOString(),
      dueAt: erasureDueAt(decidedAt, months).toISOString(),
    })),
  };
}

/** What the retention job keeps: RETENTION_MONTHS for decided applications, and the days of GUEST_RETENTION_DAYS and DRAFT_RETENTION_DAYS. */
export interface RetentionPolicy extends RetentionDays {
  months: number;
}

export interface RetentionPass {
  expired: ExpiryRun;
  erasure: RetentionRun;
  /** Trade-ins never completed that this run deleted. */
  tradeIns: { deleted: number; lockedOut: boolean };
  /** Visits whose contact details this run erased. */
  visits: { erased: number; lockedOut: boolean };
}

/**
 * One run of the retention job, all of its work (docs/product/retention.md#privacy-and-retention): drafts
 * nobody saved and idle guests are deleted (the hourly expiry pass, so a daily or by-hand run
 * leaves none behind), then the personal data of applications decided long ago is erased, then
 * trade-ins never completed are deleted, then the contact details of visits long over are erased.
 * The daily job and `npm run retention` both run this.
 */
export async function runRetention(db: Db, policy: RetentionPolicy, now = new Date(), signal?: AbortSignal): Promise<RetentionPass> {
  const expired = await expireIdleGuestsAndDrafts(db, policy, signal);
  const erasure = await erasePersonalDataDue(db, policy.months, now, signal);
  const tradeIns = await deleteTradeInsDue(db, signal);
  const visits = await eraseVisitContactsDue(db, now, signal);
  return { expired, erasure, tradeIns, visits };
}

const DAILY: JobTiming = { firstRunMs: 5 * 60_000, everyMs: 24 * 60 * 60_000 };

/**
 * Runs retention a few minutes after start and then once a day, one run at a time. A run logs what
 * it deleted and erased; a failure is logged and the next run tries again, never crashing the process.
 */
export function startRetentionJob(db: Db, policy: RetentionPolicy, log: FastifyBaseLogger, timing: JobTiming = DAILY): ScheduledJob {
  return startScheduledJob(
    timing,
    log,
    'erasing personal data due under the retention policy failed; the next run tries again',
    async (signal) => {
      const { expired, erasure, tradeIns, visits } = await runRetention(db, policy, new Date(), signal);
      const summary = {
        erasedApplications: erasure.erased,
        expiredDrafts: expired.drafts,
        expiredGuests: expired.guests,
        deletedTradeIns: tradeIns.deleted,
        erasedVisitContacts: visits.erased,
        lockedOut: erasure.lockedOut || expired.lockedOut || tradeIns.lockedOut || visits.lockedOut,
      };
      if (erasure.erased.length + expired.drafts + expired.guests + tradeIns.deleted + visits.erased > 0)
        log.info(summary, 'retention deleted or erased data due');
      else log.debug(summary, 'no data due under the retention policy');
    },
  );
}
