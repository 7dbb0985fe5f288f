import { useLingui } from '@lingui/react';
import { Spinner } from '@telegram-apps/telegram-ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useViewer } from '../../lib/staff/api/get-viewer.ts';
import { DashboardShell } from './dashboard-shell.tsx';
import { ListError } from '../../components/list-state.tsx';
import { StaffSignIn } from '../../features/staff-sign-in/staff-sign-in.tsx';
import { UsersPage } from '../../features/staff-users/users-page.tsx';
import { ApplicationPage } from '../../features/staff-applications/application-page.tsx';
import { FaqsPage } from '../../features/staff-faqs/faqs-page.tsx';
import { CarPage, NewCarPage } from '../../features/staff-inventory/car-page.tsx';
import { FeedsPage } from '../../features/staff-inventory/feeds-page.tsx';
import { ImportPage } from '../../features/staff-inventory/import-page.tsx';
import { InventoryPage } from '../../features/staff-inventory/inventory-page.tsx';
import { SecurityPage } from '../../features/staff-security/security-page.tsx';
import { DealSettingsPage } from '../../features/staff-deals/deal-settings-page.tsx';
import { TradeInPage } from '../../features/staff-trade-ins/trade-in-page.tsx';
import { TradeInsPage } from '../../features/staff-trade-ins/trade-ins-page.tsx';
import { BookVisitPage } from '../../features/staff-visits/book-visit-page.tsx';
import { VisitSettingsPage } from '../../features/staff-visits/visit-settings-page.tsx';
import { VisitsPage } from '../../features/staff-visits/visits-page.tsx';
import './dashboard.css';
// After the dashboard's own stylesheet, where its field rules were.
import '../../components/form/staff-fields.css';

// The chart library comes with the metrics page only; the other screens never download it.
const MetricsPage = lazy(() => import('../../features/staff-metrics/metrics-page.tsx'));

function Loading() {
  const { i18n } = useLingui();
  return (
    <div className="dashboard-loading" aria-live="polite">
      <Spinner size="l" />
      <span className="visually-hidden">{i18n._('Loading...')}</span>
    </div>
  );
}

function DashboardNotFound() {
  const { i18n } = useLingui();
  return <p className="notice">{i18n._('This dashboard page does not exist.')}</p>;
}

/**
 * The staff dashboard (its own chunk; public pages never load it). Only an admin gets past the
 * gate: everyone else sees how staff sign in, and no staff call is ever made for them.
 */
export default function DashboardPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Dashboard'));
  const viewer = useViewer();
  if (viewer.isPending) return <Loading />;
  if (viewer.isError) return <ListError error={viewer.error} onRetry={() => void viewer.refetch()} />;
  if (!viewer.data.isAdmin) return <StaffSignIn signedInAs={viewer.data.user} />;
  return (
    <DashboardShell canSignOut={viewer.data.via === 'session'}>
      <Routes>
        <Route index element={<UsersPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:userId" element={<ApplicationPage />} />
        <Route
          path="metrics"
          element={
            <Suspense fallback={<Loading />}>
              <MetricsPage />
            </Suspense>
          }
        />
        <Route path="faqs" element={<FaqsPage />} />
        <Route path="inventory" element={<InventoryPage />} />
        <Route path="inventory/new" element={<NewCarPage />} />
        <Route path="inventory/import" element={<ImportPage />} />
        <Route path="inventory/feeds" element={<FeedsPage />} />
        <Route path="inventory/:uuid" element={<CarPage />} />
        <Route path="deals" element={<DealSettingsPage />} />
        <Route path="trade-ins" element={<TradeInsPage />} />
        <Route path="trade-ins/:tradeInId" element={<TradeInPage />} />
        <Route path="visits" element={<VisitsPage />} />
        <Route path="visits/new" element={<BookVisitPage />} />
        <Route path="visits/settings" element={<VisitSettingsPage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route path="*" element={<DashboardNotFound />} />
      </Routes>
    </DashboardShell>
  );
}
