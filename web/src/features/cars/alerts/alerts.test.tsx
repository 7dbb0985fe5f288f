import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SavedSearchList } from '../../../../../domain/contracts/alerts.ts';
import { Toaster } from '../../../components/toasts.tsx';
import { createWebHost } from '../../../host/web-host.ts';
import type { Host } from '../../../host/types.ts';
import { mockFetch, renderWithProviders, json } from '../../../test/render.tsx';
import CarsPage from '../cars-page.tsx';
import FavoritesPage from '../favorites-page.tsx';
import { createPage } from '../test/car-factory.ts';
import { mockCarsApi, resetToastsAfterEach } from '../test/helpers.tsx';

resetToastsAfterEach();

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** The mini app as Telegram opens it: the same screens, with a host that says so. */
const telegramHost = (): Host => ({ ...createWebHost(), kind: 'telegram', platform: 'ios' });

const site = (botUsername: string | null) => ({
  company: { name: 'Dealer', address: '', phone: '', email: '', socialLinks: [] },
  botUsername,
  telegramLoginEnabled: false,
});

function favoritesApi(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/favorites': () => createPage([]),
    'GET /api/viewed-cars': () => ({ items: [] }),
    'GET /api/site': () => site('cars_dealer_bot'),
    ...extra,
  });
}

const savedSearches: SavedSearchList = {
  items: [
    { id: 1, filters: { brand: 'Toyota', model: 'Camry', priceMax: 30_000 }, createdAt: '2026-11-01T12:00:00.000Z' },
    { id: 2, filters: { condition: 'new', yearMin: 2022 }, createdAt: '2026-11-02T12:00:00.000Z' },
  ],
  max: 5,
};

describe('alerts on the Favourites screen', () => {
  it('explains alerts to a web visitor and opens the same screen in the Telegram app', async () => {
    const api = favoritesApi();
    restore = api.restore;
    renderWithProviders(<FavoritesPage />, { route: '/favorites' });
    const section = (await screen.findByRole('heading', { name: 'Alerts in Telegram' })).closest('section')!;
    expect(within(section).getByText(/message you when a favourite gets cheaper, is sold or is available again/)).toBeTruthy();
    const link = await within(section).findByRole('link', { name: 'Open Favourites in Telegram' });
    expect(link.getAttribute('href')).toBe('https://t.me/cars_dealer_bot?startapp=favorites');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(api.calls.some((call) => call.url.pathname.startsWith('/api/alerts') || call.url.pathname === '/api/saved-searches')).toBe(
      false,
    );
  });

  it('switches alerts on favourites on in Telegram', async () => {
    const api = favoritesApi({
      'GET /api/alerts/favorites': () => ({ enabled: false }),
      'PUT /api/alerts/favorites': ({ body }) => body,
      'GET /api/saved-searches': () => ({ items: [], max: 5 }),
    });
    restore = api.restore;
    renderWithProviders(<FavoritesPage />, { route: '/favorites', host: telegramHost() });
    const toggle = await screen.findByRole('switch', { name: 'Message me when a favourite gets cheaper, is sold or is available again' });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ enabled: true });
  });

  it('lists saved searches in words and removes one', async () => {
    const api = favoritesApi({
      'GET /api/alerts/favorites': () => ({ enabled: true }),
      'GET /api/saved-searches': () => savedSearches,
      'DELETE /api/saved-searches/1': () => new Response(null, { status: 204 }),
    });
    restore = api.restore;
    renderWithProviders(<FavoritesPage />, { route: '/favorites', host: telegramHost() });
    expect(await screen.findByText('Toyota Camry · Price to $30,000')).toBeTruthy();
    expect(screen.getByText('New · Year from 2022')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove saved search: Toyota Camry · Price to $30,000' }));
    await waitFor(() => expect(screen.queryByText('Toyota Camry · Price to $30,000')).toBeNull());
    expect(screen.getByText('New · Year from 2022')).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/saved-searches/1')).toBe(true);
  });

  it('says how to save a search when there is none', async () => {
    const api = favoritesApi({
      'GET /api/alerts/favorites': () => ({ enabled: false }),
      'GET /api/saved-searches': () => ({ items: [], max: 5 }),
    });
    restore = api.restore;
    renderWithProviders(<FavoritesPage />, { route: '/favorites', host: telegramHost() });
    expect(await screen.findByText('None yet. Filter the catalogue and press Notify me to hear of new cars that match.')).toBeTruthy();
  });
});

describe('Notify me on the catalogue', () => {
  const renderCars = (route: string, host?: Host) =>
    renderWithProviders(
      <>
        <CarsPage />
        <Toaster />
      </>,
      { route, host },
    );

  it("saves the catalogue's filters as a search, without sort or availability, and says so", async () => {
    const api = mockCarsApi({
      extra: { 'POST /api/saved-searches': () => json(201, { id: 3, filters: {}, createdAt: '2026-11-01T12:00:00.000Z' }) },
    });
    restore = api.restore;
    renderCars('/cars?brand=Toyota&priceMax=30000&sort=price_asc', telegramHost());
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Saved. We will message you here when a matching car arrives.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ filters: { brand: 'Toyota', priceMax: 30_000 } });
  });

  it('says to remove a saved search first when five are kept', async () => {
    const api = mockCarsApi({
      extra: { 'POST /api/saved-searches': () => json(409, { error: { code: 'conflict', message: 'You already keep 5 saved searches' } }) },
    });
    restore = api.restore;
    renderCars('/cars?brand=Toyota', telegramHost());
    await userEvent.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('You keep 5 saved searches already: remove one on the Favourites screen first.')).toBeTruthy();
  });

  it('is not offered on the web, where the bot cannot write to the visitor', async () => {
    const api = mockCarsApi();
    restore = api.restore;
    renderCars('/cars?brand=Toyota');
    await screen.findByRole('heading', { name: 'Available Cars' });
    expect(screen.queryByRole('button', { name: 'Notify me' })).toBeNull();
  });
});
