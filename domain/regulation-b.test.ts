import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES } from './enums.ts';
import {
  REG_B_DECISION_STATUSES,
  REG_B_NOTICE_STATUS,
  regBClock,
  regBDaysLeft,
  regBDueAt,
  regBDueSoonBefore,
  regBOverdueBefore,
} from './regulation-b.ts';

const submitted = new Date('2026-06-15T12:00:00.000Z');

describe('the Regulation B clock', () => {
  it('makes the decision due 30 days after submission', () => {
    expect(regBDueAt(submitted).toISOString()).toBe('2026-07-15T12:00:00.000Z');
  });

  it('counts whole days left, rounding a part day up', () => {
    expect(regBDaysLeft(submitted, submitted)).toBe(30);
    expect(regBDaysLeft(submitted, new Date('2026-07-14T18:00:00.000Z'))).toBe(1);
    expect(regBDaysLeft(submitted, new Date('2026-07-15T12:00:00.000Z'))).toBe(0);
  });

  it('counts days overdue as negative once the due date has passed', () => {
    expect(regBDaysLeft(submitted, new Date('2026-07-17T12:00:00.000Z'))).toBe(-2);
  });

  it('calls an application overdue when it was submitted more than 30 days ago', () => {
    const now = new Date('2026-07-15T12:00:00.001Z');
    expect(submitted < regBOverdueBefore(now)).toBe(true);
    expect(submitted < regBOverdueBefore(regBDueAt(submitted))).toBe(false);
  });

  it('warns staff of a decision due within 5 days, before it is overdue', () => {
    const sixDaysLeft = new Date('2026-07-09T12:00:00.000Z');
    const fiveDaysLeft = new Date('2026-07-10T12:00:00.001Z');
    expect(submitted < regBDueSoonBefore(sixDaysLeft)).toBe(false);
    expect(submitted < regBDueSoonBefore(fiveDaysLeft)).toBe(true);
    expect(submitted < regBOverdueBefore(fiveDaysLeft)).toBe(false);
  });
});

describe('the Regulation B clock once a notice is sent', () => {
  it('stops at the notice: the days left are those the notice was sent with', () => {
    const noticeAt = new Date('2026-06-25T12:00:00.000Z');
    expect(regBDaysLeft(submitted, new Date('2026-08-01T12:00:00.000Z'), noticeAt)).toBe(20);
  });
});

describe('whether the Regulation B clock runs', () => {
  it('runs toward the decision while the application is in review, notice or not', () => {
    expect(regBClock('in_review', false)).toBe('awaiting_decision');
    expect(regBClock('in_review', true)).toBe('awaiting_decision');
  });

  it('runs for a rejection until its adverse-action notice is sent', () => {
    expect(regBClock('rejected', false)).toBe('awaiting_notice');
    expect(regBClock('rejected', true)).toBe('noticed');
  });

  it('stops for an approval and a withdrawal', () => {
    expect(regBClock('approved', false)).toBe('stopped');
    expect(regBClock('withdrawn', false)).toBe('stopped');
  });

  it('gives the database query the same statuses', () => {
    const runs = (status: (typeof APPLICATION_STATUSES)[number]) =>
      REG_B_DECISION_STATUSES.includes(status) || status === REG_B_NOTICE_STATUS;
    for (const status of APPLICATION_STATUSES)
      expect(runs(status)).toBe(['awaiting_decision', 'awaiting_notice'].includes(regBClock(status, false)));
    expect(REG_B_DECISION_STATUSES).toEqual(['in_review']);
  });
});
