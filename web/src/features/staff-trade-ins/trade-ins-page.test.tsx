import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffTradeInItem } from '../../../../domain/contracts/trade-ins.ts';
import { mockFetch, renderWithProviders, json } from '../../test/render.tsx';
import { pageOf } from '../../test/staff-fixtures.ts';
import { tradeInItem } from './test/fixtures.ts';
import { TradeInsPage } from './trade-ins-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

function openQueue(answer: (status: string, page: number) => unknown, route = '/dashboard/trade-ins') {
  network = mockFetch({
    'GET /api/trade-ins': ({ url }) => answer(url.searchParams.get('status') ?? '', Number(url.searchParams.get('page'))),
  });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/trade-ins" element={<TradeInsPage />} />
    </Routes>,
    { route },
  );
}

const queueCalls = () =>
  network!.calls.filter((call) => call.url.pathname === '/api/trade-ins').map((call) => Object.fromEntries(call.url.searchParams));

const rows = () => screen.getAllByRole('row').slice(1);

describe('the trade-in queue', () => {
  it('opens on the new trade-ins, with each car’s mileage, photos, who it waits on and its latest offer', async () => {
    openQueue((status) => pageOf(status === 'new' ? [tradeInItem()] : []));
    const link = await screen.findByRole('link', { name: '2015 Honda Civic EX' });
    expect(link.getAttribute('href')).toBe('/dashboard/trade-ins/7');
    expect(rows().map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent))).toEqual([
      ['No photo', '2015 Honda Civic EX', '84,000 mi', '6', expect.stringContaining('2026'), 'Waiting on us', '—'],
    ]);
    const tabs = screen.getByRole('navigation', { name: 'Trade-ins by status' });
    expect([...within(tabs).getAllByRole('link')].map((tab) => [tab.textContent, tab.getAttribute('aria-current')])).toEqual([
      ['New', 'page'],
      ['Offered', null],
      ['Accepted', null],
      ['Declined', null],
      ['Offer expired', null],
    ]);
    expect(queueCalls()).toEqual([{ status: 'new', page: '1', limit: '20' }]);
  });

  it('lists another status’s trade-ins when its tab is chosen', async () => {
    const offered: StaffTradeInItem = tradeInItem({
      id: 8,
      status: 'offered',
      title: '2018 Toyota Camry SE',
      waitingOn: 'shopper',
      latestOfferCents: 1_525_050,
    });
    openQueue((status) => pageOf(status === 'offered' ? [offered] : [tradeInItem()]));
    await screen.findByRole('link', { name: '2015 Honda Civic EX' });
    await userEvent.click(screen.getByRole('link', { name: 'Offered' }));
    expect(await screen.findByRole('link', { name: '2018 Toyota Camry SE' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Offered' }).getAttribute('aria-current')).toBe('page');
    expect(within(rows()[0]!).getByText('Waiting on the owner')).toBeTruthy();
    expect(within(rows()[0]!).getByText('$15,250.50')).toBeTruthy();
    expect(queueCalls().at(-1)).toEqual({ status: 'offered', page: '1', limit: '20' });
  });

  it('pages through a long queue', async () => {
    openQueue((_status, page) =>
      pageOf([tradeInItem({ id: page, title: page === 1 ? '2015 Honda Civic EX' : '2012 Ford Focus SE' })], page, 25, 20),
    );
    expect(await screen.findByText('Page 1 of 2 (25 in all)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: '2012 Ford Focus SE' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 2 (25 in all)')).toBeTruthy();
    expect(queueCalls().at(-1)).toEqual({ status: 'new', page: '2', limit: '20' });
  });

  it('says when a status has no trade-ins', async () => {
    openQueue(() => pageOf([]), '/dashboard/trade-ins?status=declined');
    expect((await screen.findByText('No trade-ins with this status.')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Declined' }).getAttribute('aria-current')).toBe('page');
  });

  it('says when the queue could not be loaded, and loads it again on request', async () => {
    let failing = true;
    openQueue(() => (failing ? json(503, { error: { code: 'database_unavailable', message: 'Try later' } }) : pageOf([tradeInItem()])));
    expect((await screen.findByRole('alert')).textContent).toContain('The list could not be loaded (error 503).');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: '2015 Honda Civic EX' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
