import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/api-client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { createRoutes } from './router.tsx';

afterEach(() => vi.restoreAllMocks());

describe('the routes', () => {
  it('shows the not-found page for an unknown path', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 404 }));
    const router = createMemoryRouter(createRoutes(createQueryClient()), { initialEntries: ['/no/such/page'] });
    renderWithProviders(<RouterProvider router={router} />, { router: false });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    // The layout (header navigation) stays around the not-found page.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
