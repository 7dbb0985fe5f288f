import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ListState } from './list-state.tsx';

const query = (over: Partial<{ data: string[] | undefined; isError: boolean; error: unknown }> = {}) => ({
  data: undefined,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

const list = (q: ReturnType<typeof query>) =>
  renderWithProviders(
    <ListState query={q} isEmpty={(items) => items.length === 0} empty="Nothing here yet.">
      {(items) => (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListState>,
  );

describe('a list while it loads, fails or is empty', () => {
  it('says it is loading until the first answer', () => {
    list(query());
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('names the HTTP status of a failure and tries again on request', async () => {
    const failed = query({ isError: true, error: new ApiError(503, 'database_unavailable', 'down') });
    list(failed);
    expect(screen.getByRole('alert').textContent).toContain('The list could not be loaded (error 503).');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('shows its empty message when the answer holds nothing', () => {
    list(query({ data: [] }));
    expect(screen.getByRole('status').textContent).toBe('Nothing here yet.');
  });

  it('keeps what it showed when a later request fails, and says so below it', () => {
    list(query({ data: ['2019 Honda Accord'], isError: true, error: new TypeError('Failed to fetch') }));
    expect(within(screen.getByRole('list')).getByText('2019 Honda Accord')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('(error 500)');
  });
});
