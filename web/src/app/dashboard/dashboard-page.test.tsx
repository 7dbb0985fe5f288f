import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MeAnswer } from '../../../../domain/contracts/users.ts';
import { useIsAdmin } from '../../lib/api/get-me.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { activeTabIndex } from './dashboard-shell.tsx';
import DashboardPage from './dashboard-page.tsx';
import { allowModalDialogs, mfaRequired, pageOf, passkey, passkeysAnswer } from '../../test/staff-fixtures.ts';
import { exampleDealSettings } from '../../../../domain/deals/deal-settings.ts';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

const site = {
  company: { name: 'Liberty Auto', address: '', phone: '', email: '', socialLinks: [] },
  botUsername: 'LibertyAutoBot',
  telegramLoginEnabled: true,
};

/** A shopper signed in with Telegram: no staff rights. */
const customer: MeAnswer = {
  user: {
    id: 3,
    is_admin: false,
    first_name: 'Ann',
    last_name: null,
    username: null,
    email: null,
    phone: null,
    language: 'en',
    registered_at: null,
    last_active_at: null,
    tag: null,
    telegramId: 9,
    photoUrl: null,
    kind: 'telegram',
  },
  isAdmin: false,
  via: 'telegram',
};

function openDashboard(me: MeAnswer, route = '/dashboard', routes: Parameters<typeof mockFetch>[0] = {}) {
  network = mockFetch({ 'GET /api/me': () => me, 'GET /api/site': () => site, 'GET /api/users': () => pageOf([]), ...routes });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/*" element={<DashboardPage />} />
    </Routes>,
    { route },
  );
}

describe('the dashboard gate', () => {
  it('shows a visitor the staff sign-in page, and fetches no staff data', async () => {
    openDashboard({ user: null, isAdmin: false, via: null });
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(screen.getByText(/Send \/login/)).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Log in with Telegram' })).getAttribute('href')).toBe(
      'https://t.me/LibertyAutoBot?start=login',
    );
    expect(network!.calls.map((call) => call.url.pathname)).not.toContain('/api/users');
  });

  it('signs in with one button when the development sign-in is on, and opens the dashboard', async () => {
    let signedIn = false;
    openDashboard({ user: null, isAdmin: false, via: null }, '/dashboard', {
      'GET /api/site': () => ({ ...site, devLoginEnabled: true }),
      'GET /api/me': () => (signedIn ? { user: null, isAdmin: true, via: 'session' } : { user: null, isAdmin: false, via: null }),
      'POST /api/auth/dev-login': ({ body }) => {
        signedIn = true;
        expect(body).toMatchObject({ isAdmin: true });
        return { ok: true, redirect: '/dashboard', user: null };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in as the developer' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
  });

  it('tells a developer which setting turns the development sign-in on while it is off', async () => {
    openDashboard({ user: null, isAdmin: false, via: null }, '/dashboard', {
      'GET /api/site': () => ({ ...site, devLoginEnabled: false, devLoginAvailable: true }),
    });
    expect(await screen.findByText(/Development sign-in is off\. .*restart the server with DEV_LOGIN=1/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in as the developer' })).toBeNull();
  });

  it('says nothing of the development sign-in outside development', async () => {
    openDashboard({ user: null, isAdmin: false, via: null });
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeTruthy();
    expect(screen.queryByText(/Development sign-in/)).toBeNull();
  });

  it('tells a signed-in user without staff rights that they have none', async () => {
    openDashboard(customer);
    expect(await screen.findByText(/no staff access/)).toBeTruthy();
  });

  it('offers a signed-in user without staff rights no Deals entry, even at its address', async () => {
    openDashboard(customer, '/dashboard/deals');
    expect(await screen.findByText(/no staff access/)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Dashboard sections' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Deals' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Deal settings' })).toBeNull();
  });

  it('shows an admin signed in on the web the dashboard with its tabs, Security included, and Sign out', async () => {
    openDashboard({ user: null, isAdmin: true, via: 'session' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Dashboard sections' });
    expect([...tabs.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('aria-current')])).toEqual([
      ['Users', 'page'],
      ['Metrics', null],
      ['FAQ', null],
      ['Inventory', null],
      ['Deals', null],
      ['Trade-ins', null],
      ['Visits', null],
      ['Security', null],
    ]);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('after Sign out, no screen offers the dashboard any more, not even for a moment', async () => {
    let signedIn = true;
    let answerAfterSignOut = () => {};
    const answeredAfterSignOut = new Promise<void>((resolve) => (answerAfterSignOut = resolve));
    network = mockFetch({
      // Asking again after the sign-out takes a while, as on a slow line: nothing may show the old answer meanwhile.
      'GET /api/me': async () => {
        if (signedIn) return { user: null, isAdmin: true, via: 'session' };
        await answeredAfterSignOut;
        return { user: null, isAdmin: false, via: null };
      },
      'GET /api/site': () => site,
      'GET /api/users': () => pageOf([]),
      'POST /api/auth/logout': () => {
        signedIn = false;
        return { ok: true };
      },
    });
    /** What the public header shows staff: a way into the dashboard, from the same answer. */
    const DashboardEntry = () => (useIsAdmin() ? <Link to="/dashboard">Dashboard</Link> : <p>Home</p>);
    renderWithProviders(
      <Routes>
        <Route path="/dashboard/*" element={<DashboardPage />} />
        <Route path="/" element={<DashboardEntry />} />
      </Routes>,
      { route: '/' },
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Dashboard' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    answerAfterSignOut();
    expect(await screen.findByText('Home')).toBeTruthy();
  });

  it('offers no Sign out and no passkeys inside Telegram, where the app itself says who the admin is', async () => {
    openDashboard({ user: null, isAdmin: true, via: 'telegram' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Security' })).toBeNull();
  });
});

describe('the Deals tab', () => {
  it('asks a session that has not confirmed a passkey for it when the deal settings are saved, and keeps the form as it was', async () => {
    allowModalDialogs();
    const settings = exampleDealSettings('TX');
    openDashboard({ user: null, isAdmin: true, via: 'session' }, '/dashboard/deals', {
      'GET /api/deal-settings': () => ({ version: 3, settings, financeTerms: [], leaseTerms: [], leaseMileages: [], taxedStates: ['TX'] }),
      'PUT /api/deal-settings': () => mfaRequired(),
      'GET /api/auth/passkeys': () => passkeysAnswer({ passkeys: [passkey] }),
    });
    expect((await screen.findByRole('link', { name: 'Deals' })).getAttribute('aria-current')).toBe('page');
    await userEvent.click(await screen.findByRole('button', { name: 'Save deal settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Passkey needed' });
    expect(await within(dialog).findByRole('button', { name: 'Use my passkey' })).toBeTruthy();
    expect(screen.getByText('Editing version 3.')).toBeTruthy();
  });
});

describe('the highlighted tab', () => {
  it.each([
    ['/dashboard', 0],
    ['/dashboard/', 0],
    ['/dashboard/users', 0],
    ['/dashboard/users/42', 0],
    ['/dashboard/metrics', 1],
    ['/dashboard/faqs', 2],
    ['/dashboard/inventory', 3],
    ['/dashboard/inventory/import', 3],
    ['/dashboard/deals', 4],
    ['/dashboard/trade-ins', 5],
    ['/dashboard/trade-ins/7', 5],
    ['/dashboard/visits', 6],
    ['/dashboard/visits/settings', 6],
    ['/dashboard/security', 7],
  ])('%s highlights tab %i', (path, index) => {
    expect(activeTabIndex(path)).toBe(index);
  });
});
