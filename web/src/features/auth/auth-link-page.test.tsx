import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/render.tsx';
import { renderWithProviders } from '../../test/render.tsx';
import AuthLinkPage from './auth-link-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

function openLink(hash: string) {
  window.history.replaceState(null, '', `/auth/link${hash}`);
  const router = createMemoryRouter(
    [
      { path: '/auth/link', Component: AuthLinkPage },
      { path: '/dashboard/*', Component: () => <h1>Dashboard here</h1> },
    ],
    { initialEntries: [`/auth/link${hash}`] },
  );
  renderWithProviders(<RouterProvider router={router} />, { router: false });
  return router;
}

const TOKEN = 'abcDEF0123456789_-abcDEF0123456789';

describe('the sign-in link page', () => {
  it('spends the token once, then goes to the dashboard', async () => {
    network = mockFetch({ 'POST /api/auth/link': () => ({ ok: true, redirect: '/dashboard' }) });
    const router = openLink(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Dashboard here' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(network.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(network.calls[0]!.body).toEqual({ token: TOKEN });
    // The token leaves the address bar at once.
    expect(window.location.hash).toBe('');
  });

  it('never follows a redirect outside the app', async () => {
    network = mockFetch({ 'POST /api/auth/link': () => ({ ok: true, redirect: '//evil.example/' }) });
    const router = openLink(`#token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Dashboard here' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('explains an invalid, expired or used link', async () => {
    network = mockFetch({
      'POST /api/auth/link': () =>
        new Response(JSON.stringify({ error: { code: 'unauthorized', message: 'expired' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    });
    openLink(`#token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toContain('invalid, has expired or has already been used');
  });

  it('says when the link belongs to someone who is not staff', async () => {
    network = mockFetch({
      'POST /api/auth/link': () =>
        new Response(JSON.stringify({ error: { code: 'forbidden', message: 'admins only' } }), {
          status: 403,
          headers: { 'content-type': 'application/json' },
        }),
    });
    openLink(`#token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toContain('Sign-in links are for staff only.');
  });

  it('explains a link without a token, without calling the server', async () => {
    network = mockFetch({});
    openLink('');
    expect((await screen.findByRole('alert')).textContent).toContain('invalid');
    expect(network.calls).toHaveLength(0);
  });
});
