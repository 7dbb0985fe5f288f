import { useLingui } from '@lingui/react';
import { Link } from 'react-router';
import type { MetricsAnswer } from '../../../../domain/contracts/metrics.ts';
import { formatMinutes } from '../../lib/staff/duration.ts';

/** The median time to the first staff response over the last 30 days, and who still waits (docs/product/staff-dashboard.md#metrics). */
export function FirstResponseCard({ firstResponse }: { firstResponse: MetricsAnswer['firstResponse'] }) {
  const { i18n } = useLingui();
  const number = new Intl.NumberFormat(i18n.locale);
  return (
    <div className="card metrics__card">
      <h3>{i18n._('Median first response (last 30 days)')}</h3>
      <p className="metrics__big">
        {firstResponse.medianMinutes === null ? i18n._('No data') : formatMinutes(firstResponse.medianMinutes, i18n)}
      </p>
      <p>{i18n._('Waiting for first contact: {count}', { count: number.format(firstResponse.waiting) })}</p>
      <Link to="/dashboard?waitingForFirstContact=true">{i18n._('Show applicants waiting for first contact')}</Link>
    </div>
  );
}
