import { REG_B_DAYS } from './constants.ts';

const DAY_MS = 86_400_000;

/** Staff are warned this many days before a Regulation B deadline (docs/product.md#submission-and-statuses). */
export const REG_B_WARNING_DAYS = 5;

/** The day the applicant must have heard of the decision: REG_B_DAYS after submission. */
export const regBDueAt = (submittedAt: Date): Date => new Date(submittedAt.getTime() + REG_B_DAYS * DAY_MS);

/**
 * Whole days from `now` until the decision is due; negative once it has passed. An adverse-action
 * notice meets the deadline (12 CFR 1002.9(a)(1)), so the clock stops at `noticeAt` once one is sent.
 */
export const regBDaysLeft = (submittedAt: Date, now: Date, noticeAt: Date | null = null): number =>
  Math.ceil((regBDueAt(submittedAt).getTime() - (noticeAt !== null && noticeAt < now ? noticeAt : now).getTime()) / DAY_MS);

/** Applications submitted before this instant whose clock still runs (in review, or rejected without its adverse-action notice: awaitsDecisionNotice in server/src/adverse-action/adverse-action.repository.ts) are past the Regulation B deadline at `now`. */
export const regBOverdueBefore = (now: Date): Date => new Date(now.getTime() - REG_B_DAYS * DAY_MS);

/**
 * Applications submitted before this instant (and not before regBOverdueBefore) whose clock still
 * runs are due within the warning days at `now`.
 */
export const regBDueSoonBefore = (now: Date): Date => new Date(now.getTime() - (REG_B_DAYS - REG_B_WARNING_DAYS) * DAY_MS);
