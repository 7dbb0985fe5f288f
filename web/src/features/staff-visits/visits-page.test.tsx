import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StaffVisit } from '../../../../domain/contracts/visits.ts';
import { Toaster, toast } from '../../components/toasts.tsx';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { allowModalDialogs, passkey, passkeysAnswer, staffVisit } from '../../test/staff-fixtures.ts';
import { DAY, slotsAnswer, visitsAnswer } from './test/fixtures.ts';
import { VisitsPage } from './visits-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
beforeAll(allowModalDialogs);
afterEach(() => {
  network?.restore();
  toast.dismiss();
});

/** Clicks, a write and the refetch after it: on a busy two-core machine these outlast the default 5 s. */
const CLICKS_AND_REFETCHES = { timeout: 15_000 };

const drive = staffVisit();
const hold = staffVisit({
  id: 32,
  type: 'hold',
  start: '2026-06-02T15:30:00.000Z',
  end: '2026-06-02T16:00:00.000Z',
  name: 'John Doe',
  phone: '+15559876543',
  email: null,
  channel: 'telegram',
});
const afternoon = staffVisit({
  id: 33,
  start: '2026-06-02T19:00:00.000Z',
  end: '2026-06-02T19:30:00.000Z',
  name: 'Ann Lee',
  status: 'completed',
  mayChange: false,
});

/**
 * The Visits tab at June 2, 2026, as an admin whose session may see contacts (or not, with
 * `passkeys`). GET /api/visits answers the day's visits, in the order `items` gives, narrowed by type.
 */
function openCalendar(
  items: () => StaffVisit[] = () => [afternoon, drive, hold],
  routes: Parameters<typeof mockFetch>[0] = {},
  passkeys = passkeysAnswer({ mfaRequired: false }),
) {
  network = mockFetch({
    'GET /api/me': () => ({ user: null, isAdmin: true, via: 'session' }),
    'GET /api/auth/passkeys': () => passkeys,
    'GET /api/visits': ({ url }) => {
      const type = url.searchParams.get('type');
      return visitsAnswer(items().filter((visit) => !type || visit.type === type));
    },
    ...routes,
  });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/visits" element={<VisitsPage />} />
      </Routes>
      <Toaster />
    </>,
    { route: `/dashboard/visits?date=${DAY}` },
  );
}

const visitTimes = () => screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
const visitOf = async (time: RegExp) => (await screen.findByRole('heading', { name: time })).closest('article')!;
const calls = (method: string, path: string) => network!.calls.filter((call) => call.method === method && call.url.pathname === path);
/** A description list's value by its term. */
const valueOf = (article: HTMLElement, term: string) => within(article).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the Visits calendar', () => {
  it('lists the day’s visits in time order, each on the dealer’s clock with its zone named', async () => {
    openCalendar();
    expect(await screen.findByRole('heading', { level: 3, name: 'Tuesday, June 2, 2026' })).toBeTruthy();
    expect(screen.getByText('Times are on the dealer’s clock, America/Chicago.')).toBeTruthy();
    expect(visitTimes()).toEqual([
      expect.stringMatching(/^9:00\sAM – 9:30\sAM CDT$/),
      expect.stringMatching(/^10:30\sAM – 11:00\sAM CDT$/),
      expect.stringMatching(/^2:00\sPM – 2:30\sPM CDT$/),
    ]);
    expect(network!.calls.find((call) => call.url.pathname === '/api/visits')?.url.search).toBe(`?range=day&date=${DAY}`);
  });

  it('shows who comes, their contacts, the car with its stock number and who booked it', async () => {
    openCalendar();
    const visit = await visitOf(/^9:00\sAM/);
    expect(within(visit).getByText('Test drive')).toBeTruthy();
    expect(within(visit).getByText('Booked', { selector: '.status-badge' })).toBeTruthy();
    expect(valueOf(visit, 'Shopper')).toBe('Mary Major');
    expect(valueOf(visit, 'Phone')).toBe('(555) 123-4567');
    expect(valueOf(visit, 'Email')).toBe('mary.major@example.com');
    expect(within(visit).getByRole('link', { name: '2003 Honda Accord EX' }).getAttribute('href')).toBe(
      `/dashboard/inventory/${drive.car.uuid}`,
    );
    expect(within(visit).getByText('Stock #A1001')).toBeTruthy();
    expect(valueOf(visit, 'Booked by')).toMatch(/^The shopper, May 30, 2026, 11:00\sAM CDT$/);
  });

  it('hides phone numbers and emails until the session confirms its passkey', async () => {
    openCalendar(undefined, {}, passkeysAnswer({ passkeys: [passkey] }));
    const visit = await visitOf(/^9:00\sAM/);
    expect(
      await screen.findByText('Emails and phone numbers are partly hidden until you confirm it’s you with your passkey.'),
    ).toBeTruthy();
    expect(valueOf(visit, 'Phone')).toBe('•••-•••-4567');
    expect(valueOf(visit, 'Email')).toBe('m•••@example.com');
    expect(screen.getByRole('button', { name: 'Use my passkey' })).toBeTruthy();
  });

  it('shows only test drives when staff choose that type, asking the API for them', async () => {
    openCalendar();
    await visitOf(/^10:30\sAM/);
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Test drives');
    await waitFor(() => expect(visitTimes()).toHaveLength(2));
    expect(screen.queryByRole('heading', { name: /^10:30\sAM/ })).toBeNull();
    expect(calls('GET', '/api/visits').some((call) => call.url.searchParams.get('type') === 'test_drive')).toBe(true);
  });

  it('marks a visit completed by sending its outcome', async () => {
    let visits = [drive];
    openCalendar(() => visits, {
      'PATCH /api/visits/31/outcome': () => {
        visits = [{ ...drive, status: 'completed', mayChange: false }];
        return visits[0];
      },
    });
    const visit = await visitOf(/^9:00\sAM/);
    await userEvent.click(within(visit).getByRole('button', { name: 'Completed' }));
    expect(await screen.findByText('Mary Major’s visit is marked as completed.', {}, CLICKS_AND_REFETCHES)).toBeTruthy();
    expect(calls('PATCH', '/api/visits/31/outcome').map((call) => call.body)).toEqual([{ outcome: 'completed' }]);
    await waitFor(() => expect(within(visit).getByText('Completed', { selector: '.status-badge' })).toBeTruthy(), CLICKS_AND_REFETCHES);
    expect(within(visit).queryByRole('button', { name: 'Completed' })).toBeNull();
  });

  it('asks before cancelling, saying the shopper is told, and cancels only once confirmed', async () => {
    openCalendar(undefined, { 'POST /api/visits/31/cancel': () => ({ ...drive, status: 'cancelled', cancelledBy: 'staff' }) });
    const visit = await visitOf(/^9:00\sAM/);
    await userEvent.click(within(visit).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Mary Major’s visit?' });
    expect(dialog.textContent).toContain(
      'Mary Major’s test drive of 2003 Honda Accord EX will be cancelled. The shopper is told by email that the visit is cancelled.',
    );
    expect(calls('POST', '/api/visits/31/cancel')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel the visit' }));
    expect(await screen.findByText('Visit cancelled.', {}, CLICKS_AND_REFETCHES)).toBeTruthy();
    expect(calls('POST', '/api/visits/31/cancel').map((call) => call.body)).toEqual([{}]);
  });

  it('moves a visit to a free time of its car', async () => {
    openCalendar(undefined, {
      'GET /api/visits/slots': () => slotsAnswer(),
      'PATCH /api/visits/31': ({ body }) => ({ ...drive, start: (body as { start: string }).start, end: '2026-06-03T16:00:00.000Z' }),
    });
    const visit = await visitOf(/^9:00\sAM/);
    await userEvent.click(within(visit).getByRole('button', { name: 'Move to another time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move the visit' });
    const time = await within(dialog).findByRole('combobox', { name: 'New time' });
    await userEvent.selectOptions(time, within(dialog).getByRole('option', { name: /^10:30\sAM – 11:00\sAM CDT \(1 place left\)$/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move the visit' }));
    expect(
      await screen.findByText(/^Visit moved to 10:30\sAM – 11:00\sAM CDT\. The shopper is told\.$/, {}, CLICKS_AND_REFETCHES),
    ).toBeTruthy();
    expect(calls('PATCH', '/api/visits/31').map((call) => call.body)).toEqual([{ start: '2026-06-03T15:30:00.000Z' }]);
    expect(calls('GET', '/api/visits/slots')[0]?.url.searchParams.get('carUuid')).toBe(drive.car.uuid);
  });
});
