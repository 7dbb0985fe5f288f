import { queries, screen, waitFor, within, type BoundFunctions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffTradeIn } from '../../../../domain/contracts/trade-ins.ts';
import { tradeInOfferMessages } from '../../../../domain/trade-ins/trade-in.schema.ts';
import { Toaster, toast } from '../../components/toasts.tsx';
import { mockFetch, renderWithProviders, json } from '../../test/render.tsx';
import { allowModalDialogs, mfaRequired, passkey, passkeysAnswer } from '../../test/staff-fixtures.ts';
import { staffTradeIn, tradeInOffer } from './test/fixtures.ts';
import { TradeInPage } from './trade-in-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  network?.restore();
  toast.dismiss();
  vi.unstubAllGlobals();
});
beforeAll(() => allowModalDialogs());

/** Typing, clicks and a refetch after a write: on a busy two-core machine these outlast the default 5 s. */
const CLICKS_AND_REFETCHES = { timeout: 15_000 };

function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/** The trade-in page of trade-in 7, its photos answered as images; `tradeIn` is read at each fetch. */
function openTradeIn(tradeIn: () => StaffTradeIn | Response, routes: Parameters<typeof mockFetch>[0] = {}) {
  // jsdom makes no object URLs; the photos are shown from these.
  vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }));
  network = mockFetch({
    'GET /api/trade-ins/7': () => tradeIn(),
    'GET /api/trade-ins/7/photos/p1': () => new Response(new Blob(['jpeg']), { headers: { 'content-type': 'image/jpeg' } }),
    ...routes,
  });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/trade-ins/:tradeInId" element={<TradeInPage />} />
        <Route path="/dashboard/inventory/:uuid" element={<CurrentPath />} />
      </Routes>
      <Toaster />
    </>,
    { route: '/dashboard/trade-ins/7' },
  );
}

/** A section of the page by its heading (a table in it may carry the same name). */
const section = async (name: string) => within((await screen.findByRole('heading', { level: 3, name })).closest('section')!);
const posts = (path: string) => network!.calls.filter((call) => call.method === 'POST' && call.url.pathname === path);
/** A description list's value by its term. */
const valueOf = (area: Pick<BoundFunctions<typeof queries>, 'getByText'>, term: string) =>
  area.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the trade-in page', () => {
  it('shows the owner’s answers in words, the VIN’s year and make, who the owner is and what is owed', async () => {
    openTradeIn(() => staffTradeIn());
    expect(await screen.findByRole('heading', { level: 2, name: '2015 Honda Civic EX' })).toBeTruthy();
    const answers = await section('The owner’s answers');
    expect(valueOf(answers, 'VIN')).toBe('19XFB2F57FE000001The VIN says: a 2015 Honda');
    expect(valueOf(answers, 'Mileage')).toBe('84,000 mi');
    expect(valueOf(answers, 'Accident history')).toBe('Minor');
    expect(valueOf(answers, 'Keys')).toBe('Two or more keys');
    expect(valueOf(answers, 'Tires')).toBe('Worn, need replacing');
    expect(valueOf(answers, 'Mechanical issues')).toBe('Yes');
    expect(valueOf(answers, 'Smoked in')).toBe('No');
    expect(valueOf(answers, 'Aftermarket modifications')).toBe('Not answered');
    expect(valueOf(answers, 'Ownership')).toBe('Financed (a loan to pay off)');
    expect(valueOf(answers, 'Payoff lender')).toBe('Ally Bank');
    expect(valueOf(answers, 'Payoff amount')).toBe('$4,500.50');
    expect(answers.getByText('New brakes last spring.')).toBeTruthy();
    const owner = await section('Owner');
    expect(valueOf(owner, 'Name')).toBe('Mary Major');
    expect(owner.getByRole('link', { name: '@mary' }).getAttribute('href')).toBe('https://t.me/mary');
    expect(valueOf(owner, 'Email')).toBe('mary@example.com');
  });

  it('shows the photos by angle, one larger on request, and names the angles still missing', async () => {
    openTradeIn(() => staffTradeIn());
    const photos = await section('Photos');
    expect(photos.getByText('Missing photos: Rear, Left side, Right side, Interior, Odometer')).toBeTruthy();
    await userEvent.click(await photos.findByRole('button', { name: 'View Front larger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Front' });
    expect(within(dialog).getByRole('img', { name: 'Front' }).getAttribute('src')).toBe('blob:photo');
  });

  it('lists the comparable cars and the questions and answers', async () => {
    openTradeIn(() => staffTradeIn());
    const comparables = await section('Comparable cars');
    expect(comparables.getAllByRole('row').map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['Car', 'Year', 'Mileage', 'Price', 'Days in stock', 'Sold or listed'],
      ['2016 Honda Civic LX', '2016', '61,000 mi', '$14,995', '23', 'Sold'],
    ]);
    const thread = await section('Questions and answers');
    expect(thread.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Staff asked · .*Any service records\?$/),
      expect.stringMatching(/^The owner answered · .*Yes, all at the Honda dealer\.$/),
    ]);
  });

  it('asks for the passkey before showing the owner’s data to a session that has not confirmed one', async () => {
    openTradeIn(() => mfaRequired(), { 'GET /api/auth/passkeys': () => passkeysAnswer({ passkeys: [passkey] }) });
    expect(await screen.findByRole('button', { name: 'Use my passkey' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Owner' })).toBeNull();
  });
});

describe('sending an offer on a trade-in', () => {
  it('sends the dollars typed as cents, with the default validity and conditions, and lists the offer', CLICKS_AND_REFETCHES, async () => {
    let current = staffTradeIn();
    openTradeIn(() => current, {
      'POST /api/trade-ins/7/offers': () => {
        current = staffTradeIn({ status: 'offered', waitingOn: 'shopper', offers: [tradeInOffer({ amountCents: 1_150_050 })] });
        return json(201, current.offers[0]);
      },
    });
    const offers = await section('Offers');
    await userEvent.click(offers.getByRole('button', { name: 'Send an offer' }));
    const form = within(await screen.findByRole('form', { name: 'Send an offer' }));
    expect(form.getByLabelText<HTMLInputElement>('Valid for, days').value).toBe('7');
    expect(form.getByLabelText<HTMLTextAreaElement>(/^Conditions/).value).toBe('Subject to inspection.');
    await userEvent.type(form.getByLabelText('Offer, $'), '11,500.50');
    await userEvent.click(form.getByRole('button', { name: 'Send the offer' }));

    expect(await screen.findByText('Offer sent. The owner is told at once.')).toBeTruthy();
    expect(posts('/api/trade-ins/7/offers').map((call) => call.body)).toEqual([
      { amountCents: 1_150_050, validDays: 7, conditions: 'Subject to inspection.' },
    ]);
    expect(await offers.findByText('$11,500.50')).toBeTruthy();
    expect(offers.getByText('Open')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Offers'));
  });

  it('refuses an amount with more than two decimals before anything is sent', CLICKS_AND_REFETCHES, async () => {
    openTradeIn(() => staffTradeIn());
    await userEvent.click((await section('Offers')).getByRole('button', { name: 'Send an offer' }));
    const form = within(await screen.findByRole('form', { name: 'Send an offer' }));
    await userEvent.type(form.getByLabelText('Offer, $'), '11500.555');
    await userEvent.click(form.getByRole('button', { name: 'Send the offer' }));
    const amount = form.getByLabelText('Offer, $');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(within(amount.parentElement!).getByText('Enter an amount from $0.01 to $10,000,000.00, to the cent.')).toBeTruthy();
    expect(posts('/api/trade-ins/7/offers')).toEqual([]);
  });

  it('shows the server’s refusal of a field at that field', CLICKS_AND_REFETCHES, async () => {
    openTradeIn(() => staffTradeIn(), {
      'POST /api/trade-ins/7/offers': () =>
        json(400, {
          error: { code: 'validation_error', message: 'Invalid', fields: { validDays: tradeInOfferMessages.validDaysInvalid } },
        }),
    });
    await userEvent.click((await section('Offers')).getByRole('button', { name: 'Send an offer' }));
    const form = within(await screen.findByRole('form', { name: 'Send an offer' }));
    await userEvent.type(form.getByLabelText('Offer, $'), '9000');
    await userEvent.click(form.getByRole('button', { name: 'Send the offer' }));
    const days = form.getByLabelText('Valid for, days');
    await waitFor(() => expect(days.getAttribute('aria-invalid')).toBe('true'));
    expect(within(days.parentElement!).getByText('Enter a whole number of days from 1 to 30.')).toBeTruthy();
  });

  it('says so when the owner withdrew the trade-in meanwhile', CLICKS_AND_REFETCHES, async () => {
    let current = staffTradeIn();
    openTradeIn(() => current, {
      'POST /api/trade-ins/7/offers': () => {
        current = staffTradeIn({ status: 'withdrawn', waitingOn: null });
        return json(409, { error: { code: 'conflict', message: 'The trade-in was withdrawn.' } });
      },
    });
    await userEvent.click((await section('Offers')).getByRole('button', { name: 'Send an offer' }));
    const form = within(await screen.findByRole('form', { name: 'Send an offer' }));
    await userEvent.type(form.getByLabelText('Offer, $'), '9000');
    await userEvent.click(form.getByRole('button', { name: 'Send the offer' }));
    const notice = await screen.findByText(
      'The offer was not sent: the owner has withdrawn, declined or accepted this trade-in meanwhile.',
    );
    expect(notice.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(notice);
    expect(await screen.findByText('Withdrawn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send an offer' })).toBeNull();
  });
});

describe('asking the owner a question', () => {
  it('sends the question and shows it in the thread', CLICKS_AND_REFETCHES, async () => {
    let current = staffTradeIn();
    openTradeIn(() => current, {
      'POST /api/trade-ins/7/questions': ({ body }) => {
        const asked = { id: 3, from: 'staff' as const, text: 'Is the timing belt done?', at: '2026-11-21T10:00:00.000Z' };
        expect(body).toEqual({ text: asked.text });
        current = staffTradeIn({ messages: [...current.messages, asked], waitingOn: 'shopper' });
        return json(201, asked);
      },
    });
    const thread = await section('Questions and answers');
    await userEvent.click(thread.getByRole('button', { name: 'Ask a question' }));
    await userEvent.type(await thread.findByLabelText('Question'), 'Is the timing belt done?');
    await userEvent.click(thread.getByRole('button', { name: 'Send the question' }));
    expect(await thread.findByText('Is the timing belt done?')).toBeTruthy();
    expect(posts('/api/trade-ins/7/questions')).toHaveLength(1);
    expect(await screen.findByText(/^Waiting on the owner/)).toBeTruthy();
  });
});

describe('putting an accepted trade-in into stock', () => {
  it('asks first, then makes the car and links to it in the inventory', CLICKS_AND_REFETCHES, async () => {
    let current = staffTradeIn({ status: 'accepted', waitingOn: null, offers: [tradeInOffer({ status: 'accepted' })] });
    openTradeIn(() => current, {
      'POST /api/trade-ins/7/to-inventory': () => {
        current = { ...current, carUuid: 'new-car-uuid' };
        return json(201, { carUuid: 'new-car-uuid', photoCount: 1 });
      },
    });
    await userEvent.click((await section('Inventory')).getByRole('button', { name: 'Put into stock' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Put this car into stock?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Put into stock' }));
    expect(await screen.findByText('The car is in the inventory as a draft, with 1 photo.')).toBeTruthy();
    expect(posts('/api/trade-ins/7/to-inventory')).toHaveLength(1);
    await userEvent.click(screen.getByRole('link', { name: 'Open the car in the inventory' }));
    expect((await screen.findByTestId('path')).textContent).toBe('/dashboard/inventory/new-car-uuid');
  });

  it('says so when the car is in stock already', CLICKS_AND_REFETCHES, async () => {
    openTradeIn(() => staffTradeIn({ status: 'accepted', waitingOn: null }), {
      'POST /api/trade-ins/7/to-inventory': () => json(409, { error: { code: 'conflict', message: 'Already in stock.' } }),
    });
    await userEvent.click((await section('Inventory')).getByRole('button', { name: 'Put into stock' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Put into stock' }));
    const notice = await screen.findByText(
      'The car was not put into stock: it is in the inventory already, or the trade-in is no longer accepted.',
    );
    expect(notice.getAttribute('role')).toBe('alert');
  });
});
