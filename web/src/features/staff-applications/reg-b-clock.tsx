import { useLingui } from '@lingui/react';
import type { StaffStatusChange } from '../../../../domain/contracts/applications.ts';
import type { ApplicationStatus } from '../../../../domain/enums.ts';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatMoment } from '../../../../domain/date-time.ts';
import { regBClock } from '../../../../domain/regulation-b.ts';
import { formatDate } from '../../lib/staff/format.ts';

interface RegBClockProps {
  dueAt: string;
  daysLeft: number;
  status: ApplicationStatus;
  /** The status history, oldest first: its last change is the decision of a decided application. */
  history: readonly StaffStatusChange[];
  /** When the rejection's adverse-action notice was issued: it meets the deadline and stops the clock. */
  noticeAt: string | null;
}

/**
 * Regulation B: a decision within 30 days of a completed application. Overdue shows in red until
 * the application is decided; a decided one says when it was decided, and that it was late only
 * when it was.
 */
export function RegBClock({ dueAt, daysLeft, status, history, noticeAt }: RegBClockProps) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  // To the minute and with its zone, as the applicant's status page writes the same deadline.
  const date = formatMoment(dueAt, i18n.locale, timeZone, 'dateTime');
  const clock = regBClock(status, noticeAt !== null);
  if (clock === 'noticed' && noticeAt !== null) {
    const sent = formatDate(noticeAt, i18n.locale, timeZone);
    return (
      <p className={Date.parse(noticeAt) > Date.parse(dueAt) ? 'reg-b reg-b--overdue' : 'reg-b'}>
        {i18n._('Notice sent on {sent} (Regulation B deadline {date}).', { sent, date })}
      </p>
    );
  }
  if (clock !== 'awaiting_decision') {
    const decidedAt = history.findLast((change) => change.status === status)?.at;
    if (decidedAt === undefined) return null;
    const decided = formatDate(decidedAt, i18n.locale, timeZone);
    // docs/product/submission.md#submission-and-statuses: a withdrawal ends the clock with no decision to notify.
    if (status === 'withdrawn') {
      return (
        <p className="reg-b">
          {i18n._('Withdrawn by the applicant on {decided}: no decision or adverse-action notice is due.', { decided })}
        </p>
      );
    }
    return Date.parse(decidedAt) > Date.parse(dueAt) ? (
      <p className="reg-b reg-b--overdue">
        {i18n._('Decided on {decided}, after the decision was due by {date} (Regulation B).', { decided, date })}
      </p>
    ) : (
      <p className="reg-b">{i18n._('Decided on {decided}, within the Regulation B deadline ({date}).', { decided, date })}</p>
    );
  }
  const overdue = daysLeft < 0;
  return (
    <p className={overdue ? 'reg-b reg-b--overdue' : 'reg-b'} role={overdue ? 'alert' : undefined}>
      {overdue
        ? i18n._('Decision was due by {date} ({days, plural, one {# day overdue} other {# days overdue}}).', { date, days: -daysLeft })
        : i18n._('Decision due by {date} ({days, plural, one {# day left} other {# days left}}).', { date, days: daysLeft })}
    </p>
  );
}
