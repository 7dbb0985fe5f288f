import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import RouteErrorPage from './route-error-page.tsx';

afterEach(() => vi.restoreAllMocks());

function Boom(): never {
  throw new Error('render failed');
}

describe('route errors', () => {
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
});
