import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { allowModalDialogs, pageOf, userItem } from '../test/staff-fixtures.ts';
import { UsersPage } from './users-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());
beforeAll(allowModalDialogs);

function CurrentUrl() {
  const { search } = useLocation();
  return <output data-testid="url">{search}</output>;
}

function openList(route = '/dashboard', users = [userItem(), userItem({ id: 6, first_name: 'Guest', last_name: null, username: null, chatUrl: null, applicationId: null, applicationStatus: null })]) {
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

const lastQuery = () => network!.calls.filter((call) => call.url.pathname === '/api/users').at(-1)!.url.searchParams;

describe('the users list', () => {
  it('asks for page 1 of 10, newest registration first, by default (spec §9)', async () => {
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

  it('sends only the filters that have a value', async () => {
    openList('/dashboard?first_name=&language=uk');
    await screen.findByRole('table');
    expect(lastQuery().has('first_name')).toBe(false);
    expect(lastQuery().get('language')).toBe('uk');
  });

  it('sorts by a column when its header is clicked, and flips the order on a second click', async () => {
    openList();
    await userEvent.click(await screen.findByRole('button', { name: /Email/ }));
    await waitFor(() => expect(lastQuery().get('sortBy')).toBe('email'));
    expect(lastQuery().get('sortOrder')).toBe('desc');
    await userEvent.click(screen.getByRole('button', { name: /Email/ }));
    await waitFor(() => expect(lastQuery().get('sortOrder')).toBe('asc'));
    expect(screen.getByRole('columnheader', { name: /Email/ }).getAttribute('aria-sort')).toBe('ascending');
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
    expect(within(mary!).getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('https://t.me/mary');
    const pdf = within(guest!).getByRole('button', { name: 'PDF' });
    expect(pdf.getAttribute('aria-disabled')).toBe('true');
    expect(pdf.getAttribute('data-tooltip')).toBe('No application yet');
    expect(within(guest!).getByRole('button', { name: 'Chat' }).getAttribute('aria-disabled')).toBe('true');
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
    await userEvent.click((await screen.findAllByRole('button', { name: 'Make admin' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Grant admin rights?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Make admin' })[0]!);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(calls).toEqual([{ userId: 5, isAdmin: true }]));
  });
});
