import { awaitsDecision } from './application-status.ts';
import { REG_B_DAYS } from './constants.ts';
import { APPLICATION_STATUSES, type ApplicationStatus } from './enums.ts';

const DAY_MS = 86_400_000;

/** Staff are warned this many days before a Regulation B deadline (docs/product/submission.md#submission-and-statuses). */
export const REG_B_WARNING_DAYS = 5;

/** The day the applicant must have heard of the decision: REG_B_DAYS after submission. */
export const regBDueAt = (submittedAt: Date): Date => new Date(submittedAt.getTime() + REG_B_DAYS * DAY_MS);

/**
 * Whole days from `now` until the decision is due; negative once it has passed. An adverse-action
 * notice meets the deadline (12 CFR 1002.9(a)(1)), so the clock stops at `noticeAt` once one is sent.
 */
export const regBDaysLeft = (submittedAt: Date, now: Date, noticeAt: Date | null = null): number =>
  Math.ceil((regBDueAt(submittedAt).getTime() - (noticeAt !== null && noticeAt < now ? noticeAt : now).getTime()) / DAY_MS);

/**
 * Whether an application's clock runs: it owes the applicant word of the decision. It runs toward the
 * decision while the application awaits one (REG_B_DECISION_STATUSES); a rejection owes an
 * adverse-action notice (REG_B_NOTICE_STATUS), which meets the deadline (12 CFR 1002.9(a)(1)), so
 * its clock runs until the notice is sent. An approval tells the applicant itself, and a withdrawal
 * needs no word at all (docs/product/submission.md#submission-and-statuses).
 */
export type RegBClock = 'awaiting_decision' | 'awaiting_notice' | 'noticed' | 'stopped';

export const REG_B_DECISION_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter(awaitsDecision);
export const REG_B_NOTICE_STATUS = 'rejected' satisfies ApplicationStatus;

export function regBClock(status: ApplicationStatus, noticeSent: boolean): RegBClock {
  if (REG_B_DECISION_STATUSES.includes(status)) return 'awaiting_decision';
  if (status === REG_B_NOTICE_STATUS) return noticeSent ? 'noticed' : 'awaiting_notice';
  return 'stopped';
}

/** Applications submitted before this instant whose clock still runs (regBClock; awaitsDecisionNotice in server/src/adverse-action/adverse-action.repository.ts) are past the Regulation B deadline at `now`. */
export const regBOverdueBefore = (now: Date): Date => new Date(now.getTime() - REG_B_DAYS * DAY_MS);

/**
 * Applications submitted before this instant (and not before regBOverdueBefore) whose clock still
 * runs are due within the warning days at `now`.
 */
export const regBDueSoonBefore = (now: Date): Date => new Date(now.getTime() - (REG_B_DAYS - REG_B_WARNING_DAYS) * DAY_MS);
