import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './database.ts';

/**
 * The housekeeping jobs (expiry, retention) share this: a timer that runs one pass at a time, and
 * a pass made of short transactions that each take the job's advisory lock first, so across
 * instances one works at a time and the others go back to sleep.
 */

export interface JobTiming {
  /** The first run, a while after start (a restarted fleet does not wait a whole period). */
  firstRunMs: number;
  everyMs: number;
}

export interface ScheduledJob {
  /** Stops the timer and waits for a run in progress, which stops after its current batch. */
  close(): Promise<void>;
}

/**
 * Runs `run` `timing.firstRunMs` after start and then `timing.everyMs` after each run ends, one
 * run at a time; its signal aborts on close. A failed run is logged with `failure` and the next
 * run tries again, never crashing the process.
 */
export function startScheduledJob(
  timing: JobTiming,
  log: FastifyBaseLogger,
  failure: string,
  run: (signal: AbortSignal) => Promise<void>,
): ScheduledJob {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const runOnce = async () => {
    try {
      await run(stopping.signal);
    } catch (error) {
      log.error({ err: error }, failure);
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

export interface LockedBatches<T> {
  /** Takes the job's lock for the rest of the transaction if no other instance holds it (advisory-locks.ts). */
  tryLock: (trx: Db) => Promise<boolean>;
  /** Batches one run takes at most; a bigger backlog waits for the next run. */
  maxBatches: number;
  signal?: AbortSignal;
  /** One batch's work, inside the locked transaction. */
  batch: (trx: Db) => Promise<T>;
  /** Told each batch's result once it is committed; says whether there may be more to do. */
  committed: (result: T) => boolean;
}

/**
 * Runs batches, each its own transaction under the job's lock, until one says there is no more,
 * `maxBatches` are done or the signal aborts. Answers whether another instance held the lock, in
 * which case this run stopped there.
 */
export async function runLockedBatches<T>(db: Db, job: LockedBatches<T>): Promise<{ lockedOut: boolean }> {
  for (let batch = 0; batch < job.maxBatches && !job.signal?.aborted; batch++) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await job.tryLock(trx))) return { locked: false as const };
      return { locked: true as const, result: await job.batch(trx) };
    });
    if (!done.locked) return { lockedOut: true };
    if (!job.committed(done.result)) break;
  }
  return { lockedOut: false };
}
