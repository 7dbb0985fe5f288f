import { useLingui } from '@lingui/react';
import { Spinner } from '@telegram-apps/telegram-ui';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import type { MetricRow } from '../../../../domain/contracts/metrics.ts';
import { APPLICATION_STATUSES } from '../../../../domain/enums.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useMetrics } from './api/get-metrics.ts';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { StatusBadge } from '../../components/staff/status-icon.tsx';
import { formatDate, formatDateTime } from '../../lib/staff/format.ts';
import { FirstResponseCard } from './first-response-card.tsx';

import { ErasureDue } from './erasure-due.tsx';
import { NoticesCard } from './notices-card.tsx';

// uPlot stays out of the page's first paint: the figures show while the chart downloads.
const DailyChart = lazy(() => import('./daily-chart.tsx'));

const PERCENT_METRIC = '% Users Who Submitted Application After Viewing';

function formatValue(row: MetricRow, locale: string): string {
  if (typeof row.value === 'string') return row.value;
  if (row.metric === PERCENT_METRIC) return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(row.value) + ' %';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(row.value);
}

/** Metrics (docs/product/staff-dashboard.md#metrics): the table, the daily chart, applications by status and the Reg B clock. */
export default function MetricsPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Metrics'));
  const metrics = useMetrics();
  if (metrics.isPending) return <ListLoading />;
  if (metrics.isError) return <ListError error={metrics.error} onRetry={() => void metrics.refetch()} />;
  const { rows, applicationsByStatus, regB, daily, firstResponse, timeZone, generatedAt } = metrics.data;
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <section aria-labelledby="metrics-title" className="metrics">
      <h2 id="metrics-title">{i18n._('Metrics')}</h2>
      <p className="metrics__note">
        {i18n._('As of {time}, days counted in {zone}.', { time: formatDateTime(generatedAt, i18n.locale, timeZone), zone: timeZone })}
      </p>
      <div className="metrics__cards">
        <div className={regB.overdue > 0 ? 'card metrics__card metrics__card--alert' : 'card metrics__card'}>
          <h3>{i18n._('Decisions overdue (Regulation B)')}</h3>
          <p className="metrics__big">{number.format(regB.overdue)}</p>
          <Link to="/dashboard?regBOverdue=true">{i18n._('Show these applicants')}</Link>
          <p>{i18n._('Due within 5 days: {count}', { count: number.format(regB.dueSoon) })}</p>
        </div>
        <NoticesCard notices={metrics.data.adverseActionNotices} />
        <div className="card metrics__card">
          <h3>{i18n._('Applications by status')}</h3>
          <ul className="metrics__statuses">
            {APPLICATION_STATUSES.map((status) => (
              <li key={status}>
                <StatusBadge status={status} /> <strong>{number.format(applicationsByStatus[status])}</strong>
              </li>
            ))}
          </ul>
        </div>
        <FirstResponseCard firstResponse={firstResponse} />
      </div>
      <TableScroll label={i18n._('Metrics')}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{i18n._('Metric')}</th>
              <th scope="col">{i18n._('Value')}</th>
              <th scope="col">{i18n._('Notes')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.metric}>
                <th scope="row">{i18n._(row.metric)}</th>
                <td>{formatValue(row, i18n.locale)}</td>
                {/* Notes are worked out by the server with live numbers in them, in English like the API. */}
                <td lang="en">{row.notes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="card">
        <h3>{i18n._('Last 30 days')}</h3>
        <Suspense fallback={<Spinner size="m" />}>
          <DailyChart daily={daily} />
        </Suspense>
        <details className="metrics__daily">
          <summary>{i18n._('The same days as a table')}</summary>
          <TableScroll label={i18n._('Last 30 days')}>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{i18n._('Date')}</th>
                  <th scope="col">{i18n._('Applications')}</th>
                  <th scope="col">{i18n._('New users')}</th>
                  <th scope="col">{i18n._('Car views')}</th>
                </tr>
              </thead>
              <tbody>
                {daily.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatDate(`${day.date}T12:00:00Z`, i18n.locale, timeZone)}</th>
                    <td>{number.format(day.applications)}</td>
                    <td>{number.format(day.newUsers)}</td>
                    <td>{number.format(day.carViews)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </details>
      </div>
      <ErasureDue />
    </section>
  );
}
