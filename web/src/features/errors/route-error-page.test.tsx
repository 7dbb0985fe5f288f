import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../app/router.tsx';
import { createQueryClient } from '../../lib/api-client.ts';
import { renderWithProviders } from '../../test/render.tsx';
import RouteErrorPage from './route-error-page.tsx';

afterEach(() => vi.restoreAllMocks());

function Boom(): never {
  throw new Error('render failed');
}

describe('route errors (spec §2, §8)', () => {
  it('shows "Unexpected Application Error" with a way home when a route fails to render', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', Component: Boom, ErrorBoundary: RouteErrorPage }]);
    renderWithProviders(<RouterProvider router={router} />, { router: false });
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    // The failure is logged for us, never shown to the visitor.
    expect(error).toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('render failed');
  });

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
