import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../../../domain/constants.ts';
import { activateLanguage } from '../lib/i18n.ts';
import { mockFetch, renderWithProviders } from '../test/render.tsx';
import { createQueryClient } from '../lib/api-client.ts';
import { createRoutes } from './router.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(async () => {
  network?.restore();
  await activateLanguage('en');
});

function renderApp(path = '/', { isAdmin = false, applied = false } = {}) {
  network = mockFetch({
    'GET /api/me': () => ({ user: isAdmin || applied ? { id: 1 } : null, isAdmin, via: isAdmin ? 'session' : applied ? 'guest' : null }),
    ...(applied ? { 'GET /api/applications/mine': () => ({ id: 12, status: 'in_review' }) } : {}),
    'GET /api/site': () => ({
      company: {
        name: 'Liberty Auto Credit',
        address: '1200 Commerce Street, Dallas, TX 75202',
        phone: '+1 (214) 555-0147',
        email: 'a@b.example',
        license: 'Texas dealer license P123456',
        socialLinks: [],
      },
      botUsername: null,
      telegramLoginEnabled: false,
    }),
    'GET /api/faqs/public': () => [],
  });
  const router = createMemoryRouter(createRoutes(createQueryClient()), { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, { router: false });
  return router;
}

describe('the app layout', () => {
  it('offers a skip link and the header navigation Home, Cars, Favourites, Apply, Contact', async () => {
    renderApp();
    expect(await screen.findByRole('link', { name: 'Skip to content' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['Cars', '/cars'],
      ['Favourites', '/favorites'],
      ['Apply', '/application'],
      ['Contact', '/#contact'],
    ]);
    expect(screen.getByRole('main').id).toBe('main');
  });

  it('offers the loan status instead of Apply in the header once the visitor has applied', async () => {
    renderApp('/cars', { applied: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect((await within(nav).findByRole('link', { name: 'Loan status' }, { timeout: 3000 })).getAttribute('href')).toBe('/application');
    expect(within(nav).queryByRole('link', { name: 'Apply' })).toBeNull();
  });

  it('marks the current page in the header', async () => {
    renderApp('/favorites');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Favourites' }).getAttribute('aria-current')).toBe('page'));
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
  });

  it('adds the dashboard to the header for staff only', async () => {
    renderApp('/', { isAdmin: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect((await within(nav).findByRole('link', { name: 'Dashboard' })).getAttribute('href')).toBe('/dashboard');
  });

  it('folds the pages behind a Menu button that closes with Escape', async () => {
    renderApp();
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(menu.getAttribute('aria-controls')!)!.contains(screen.getByRole('navigation', { name: 'Main' }))).toBe(
      true,
    );
    await userEvent.keyboard('{Escape}');
    expect(menu.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menu);
  });

  it('switches the language at once from the picker and remembers it for the tab', async () => {
    renderApp();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Language' }), 'uk');
    expect(await screen.findByRole('link', { name: 'Почати заявку' })).toBeTruthy();
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uk');
    expect(document.documentElement.lang).toBe('uk');
    expect(screen.getByRole('combobox', { name: 'Мова' })).toBeTruthy();
    await waitFor(() => expect(network!.calls.some((call) => call.url.search === '?lang=uk')).toBe(true));
  });

  it.each(['/', '/cars', '/no-such-page'])(
    'ends %s with a footer: the dealer, its licence, the privacy notice and the terms',
    async (path) => {
      renderApp(path);
      const footer = within(await screen.findByRole('contentinfo'));
      expect(await footer.findByText('Texas dealer license P123456')).toBeTruthy();
      expect(footer.getByText('Liberty Auto Credit')).toBeTruthy();
      expect(footer.getByText(/1200 Commerce Street, Dallas, TX 75202/)).toBeTruthy();
      expect(footer.getByRole('link', { name: '+1 (214) 555-0147' }).getAttribute('href')).toBe('tel:+12145550147');
      expect(footer.getByRole('link', { name: 'a@b.example' }).getAttribute('href')).toBe('mailto:a@b.example');
      const legal = within(footer.getByRole('navigation', { name: 'Legal' }));
      expect(legal.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Privacy notice', '/privacy'],
        ['Terms of use', '/terms'],
      ]);
    },
  );

  it('opens the privacy notice from the footer: what is collected, why and with whom it is shared, and whom to ask', async () => {
    const router = renderApp('/cars');
    const footer = within(await screen.findByRole('contentinfo'));
    await userEvent.click(footer.getByRole('link', { name: 'Privacy notice' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/privacy');
    expect(screen.getByText('What does Liberty Auto Credit do with your personal information?')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What we collect' })).toBeTruthy();
    const table = within(screen.getByRole('table'));
    expect(table.getByRole('columnheader', { name: 'Does Liberty Auto Credit share?' })).toBeTruthy();
    expect(table.getByRole('rowheader', { name: 'For nonaffiliates to market to you' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Whom we share it with' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Can you limit our sharing?' })).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'a@b.example' })).toBeTruthy();
  });

  it('shows the privacy notice in Spanish', async () => {
    renderApp('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy notice' });
    await activateLanguage('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeTruthy();
    expect(screen.getByText('¿Qué hace Liberty Auto Credit con su información personal?')).toBeTruthy();
  });

  it('opens the terms of use', async () => {
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: 'Read how we collect, share and protect your personal information in our privacy notice.' })
        .getAttribute('href'),
    ).toBe('/privacy');
  });

  it('moves focus to the content with the skip link', async () => {
    renderApp();
    await userEvent.click(await screen.findByRole('link', { name: 'Skip to content' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('shows the application intro with the Latin-characters rule', async () => {
    renderApp('/application');
    expect(await screen.findByRole('heading', { level: 1, name: 'Car loan application' })).toBeTruthy();
    expect(screen.getByText(/Latin characters only/)).toBeTruthy();
    expect(screen.getByText('You have not chosen a car yet.')).toBeTruthy();
  });
});
