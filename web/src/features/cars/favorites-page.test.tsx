import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import FavoritesPage from './favorites-page.tsx';
import { createCarCard, createPage } from './test/car-factory.ts';
import { mockCarsApi, resetToastsAfterEach } from './test/helpers.tsx';

resetToastsAfterEach();

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe('favourites', () => {
  it('keeps a sold car and a car whose sale is pending, each with its badge', async () => {
    const sold = createCarCard({
      brand: 'Mazda',
      model: 'CX-5',
      trim: 'Touring',
      year: 2020,
      status: 'unavailable',
      listingState: 'sold',
      is_favorite: true,
    });
    const pending = createCarCard({
      brand: 'Subaru',
      model: 'Outback',
      trim: 'Limited',
      year: 2021,
      status: 'unavailable',
      listingState: 'pending',
      is_favorite: true,
    });
    const api = mockCarsApi({
      extra: {
        'GET /api/favorites': () => createPage([sold, pending]),
        'GET /api/viewed-cars': () => ({ items: [] }),
      },
    });
    restore = api.restore;
    renderWithProviders(<FavoritesPage />, { route: '/favorites' });
    const soldCard = (await screen.findByRole('link', { name: '2020 Mazda CX-5 Touring' })).closest('article')!;
    expect(within(soldCard).getByText('Sold')).toBeTruthy();
    const pendingCard = screen.getByRole('link', { name: '2021 Subaru Outback Limited' }).closest('article')!;
    expect(within(pendingCard).getByText('Sale pending')).toBeTruthy();
  });
});
