import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { MetricsAnswer } from '../../../../domain/contracts/metrics.ts';

/** Adverse-action notices (docs/product/notices.md#adverse-action-notices): how many were sent, and the rejections still owed one. */
export function NoticesCard({ notices }: { notices: MetricsAnswer['adverseActionNotices'] }) {
  const { i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <div className={notices.due.some((due) => due.daysLeft < 0) ? 'card metrics__card metrics__card--alert' : 'card metrics__card'}>
      <h3>{i18n._('Adverse-action notices')}</h3>
      <p>{i18n._('Sent: {count}', { count: number.format(notices.sent) })}</p>
      <p>{i18n._('Due: {count}', { count: number.format(notices.due.length) })}</p>
      {notices.due.length > 0 ? (
        <ul>
          {notices.due.map((due) => (
            <li key={due.applicationId}>
              <Link to={`/dashboard/users/${due.userId}`}>{i18n._('Application #{id}', { id: due.applicationId })}</Link>{' '}
              {due.daysLeft < 0
                ? i18n._('Days overdue: {days}', { days: number.format(-due.daysLeft) })
                : i18n._('Days left: {days}', { days: number.format(due.daysLeft) })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
