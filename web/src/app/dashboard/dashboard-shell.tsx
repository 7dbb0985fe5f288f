import { useLingui } from '@lingui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../components/toasts.tsx';
import { useSignOut } from './api/sign-out.ts';
import { PasskeyPrompt } from './passkey-prompt.tsx';

const TABS = [
  { to: '/dashboard', label: 'Users' },
  { to: '/dashboard/metrics', label: 'Metrics' },
  { to: '/dashboard/faqs', label: 'FAQ' },
  { to: '/dashboard/inventory', label: 'Inventory' },
  { to: '/dashboard/deals', label: 'Deals' },
  { to: '/dashboard/trade-ins', label: 'Trade-ins' },
  { to: '/dashboard/visits', label: 'Visits' },
  // Passkeys and sessions belong to a browser signed in to the dashboard; inside Telegram the app is the factor.
  { to: '/dashboard/security', label: 'Security' },
] as const;

/** docs/product/staff-dashboard.md#staff-dashboard: the first tab for /dashboard, /dashboard/users and below; FAQ is index 2. */
export function activeTabIndex(pathname: string): number {
  const path = pathname.replace(/\/+$/, '');
  const under = (section: string) => path === `/dashboard/${section}` || path.startsWith(`/dashboard/${section}/`);
  if (under('metrics')) return 1;
  if (under('faqs')) return 2;
  if (under('inventory')) return 3;
  if (under('deals')) return 4;
  if (under('trade-ins')) return 5;
  if (under('visits')) return 6;
  if (under('security')) return 7;
  return 0;
}

/** The header "Dashboard", its tabs and Sign out, around the current screen. */
export function DashboardShell({ canSignOut, children }: { canSignOut: boolean; children: ReactNode }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const active = activeTabIndex(pathname);
  const tabs = canSignOut ? TABS : TABS.slice(0, -1);
  const tabsRef = useRef<HTMLElement>(null);
  // The current tab is in view on a phone, where the row scrolls sideways (dashboard.css).
  useEffect(() => {
    const nav = tabsRef.current;
    const tab = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !tab) return;
    if (tab.offsetLeft < nav.scrollLeft || tab.offsetLeft + tab.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = tab.offsetLeft - (nav.clientWidth - tab.offsetWidth) / 2;
    }
  }, [active]);
  return (
    <div className="dashboard">
      <header className="dashboard__header">
        <h1 className="dashboard__title">{i18n._('Dashboard')}</h1>
        <nav ref={tabsRef} aria-label={i18n._('Dashboard sections')} className="dashboard__tabs">
          {tabs.map((tab, index) => (
            <Link
              key={tab.to}
              to={tab.to}
              className={index === active ? 'dashboard__tab dashboard__tab--active' : 'dashboard__tab'}
              aria-current={index === active ? 'page' : undefined}
            >
              {i18n._(tab.label)}
            </Link>
          ))}
        </nav>
        {canSignOut ? (
          <button
            type="button"
            className="button button--secondary dashboard__sign-out"
            aria-busy={signOut.isPending || undefined}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: () => void navigate('/', { replace: true }),
                onError: () => toast.error(i18n._('Signing out failed. Please try again.')),
              })
            }
          >
            {i18n._('Sign out')}
          </button>
        ) : null}
      </header>
      <div className="dashboard__content">{children}</div>
      {canSignOut ? <PasskeyPrompt /> : null}
    </div>
  );
}
