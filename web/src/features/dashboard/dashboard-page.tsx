import { useLingui } from '@lingui/react';
import { usePageTitle } from '../../lib/page-title.ts';

/**
 * Staff dashboard entry (its own chunk; public pages never load it). The screens themselves come
 * with the dashboard issue.
 */
export default function DashboardPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Dashboard'));
  return (
    <section className="page" aria-labelledby="dashboard-title">
      <h1 id="dashboard-title">{i18n._('Dashboard')}</h1>
      <p>{i18n._('The staff dashboard is coming soon.')}</p>
    </section>
  );
}
