import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { useRetentionDue } from './api/get-retention-due.ts';
import { StatusBadge } from '../../components/staff/status-icon.tsx';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDate } from '../../lib/staff/format.ts';

/**
 * docs/product/retention.md#data-retention: the applications whose personal data the daily retention job
 * erases next, soonest first. A date already past means the job has not run since it fell due.
 */
export function ErasureDue() {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  const due = useRetentionDue();
  if (!due.data) return null;
  const { months, items } = due.data;
  return (
    <div className="card">
      <h3>{i18n._('Due for erasure next')}</h3>
      <p>{i18n._('Personal data is erased {months} months after the decision.', { months })}</p>
      {items.length === 0 ? (
        <p>{i18n._('No decided application is waiting for erasure.')}</p>
      ) : (
        <TableScroll label={i18n._('Due for erasure next')}>
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{i18n._('Application')}</th>
                <th scope="col">{i18n._('Status')}</th>
                <th scope="col">{i18n._('Decided')}</th>
                <th scope="col">{i18n._('Erased on')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.applicationId}>
                  <th scope="row">
                    <Link to={`/dashboard/users/${item.userId}`}>{i18n._('Application #{id}', { id: item.applicationId })}</Link>
                  </th>
                  <td>
                    <StatusBadge status={item.status} />
                  </td>
                  <td>{formatDate(item.decidedAt, i18n.locale, timeZone)}</td>
                  <td>{formatDate(item.dueAt, i18n.locale, timeZone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}
