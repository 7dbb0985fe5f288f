import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toast, Toaster } from '../../components/toasts.tsx';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { allowModalDialogs, allowPopovers, mfaRequired, pageOf, passkey, userItem } from '../../test/staff-fixtures.ts';
import { passkeysQuery } from '../../lib/staff/api/get-passkeys.ts';
import { viewerQuery } from '../../lib/staff/api/get-viewer.ts';
import { UsersPage } from './users-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  network?.restore();
  toast.dismiss();
});

beforeAll(() => {
  allowModalDialogs();
  allowPopovers();
});

function CurrentUrl() {
  const { search } = useLocation();
  return <output data-testid="url">{search}</output>;
}

function openList(
  route = '/dashboard',
  users = [
    userItem(),
    userItem({ id: 6, first_name: 'Guest', last_name: null, username: null, chatUrl: null, applicationId: null, applicationStatus: null }),
  ],
) {
  network = mockFetch({ 'GET /api/users': ({ url }) => pageOf(users, Number(url.searchParams.get('page') ?? 1), 35) });
  renderWithProviders(
    <Routes>
      <Route
        path="/dashboard"
        element={
          <>
            <UsersPage />
            <CurrentUrl />
          </>
        }
      />
    </Routes>,
    { route },
  );
}

/**
 * The menu a row's actions button opens. jsdom has no popovers, so to it the menu stays hidden
 * (and nameless); real Chromium opens it in web/e2e/dashboard.e2e.test.ts.
 */
function rowMenu(row: HTMLElement, name: string): HTMLElement {
  const id = within(row).getByRole('button', { name }).getAttribute('popovertarget');
  const menu = id === null ? null : document.getElementById(id);
  if (!menu) throw new Error(`no menu for ${name}`);
  return menu;
}

const lastQuery = () => network!.calls.filter((call) => call.url.pathname === '/api/users').at(-1)!.url.searchParams;

describe('the users list', () => {
  it('asks for page 1 of 10, newest registration first, by default', async () => {
    openList();
    await screen.findByRole('table');
    expect(Object.fromEntries(lastQuery())).toEqual({ page: '1', limit: '10', sortBy: 'registered_at', sortOrder: 'desc' });
  });

  it('goes back to page 1 when a filter is applied', async () => {
    openList('/dashboard?page=3');
    await screen.findByRole('table');
    expect(lastQuery().get('page')).toBe('3');
    await userEvent.type(screen.getByLabelText('Email'), 'example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery().get('email')).toBe('example.com'));
    expect(lastQuery().get('page')).toBe('1');
    expect(screen.getByTestId('url').textContent).toBe('?email=example.com');
  });

  it('lists the leads I have taken, and the applicants waiting for first contact, with the filters in the URL', async () => {
    openList();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Waiting for first contact' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastQuery().get('assignee')).toBe('me'));
    expect(lastQuery().get('waitingForFirstContact')).toBe('true');
    expect(screen.getByTestId('url').textContent).toBe('?assignee=me&waitingForFirstContact=true');
  });

  it('sends only the filters that have a value', async () => {
    openList('/dashboard?first_name=&language=uk');
    await screen.findByRole('table');
    expect(lastQuery().has('first_name')).toBe(false);
    expect(lastQuery().get('language')).toBe('uk');
  });

  it('sorts a text column A to Z on its first click, and flips the order on a second click', async () => {
    openList();
    await userEvent.click(await screen.findByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery().get('sortBy')).toBe('first_name'));
    expect(lastQuery().get('sortOrder')).toBe('asc');
    expect(screen.getAllByRole('columnheader')[0]!.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(lastQuery().get('sortOrder')).toBe('desc'));
  });

  it('keeps the page in the URL when paging', async () => {
    openList();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery().get('page')).toBe('2'));
    expect(screen.getByTestId('url').textContent).toBe('?page=2');
  });

  it("shows each applicant's status, and disables PDF and Chat with a reason when there is nothing to act on", async () => {
    openList();
    const [mary, guest] = (await screen.findAllByRole('row')).slice(1);
    expect(within(mary!).getByText('In Review')).toBeTruthy();
    const maryActions = rowMenu(mary!, 'Actions for Mary Major');
    expect(within(maryActions).getByRole('link', { name: 'Chat', hidden: true }).getAttribute('href')).toBe('https://t.me/mary');
    expect(within(maryActions).getByRole('link', { name: 'Open application', hidden: true }).getAttribute('href')).toBe(
      '/dashboard/users/5',
    );
    const guestActions = rowMenu(guest!, 'Actions for Guest');
    const pdf = within(guestActions).getByRole('button', { name: 'PDF', hidden: true });
    expect(pdf.getAttribute('aria-disabled')).toBe('true');
    expect(pdf.getAttribute('data-tooltip')).toBe('No application yet');
    expect(within(guestActions).getByRole('button', { name: 'Chat', hidden: true }).getAttribute('aria-disabled')).toBe('true');
  });

  it("puts a row's actions behind one button named for the user", async () => {
    openList();
    const [mary] = (await screen.findAllByRole('row')).slice(1);
    const menu = rowMenu(mary!, 'Actions for Mary Major');
    expect(menu.getAttribute('popover')).toBe('auto');
    expect(menu.getAttribute('aria-label')).toBe('Actions for Mary Major');
  });

  it('says so when no user matches', async () => {
    openList('/dashboard?username=nobody', []);
    expect(await screen.findByText('No users match these filters.')).toBeTruthy();
  });

  it('asks before granting admin rights, and grants them only on confirmation', async () => {
    openList();
    network!.restore();
    const calls: unknown[] = [];
    network = mockFetch({
      'GET /api/users': () => pageOf([userItem()]),
      'POST /api/users/admin': ({ body }) => {
        calls.push(body);
        return { user: userItem({ is_admin: true }) };
      },
    });
    const [mary] = (await screen.findAllByRole('row')).slice(1);
    const makeAdmin = () => within(rowMenu(mary!, 'Actions for Mary Major')).getByRole('button', { name: 'Make admin', hidden: true });
    await userEvent.click(makeAdmin());
    const dialog = screen.getByRole('dialog', { name: 'Grant admin rights?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await userEvent.click(makeAdmin());
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(calls).toEqual([{ userId: 5, isAdmin: true }]));
  });

  it('shows masked emails and phone numbers as the list sends them before the passkey check', async () => {
    openList('/dashboard', [userItem({ email: 'm•••@example.com', phone: '•••-•••-4567' })]);
    const [mary] = (await screen.findAllByRole('row')).slice(1);
    expect(within(mary!).getByText('m•••@example.com')).toBeTruthy();
    expect(within(mary!).getByText('•••-•••-4567')).toBeTruthy();
  });

  it('shows the passkey step instead of the list when a search by email waits for it', async () => {
    network = mockFetch({
      'GET /api/users': () => mfaRequired(),
      'GET /api/auth/passkeys': () => ({ passkeys: [passkey], sessionVerified: false, firstPasskeyUntil: null, mfaRequired: true }),
    });
    renderWithProviders(<UsersPage />, { route: '/dashboard?email=mary' });
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you with your passkey' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByLabelText('Email')).toBeTruthy();
  });

  it('closes the dialog without an error when changing admin rights waits for the passkey step', async () => {
    network = mockFetch({ 'GET /api/users': () => pageOf([userItem()]), 'POST /api/users/admin': () => mfaRequired() });
    renderWithProviders(
      <>
        <UsersPage />
        <Toaster />
      </>,
      { route: '/dashboard' },
    );
    const [mary] = (await screen.findAllByRole('row')).slice(1);
    await userEvent.click(within(rowMenu(mary!, 'Actions for Mary Major')).getByRole('button', { name: 'Make admin', hidden: true }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Admin rights could not be changed. Please try again.')).toBeNull();
  });

  it.each([
    ['a web session before its passkey check', 'session', false, true],
    ['a web session after it', 'session', true, false],
    ['staff in Telegram', 'telegram', false, false],
  ] as const)('says why contacts are partly hidden to %s: %s', async (_who, via, sessionVerified, shown) => {
    network = mockFetch({
      'GET /api/users': () => pageOf([userItem({ email: 'm•••@example.com', phone: '•••-•••-4567' })]),
      'GET /api/me': () => ({ user: null, isAdmin: true, via }),
      'GET /api/auth/passkeys': () => ({ passkeys: [passkey], sessionVerified, firstPasskeyUntil: null, mfaRequired: true }),
    });
    const { queryClient } = renderWithProviders(<UsersPage />, { route: '/dashboard' });
    await screen.findByRole('table');
    // Both answers are in before the notice is looked for, so its absence is not a matter of timing.
    await waitFor(() => {
      expect(queryClient.getQueryData(viewerQuery().queryKey)).toBeDefined();
      expect(queryClient.getQueryData(passkeysQuery().queryKey)).toBeDefined();
    });
    const text = 'Emails and phone numbers are partly hidden until you confirm it’s you with your passkey.';
    if (shown) await screen.findByText(text);
    expect(screen.queryByText(text) !== null).toBe(shown);
    expect(screen.queryByRole('button', { name: 'Use my passkey' }) !== null).toBe(shown);
  });
});
