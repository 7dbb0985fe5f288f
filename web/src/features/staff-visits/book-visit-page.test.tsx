import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { validationMessages } from '../../../../domain/messages.ts';
import { visitMessages } from '../../../../domain/visits/visit.schema.ts';
import { Toaster, toast } from '../../components/toasts.tsx';
import { mockFetch, renderWithProviders, json } from '../../test/render.tsx';
import { CAR_UUID, inventoryItem, pageOf, staffVisit } from '../../test/staff-fixtures.ts';
import { BookVisitPage } from './book-visit-page.tsx';
import { slotsAnswer } from './test/fixtures.ts';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  network?.restore();
  toast.dismiss();
});

/** Typing a whole form and a write: on a busy two-core machine these outlast the default 5 s. */
const TYPING = { timeout: 15_000 };

function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

function openBooking(routes: Parameters<typeof mockFetch>[0] = {}) {
  network = mockFetch({
    'GET /api/inventory': () => pageOf([inventoryItem()]),
    'GET /api/visits/slots': () => slotsAnswer(),
    ...routes,
  });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/visits/new" element={<BookVisitPage />} />
        <Route path="/dashboard/visits" element={<CurrentAddress />} />
      </Routes>
      <Toaster />
    </>,
    { route: '/dashboard/visits/new' },
  );
}

const posts = () => network!.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/visits');
const book = () => userEvent.click(screen.getByRole('button', { name: 'Book the visit' }));

describe('booking a visit for a caller', () => {
  it('books a car on sale at one of its free times for the caller, then opens the calendar at that day', async () => {
    openBooking({
      'POST /api/visits': () =>
        json(201, staffVisit({ id: 40, start: '2026-06-03T15:00:00.000Z', end: '2026-06-03T15:30:00.000Z', userId: null })),
    });
    await userEvent.click(await screen.findByRole('radio', { name: '2003 Honda Accord EX · Stock #A1001' }));
    const time = await screen.findByRole('combobox', { name: 'Date and time' });
    await userEvent.selectOptions(time, screen.getByRole('option', { name: /^10:00\sAM – 10:30\sAM CDT \(2 places left\)$/ }));
    await userEvent.type(screen.getByLabelText('Name'), 'Mary Major');
    await userEvent.type(screen.getByLabelText('Phone'), '5551234567');
    await userEvent.type(screen.getByLabelText(/^Note/), 'Calls back after 5.');
    await book();
    expect(await screen.findByTestId('address', {}, TYPING)).toHaveProperty('textContent', '/dashboard/visits?date=2026-06-03');
    expect(posts().map((call) => call.body)).toEqual([
      {
        carUuid: CAR_UUID,
        type: 'test_drive',
        start: '2026-06-03T15:00:00.000Z',
        name: 'Mary Major',
        phone: '+15551234567',
        email: '',
        note: 'Calls back after 5.',
        deal: null,
        forCaller: true,
      },
    ]);
    expect(network!.calls.find((call) => call.url.pathname === '/api/inventory')?.url.searchParams.get('state')).toBe('available');
  });

  it('says what is missing at each field and sends nothing', async () => {
    openBooking();
    await screen.findByRole('radio', { name: '2003 Honda Accord EX · Stock #A1001' });
    await book();
    const summary = await screen.findByRole('group', { name: 'Please fix the following:' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Car: Choose a car.',
      `Date and time: ${visitMessages.startInvalid}`,
      `Name: ${visitMessages.nameRequired}`,
      `Phone: ${validationMessages.phoneRequired}`,
    ]);
    expect(posts()).toEqual([]);
  });

  it('asks for another time when the last place of the chosen one went meanwhile', async () => {
    openBooking({ 'POST /api/visits': () => json(409, { error: { code: 'slot_full', message: 'That slot is full.', nextSlots: [] } }) });
    await userEvent.click(await screen.findByRole('radio', { name: '2003 Honda Accord EX · Stock #A1001' }));
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Date and time' }), screen.getAllByRole('option')[1]!);
    await userEvent.type(screen.getByLabelText('Name'), 'Mary Major');
    await userEvent.type(screen.getByLabelText('Phone'), '5551234567');
    await book();
    expect(await screen.findByText('That time was just taken: choose another.', { selector: '.edit-field__error' }, TYPING)).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Date and time' }).value).toBe('');
  });
});
