import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FeedsAnswer } from '../../../../domain/contracts/feeds.ts';
import { Toaster } from '../../components/toasts.tsx';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { FeedsPage } from './feeds-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

const BARE = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

const answer = (overrides: Partial<FeedsAnswer['feeds'][number]> = {}): FeedsAnswer => ({
  feeds: [
    {
      channel: 'meta',
      url: 'https://cars.example.com/feeds/meta-vehicles.csv',
      on: true,
      problem: null,
      setting: null,
      included: 41,
      omitted: [{ uuid: BARE, stockNumber: 'A-BARE', title: '2021 Honda Accord EX', reasons: ['no_photo', 'no_exterior_color'] }],
    },
    {
      channel: 'google',
      url: 'https://cars.example.com/feeds/google-vehicles.csv',
      on: true,
      problem: null,
      setting: null,
      included: 40,
      omitted: [],
      ...overrides,
    },
  ],
});

function openFeeds(feeds: FeedsAnswer = answer()) {
  network = mockFetch({ 'GET /api/inventory/feeds': () => feeds });
  renderWithProviders(
    <>
      <FeedsPage />
      <Toaster />
    </>,
    { route: '/dashboard/inventory/feeds' },
  );
}

describe('the ads feeds screen', () => {
  it("shows each channel's feed address and how many cars it lists and leaves out", async () => {
    openFeeds();
    const meta = await screen.findByRole('region', { name: 'Meta (Facebook and Instagram)' });
    expect(within(meta).getByLabelText<HTMLInputElement>('Feed address').value).toBe('https://cars.example.com/feeds/meta-vehicles.csv');
    expect(within(meta).getByText('Listed').nextElementSibling?.textContent).toBe('41');
    expect(within(meta).getByText('Left out').nextElementSibling?.textContent).toBe('1');
    const google = screen.getByRole('region', { name: 'Google vehicle ads' });
    expect(within(google).getByText('Every car this feed can list is in it.')).toBeTruthy();
  });

  it('lists each car left out with what it lacks, linked to its edit page', async () => {
    openFeeds();
    const meta = await screen.findByRole('region', { name: 'Meta (Facebook and Instagram)' });
    const [, row] = within(meta).getAllByRole('row');
    expect(within(row!).getByRole('rowheader').textContent).toBe('A-BARE');
    expect(within(row!).getByRole('link', { name: '2021 Honda Accord EX' }).getAttribute('href')).toBe(`/dashboard/inventory/${BARE}`);
    expect(row!.textContent).toContain('No uploaded photo, No exterior color');
  });

  it('copies a feed address', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    openFeeds();
    const google = await screen.findByRole('region', { name: 'Google vehicle ads' });
    await userEvent.click(within(google).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://cars.example.com/feeds/google-vehicles.csv');
    expect((await screen.findByRole('status')).textContent).toContain('Link copied');
  });

  it('says the Google feed is off and which setting turns it on, and lists no cars as listed while it is off', async () => {
    openFeeds(answer({ on: false, problem: 'no_store_code', setting: 'DEALER_STORE_CODE', included: 26 }));
    const google = await screen.findByRole('region', { name: 'Google vehicle ads' });
    expect(within(google).getByRole('alert').textContent).toBe(
      'This feed is off. Google needs the store code of the dealership. Set DEALER_STORE_CODE and restart the server to turn it on.',
    );
    expect(within(google).queryByText('Listed')).toBeNull();
    expect(within(google).getByText('Ready to list').nextElementSibling?.textContent).toBe('26');
  });
});
