import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatMoment } from '../../../../domain/date-time.ts';
import { allowModalDialogs } from '../../test/staff-fixtures.ts';
import { DEAL_CAR } from '../../test/deal-fixtures.ts';
import { mockVisitsApi, refusal, renderVisits, slot, slotsAnswer, visit } from './test/visits-harness.tsx';

let network: ReturnType<typeof mockVisitsApi> | undefined;
afterEach(() => network?.restore());
beforeAll(allowModalDialogs);

const LINK = '/visits/41?token=signed-token';
const calls = (method: string, path: string) => network!.calls.filter((call) => call.method === method && call.url.pathname === path);

async function cancelIt() {
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel visit' }));
  const dialog = screen.getByRole('dialog', { name: 'Cancel this visit?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the visit' }));
}

describe('a visit opened from its signed link', () => {
  it('shows the visit on the dealer’s clock and cancels it with the link’s token, without signing in', async () => {
    network = mockVisitsApi({
      'GET /api/visits/41': () => visit(),
      'POST /api/visits/41/cancel': () => visit({ status: 'cancelled', mayChange: false }),
    });
    renderVisits(LINK);
    const card = within(await screen.findByRole('article', { name: '2024 Toyota Camry SE' }));
    expect(card.getByText('January 12, 2027 at 9:00 AM CST')).toBeTruthy();
    expect(calls('GET', '/api/visits/41')[0]!.url.searchParams.get('token')).toBe('signed-token');
    await cancelIt();
    expect(await screen.findByText('Your visit is cancelled.')).toBeTruthy();
    expect(card.getByText('Cancelled')).toBeTruthy();
    expect(calls('POST', '/api/visits/41/cancel').map((call) => call.body)).toEqual([{ token: 'signed-token' }]);
    expect(card.queryByRole('button', { name: 'Cancel visit' })).toBeNull();
  });

  it('explains an expired link', async () => {
    network = mockVisitsApi({ 'GET /api/visits/41': () => refusal(410, 'link_expired', 'This link has expired.') });
    renderVisits(LINK);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This link has expired.');
    expect(screen.getByRole('link', { name: 'All my visits' }).getAttribute('href')).toBe('/visits');
  });

  it('explains a link that is not valid', async () => {
    network = mockVisitsApi({ 'GET /api/visits/41': () => refusal(403, 'forbidden', 'Forbidden') });
    renderVisits(LINK);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This link is not valid.');
  });

  it('a link replayed after the visit was cancelled says the visit is closed', async () => {
    network = mockVisitsApi({
      'GET /api/visits/41': () => visit(),
      'POST /api/visits/41/cancel': () => refusal(409, 'visit_closed', 'This visit is closed.'),
    });
    renderVisits(LINK);
    await cancelIt();
    expect(await screen.findByText('This visit was cancelled or has already begun.')).toBeTruthy();
  });

  it('moves the visit to another free time with the link’s token', async () => {
    const tuesday10 = '2027-01-12T16:00:00.000Z';
    network = mockVisitsApi({
      'GET /api/visits/41': () => visit(),
      'GET /api/visits/slots': () => slotsAnswer([slot('2027-01-12T15:00:00.000Z'), slot(tuesday10)]),
      'PATCH /api/visits/41': () => visit({ start: tuesday10, end: '2027-01-12T17:00:00.000Z' }),
    });
    renderVisits(LINK);
    await userEvent.click(await screen.findByRole('button', { name: 'Move' }));
    await userEvent.click(await screen.findByRole('radio', { name: '10:00 AM' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to this time' }));
    expect(await screen.findByText(`Your visit is moved to ${formatMoment(tuesday10, 'en', 'America/Chicago')}.`)).toBeTruthy();
    expect(calls('PATCH', '/api/visits/41').map((call) => call.body)).toEqual([{ start: tuesday10, token: 'signed-token' }]);
  });
});

describe('my visits', () => {
  it('lists upcoming visits before earlier ones, each with its type, time and status', async () => {
    network = mockVisitsApi({
      'GET /api/visits/mine': () => ({
        items: [
          visit({ id: 41, type: 'hold', start: '2099-01-12T15:00:00.000Z', end: '2099-01-12T16:00:00.000Z' }),
          visit({ id: 12, start: '2026-01-12T15:00:00.000Z', end: '2026-01-12T16:00:00.000Z', status: 'completed', mayChange: false }),
        ],
      }),
    });
    renderVisits('/visits');
    const upcoming = within(await screen.findByRole('region', { name: 'Upcoming' }));
    expect(upcoming.getByText('Hold')).toBeTruthy();
    expect(upcoming.getByText('Booked')).toBeTruthy();
    expect(upcoming.getByText('January 12, 2099 at 9:00 AM CST')).toBeTruthy();
    expect(upcoming.getByText('Car held until')).toBeTruthy();
    expect(upcoming.getByRole('button', { name: 'Move' })).toBeTruthy();
    const earlier = within(screen.getByRole('region', { name: 'Earlier and cancelled' }));
    expect(earlier.getByText('Completed')).toBeTruthy();
    expect(earlier.queryByRole('button', { name: 'Move' })).toBeNull();
  });

  it('a visit whose car is gone says so and moves to another available car', async () => {
    const other = { ...DEAL_CAR, uuid: '11111111-2222-4333-8444-555555555555', model: 'Corolla', trim: 'LE' };
    network = mockVisitsApi({
      'GET /api/visits/mine': () => ({ items: [visit({ carGone: true, car: { ...visit().car, listingState: 'sold' } })] }),
      [`GET /api/cars/${DEAL_CAR.uuid}/similar`]: () => ({
        items: [{ ...other, photo: null, image: null }],
      }),
      'GET /api/visits/slots': () => slotsAnswer([slot('2027-01-12T15:00:00.000Z')]),
      'PATCH /api/visits/41': () => visit({ car: { ...visit().car, uuid: other.uuid, title: '2024 Toyota Corolla LE' } }),
    });
    renderVisits('/visits');
    expect(await screen.findByText('This car is no longer available for your visit. You can keep the visit for another car.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See other cars' }).getAttribute('href')).toBe('/cars');
    await userEvent.click(screen.getByRole('button', { name: 'Move to another car' }));
    await userEvent.click(await screen.findByRole('radio', { name: '2024 Toyota Corolla LE' }));
    await userEvent.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move to this time' }));
    await waitFor(() => expect(calls('PATCH', '/api/visits/41')).toHaveLength(1));
    expect(calls('PATCH', '/api/visits/41')[0]!.body).toEqual({ start: '2027-01-12T15:00:00.000Z', carUuid: other.uuid });
    expect(calls('GET', '/api/visits/slots').at(-1)?.url.searchParams.get('carUuid')).toBe(other.uuid);
  });

  it('says so when there are none, with a way to the cars', async () => {
    network = mockVisitsApi({ 'GET /api/visits/mine': () => ({ items: [] }) });
    renderVisits('/visits');
    expect(await screen.findByText('You have no visits booked.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse cars' }).getAttribute('href')).toBe('/cars');
  });
});
