import { useLingui } from '@lingui/react';
import type { ApplicationStatus } from '../../../../../domain/enums.ts';
import { formatDate } from '../format.ts';

/**
 * Regulation B: a decision within 30 days of a completed application. Overdue shows in red until
 * the application is decided; a decided one shows only when it was due.
 */
export function RegBClock({ dueAt, daysLeft, status }: { dueAt: string; daysLeft: number; status: ApplicationStatus }) {
  const { i18n } = useLingui();
  const date = formatDate(dueAt, i18n.locale);
  if (status !== 'in_review') return <p className="reg-b">{i18n._('Decision was due by {date} (Regulation B).', { date })}</p>;
  const overdue = daysLeft < 0;
  return (
    <p className={overdue ? 'reg-b reg-b--overdue' : 'reg-b'} role={overdue ? 'alert' : undefined}>
      {overdue
        ? i18n._('Decision was due by {date} ({days, plural, one {# day overdue} other {# days overdue}}).', { date, days: -daysLeft })
        : i18n._('Decision due by {date} ({days, plural, one {# day left} other {# days left}}).', { date, days: daysLeft })}
    </p>
  );
}
