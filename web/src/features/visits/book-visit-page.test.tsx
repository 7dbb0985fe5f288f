import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoment } from '../../../../domain/date-time.ts';
import { createWebHost } from '../../host/web-host.ts';
import { DEAL_CAR, dealSettingsAnswer, quoteRoute } from '../../test/deal-fixtures.ts';
import { json } from '../../test/render.tsx';
import { mockVisitsApi, refusal, renderVisits, slot, slotsAnswer, visit } from './test/visits-harness.tsx';

let network: ReturnType<typeof mockVisitsApi> | undefined;
afterEach(() => network?.restore());

const BOOK = `/cars/${DEAL_CAR.uuid}/visit?type=test_drive`;

// January: Chicago is on Central Standard Time, six hours behind UTC.
const TUESDAY_9 = '2027-01-12T15:00:00.000Z';
const TUESDAY_10 = '2027-01-12T16:00:00.000Z';
const TUESDAY_11 = '2027-01-12T17:00:00.000Z';
const WEDNESDAY_2 = '2027-01-13T20:00:00.000Z';
const JANUARY_SLOTS = slotsAnswer([slot(TUESDAY_9), slot(TUESDAY_10, 1), slot(TUESDAY_11, 0), slot(WEDNESDAY_2)]);

const radioNames = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent);
const bookings = () => network!.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/visits');

async function fillDetails({ email = 'ana@example.com' }: { email?: string } = {}) {
  await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana Lopez');
  await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '512 555 0100');
  if (email !== '') await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), email);
}

describe('booking a test drive', () => {
  it('offers only the free times, on the dealer’s clock, and says which zone they are in', async () => {
    network = mockVisitsApi({ 'GET /api/visits/slots': () => JANUARY_SLOTS });
    renderVisits(BOOK);
    expect(await screen.findByText('Times are Central Time (CST).')).toBeTruthy();
    const days = screen.getByRole('group', { name: 'Day' });
    expect(radioNames(days)).toEqual(['Tue, Jan 12', 'Wed, Jan 13']);
    // 11:00 has no place left.
    expect(radioNames(screen.getByRole('group', { name: 'Time' }))).toEqual(['9:00 AM', '10:00 AM']);
    await userEvent.click(within(days).getByRole('radio', { name: 'Wed, Jan 13' }));
    expect(radioNames(screen.getByRole('group', { name: 'Time' }))).toEqual(['2:00 PM']);
    expect(network.calls.find((call) => call.url.pathname === '/api/visits/slots')?.url.searchParams.get('carUuid')).toBe(DEAL_CAR.uuid);
  });

  it('a hold offers only the times that end within 48 hours', async () => {
    const hour = 3_600_000;
    const soon = new Date(Math.ceil(Date.now() / hour) * hour + 3 * hour).toISOString();
    const later = new Date(Date.parse(soon) + 72 * hour).toISOString();
    network = mockVisitsApi({ 'GET /api/visits/slots': () => slotsAnswer([slot(soon), slot(later)]) });
    renderVisits(`/cars/${DEAL_CAR.uuid}/visit?type=hold`);
    const time = await screen.findByRole('group', { name: 'Time' });
    const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'America/Chicago' });
    expect(radioNames(time)).toEqual([clock.format(new Date(soon))]);
    expect(within(screen.getByRole('group', { name: 'Day' })).getAllByRole('radio')).toHaveLength(1);
    expect(screen.getByText(/We keep the car for you until the end of your visit, at most 48 hours from now/)).toBeTruthy();
  });

  it('sends the car, the time, the details and the car page’s deal, then confirms the booking', async () => {
    network = mockVisitsApi({
      'GET /api/visits/slots': () => JANUARY_SLOTS,
      'GET /api/deal-settings': () => dealSettingsAnswer(),
      'POST /api/deals/quote': quoteRoute(),
      'POST /api/visits': ({ body }) => json(201, visit({ start: (body as { start: string }).start, end: TUESDAY_11 })),
    });
    renderVisits(`${BOOK}&deal=cash&zip=75201`);
    await userEvent.click(await screen.findByRole('radio', { name: '10:00 AM' }));
    await fillDetails();
    await userEvent.type(screen.getByRole('textbox', { name: /^Anything we should know\?/ }), 'I will bring my wife.');
    const attach = screen.getByRole('checkbox', { name: 'Attach my deal' });
    expect(attach).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));

    expect(await screen.findByText('Your test drive is booked.')).toBeTruthy();
    expect(screen.getByTestId('location').dataset.pathname).toBe('/visits/41');
    expect(bookings().map((call) => call.body)).toEqual([
      {
        carUuid: DEAL_CAR.uuid,
        type: 'test_drive',
        start: TUESDAY_10,
        name: 'Ana Lopez',
        phone: '+15125550100',
        email: 'ana@example.com',
        note: 'I will bring my wife.',
        deal: {
          type: 'cash',
          zip: '75201',
          tierId: null,
          cashDownCents: 0,
          termMonths: null,
          milesPerYear: null,
          productIds: [],
          trade: null,
        },
      },
    ]);
    expect(screen.getByText(`${formatMoment(TUESDAY_10, 'en', 'America/Chicago')}`)).toBeTruthy();
  });

  it('leaves the deal out when the shopper unticks it', async () => {
    network = mockVisitsApi({
      'GET /api/visits/slots': () => JANUARY_SLOTS,
      'GET /api/deal-settings': () => dealSettingsAnswer(),
      'POST /api/deals/quote': quoteRoute(),
      'POST /api/visits': () => json(201, visit()),
    });
    renderVisits(`${BOOK}&deal=cash&zip=75201`);
    await userEvent.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await fillDetails();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Attach my deal' }));
    await userEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));
    await waitFor(() => expect(bookings()).toHaveLength(1));
    expect(bookings()[0]!.body).toMatchObject({ deal: null });
  });

  it('when the last place is taken first, says so and offers the next free times', async () => {
    let attempts = 0;
    network = mockVisitsApi({
      'GET /api/visits/slots': () => JANUARY_SLOTS,
      'POST /api/visits': ({ body }) => {
        attempts += 1;
        if (attempts === 1) return refusal(409, 'slot_full', 'This time is full.', { nextSlots: [slot(TUESDAY_11), slot(WEDNESDAY_2)] });
        return json(201, visit({ start: (body as { start: string }).start }));
      },
    });
    renderVisits(BOOK);
    await userEvent.click(await screen.findByRole('radio', { name: '10:00 AM' }));
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));

    expect(await screen.findByText('Someone has just taken the last place at this time.')).toBeTruthy();
    const next = screen.getByRole('button', { name: formatMoment(WEDNESDAY_2, 'en', 'America/Chicago', 'compact') });
    expect(screen.getByRole('button', { name: 'Jan 12, 2027, 11:00 AM CST' })).toBeTruthy();
    await userEvent.click(next);
    expect(next.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));
    expect(await screen.findByText('Your test drive is booked.')).toBeTruthy();
    expect(bookings().map((call) => (call.body as { start: string }).start)).toEqual([TUESDAY_10, WEDNESDAY_2]);
  });

  it('a web shopper must give an email, and nothing is sent without one', async () => {
    network = mockVisitsApi({ 'GET /api/visits/slots': () => JANUARY_SLOTS });
    renderVisits(BOOK);
    await userEvent.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await fillDetails({ email: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));
    const summary = await screen.findByRole('group', { name: 'Please fix the following:' });
    expect(within(summary).getByRole('link', { name: 'Enter your email so we can send the confirmation.' }).getAttribute('href')).toBe(
      '#visit-email',
    );
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    expect(bookings()).toEqual([]);
  });

  it('in Telegram asks no email and takes the name from the Telegram profile', async () => {
    const host = {
      ...createWebHost(),
      kind: 'telegram' as const,
      user: {
        id: 42,
        firstName: 'Olena',
        lastName: 'Koval',
        username: null,
        languageCode: 'en',
        photoUrl: null,
        isPremium: false,
      },
    };
    network = mockVisitsApi({ 'GET /api/visits/slots': () => JANUARY_SLOTS, 'POST /api/visits': () => json(201, visit()) });
    renderVisits(BOOK, { host });
    await userEvent.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveProperty('value', 'Olena Koval');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: 'Phone' }), '(512) 555-0100');
    await userEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));
    await waitFor(() => expect(bookings()).toHaveLength(1));
    expect(bookings()[0]!.body).toMatchObject({ name: 'Olena Koval', phone: '+15125550100', email: '' });
  });

  it('shows the server’s field errors at their fields', async () => {
    network = mockVisitsApi({
      'GET /api/visits/slots': () => JANUARY_SLOTS,
      'POST /api/visits': () =>
        refusal(400, 'bad_request', 'Invalid booking', {
          fields: { start: 'This time is too soon for us to get the car ready: choose a later one.' },
        }),
    });
    renderVisits(BOOK);
    await userEvent.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));
    const summary = await screen.findByRole('group', { name: 'Please fix the following:' });
    const message = 'This time is too soon for us to get the car ready: choose a later one.';
    expect(within(summary).getByRole('link', { name: message }).getAttribute('href')).toBe('#visit-start');
    const time = screen.getByRole('group', { name: 'Time' });
    expect(document.getElementById(time.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent).toBe(message);
  });

  it('a car someone else has just held is refused with a way back to the cars', async () => {
    network = mockVisitsApi({
      'GET /api/visits/slots': () => JANUARY_SLOTS,
      'POST /api/visits': () => refusal(409, 'car_on_hold', 'Another shopper holds this car.'),
    });
    renderVisits(BOOK);
    await userEvent.click(await screen.findByRole('radio', { name: '9:00 AM' }));
    await fillDetails();
    await userEvent.click(screen.getByRole('button', { name: 'Book the test drive' }));
    const alert = await screen.findByText('Someone else is holding this car now.');
    expect(
      within(alert.closest('[role="alert"]') as HTMLElement)
        .getByRole('link', { name: 'See other cars' })
        .getAttribute('href'),
    ).toBe('/cars');
    expect(screen.queryByRole('button', { name: 'Book the test drive' })).toBeNull();
  });

  it('a car another shopper holds offers no booking at all', async () => {
    const held = { ...DEAL_CAR, hold: { until: TUESDAY_11, yours: false } };
    network = mockVisitsApi({}, held);
    renderVisits(BOOK);
    expect(await screen.findByText('Someone else is holding this car now.')).toBeTruthy();
    expect(network.calls.some((call) => call.url.pathname === '/api/visits/slots')).toBe(false);
    expect(screen.queryByRole('group', { name: 'Time' })).toBeNull();
  });
});
