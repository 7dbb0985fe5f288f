import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyTradeIn, TradeInOffer } from '../../../../domain/contracts/trade-ins.ts';
import { formatMoment } from '../../../../domain/date-time.ts';
import { mockTradeInApi, renderTradeIn, tradeIn } from './test/trade-in-harness.tsx';
import { json } from '../../test/render.tsx';

let network: ReturnType<typeof mockTradeInApi> | undefined;
afterEach(() => network?.restore());

const offer = (overrides: Partial<TradeInOffer> = {}): TradeInOffer => ({
  id: 11,
  amountCents: 850_000,
  conditions: 'Subject to inspection.',
  status: 'open',
  sentAt: '2026-06-16T15:00:00.000Z',
  validUntil: '2026-06-23T15:00:00.000Z',
  respondedAt: null,
  ...overrides,
});

const described = tradeIn({
  status: 'offered',
  draft: { ...tradeIn().draft, year: 2015, make: 'Honda', model: 'Civic', trim: 'EX', mileage: 84_000, ownership: 'owned' },
  offers: [offer()],
  submittedAt: '2026-06-15T13:00:00.000Z',
});

describe('describing the car to trade in', () => {
  it('asks a photo of every angle and every condition question', async () => {
    network = mockTradeInApi(null);
    renderTradeIn();
    await screen.findByRole('textbox', { name: /VIN/ });
    for (const angle of ['Front', 'Rear', 'Left side', 'Right side', 'Interior', 'Odometer', /^Damage/])
      expect(screen.getByRole('group', { name: angle })).toBeTruthy();
    expect(screen.getByLabelText('Front Choose a photo')).toMatchObject({ type: 'file', accept: 'image/*' });
    for (const question of [
      'Has it been in an accident?',
      'Are any warning lights on?',
      'Has anyone smoked in it?',
      'How many keys do you have?',
      'How are the tires?',
      'Any paint or body damage?',
      'Any mechanical problems?',
      'Any aftermarket modifications?',
      'Is the car paid off?',
    ])
      expect(screen.getByRole('group', { name: question })).toBeTruthy();
    const keys = within(screen.getByRole('group', { name: 'How many keys do you have?' }));
    expect(keys.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['One', 'Two or more']);
  });

  it('reads the year and make from a valid VIN and fills them in, then saves the draft', async () => {
    const answer = ({ body }: { body: unknown }) => tradeIn({ draft: { ...tradeIn().draft, ...(body as object) } });
    network = mockTradeInApi(null, {
      'POST /api/trade-ins/mine': (request) => json(201, answer(request)),
      'PATCH /api/trade-ins/mine': answer,
    });
    renderTradeIn();
    await userEvent.type(await screen.findByRole('textbox', { name: /VIN/ }), '1hgcm82633a004352');
    expect(screen.getByText('This VIN is a 2003 Honda.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Year' })).toHaveProperty('value', '2003');
    expect(screen.getByRole('textbox', { name: 'Brand' })).toHaveProperty('value', 'Honda');
    // Saved a moment after typing stops: created by the first save, changed by the next ones.
    const saves = () => network!.calls.filter((call) => call.url.pathname === '/api/trade-ins/mine' && call.method !== 'GET');
    await waitFor(() => expect(saves().at(-1)?.body).toMatchObject({ vin: '1HGCM82633A004352', year: 2003, make: 'Honda' }));
    expect(saves()[0]!.method).toBe('POST');
  });

  it('lists what is missing on submit, focused, each linked to its field, and sends nothing', async () => {
    network = mockTradeInApi(tradeIn());
    renderTradeIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for an offer' }));
    const summary = await screen.findByRole('group', { name: 'Please fix the following:' });
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(within(summary).getAllByRole('link', { name: 'Answer this question.' })).toHaveLength(8);
    expect(within(summary).getByRole('link', { name: 'Enter the mileage on the odometer.' }).getAttribute('href')).toBe('#tradein-mileage');
    const smoked = screen.getByRole('group', { name: 'Has anyone smoked in it?' });
    expect(document.getElementById(smoked.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Answer this question.');
    expect(network.calls.filter((call) => call.url.pathname === '/api/trade-ins/mine/submit')).toEqual([]);
  });

  it('shows the errors the server names on submit', async () => {
    const complete = tradeIn({
      draft: {
        ...tradeIn().draft,
        year: 2015,
        make: 'Honda',
        model: 'Civic',
        mileage: 84_000,
        ownership: 'owned',
        condition: {
          accidents: 'none',
          warningLights: false,
          smokedIn: false,
          keys: 'two_or_more',
          tyres: 'good',
          bodyDamage: 'minor',
          mechanicalIssues: false,
          modifications: false,
        },
      },
    });
    network = mockTradeInApi(complete, {
      'PATCH /api/trade-ins/mine': () => complete,
      'POST /api/trade-ins/mine/submit': () =>
        json(400, { error: { code: 'bad_request', message: 'Invalid', fields: { mileage: 'Enter the mileage on the odometer.' } } }),
    });
    renderTradeIn();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for an offer' }));
    const summary = await screen.findByRole('group', { name: 'Please fix the following:' });
    expect(within(summary).getByRole('link', { name: 'Enter the mileage on the odometer.' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(summary));
  });
});

describe('where the trade-in stands', () => {
  it('shows an open offer with its amount, validity and conditions, and accepting it shows it accepted', async () => {
    const accepted: MyTradeIn = {
      ...described,
      status: 'accepted',
      offers: [offer({ status: 'accepted', respondedAt: '2026-06-17T10:00:00.000Z' })],
      accepted: { offerId: 11, allowanceCents: 850_000, payoffCents: 0 },
    };
    network = mockTradeInApi(described, { 'POST /api/trade-ins/mine/offers/11/accept': () => accepted });
    renderTradeIn();
    const offerBox = within(await screen.findByRole('region', { name: 'Our offer: $8,500.00' }));
    expect(await offerBox.findByText(`Valid until ${formatMoment('2026-06-23T15:00:00.000Z', 'en', 'America/Chicago')}.`)).toBeTruthy();
    expect(offerBox.getByText('Subject to inspection.')).toBeTruthy();
    expect(offerBox.getByRole('button', { name: 'Decline offer' })).toBeTruthy();
    await userEvent.click(offerBox.getByRole('button', { name: 'Accept offer' }));
    expect(await screen.findByText('You accepted our offer of $8,500.00.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).toBeNull();
  });

  it('an expired offer offers to ask for a new one', async () => {
    const expired: MyTradeIn = { ...described, status: 'expired', offers: [offer({ status: 'expired' })] };
    network = mockTradeInApi(expired, {
      'POST /api/trade-ins/mine/reappraisal': () => ({ ...described, status: 'new', offers: [] }),
    });
    renderTradeIn();
    expect(await screen.findByText('Our offer of $8,500.00 has expired.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ask for a new offer' }));
    expect(await screen.findByText('We are looking at your car. You will hear from us with an offer soon.')).toBeTruthy();
  });

  it('answers a question from our appraiser', async () => {
    const asked: MyTradeIn = {
      ...described,
      status: 'new',
      offers: [],
      questionOpen: true,
      messages: [{ id: 1, from: 'staff', text: 'Is the sunroof working?', at: '2026-06-16T15:00:00.000Z' }],
    };
    network = mockTradeInApi(asked, {
      'POST /api/trade-ins/mine/messages': ({ body }) => ({
        ...asked,
        questionOpen: false,
        messages: [...asked.messages, { id: 2, from: 'shopper', text: (body as { text: string }).text, at: '2026-06-16T16:00:00.000Z' }],
      }),
    });
    renderTradeIn();
    expect(await screen.findByText('Is the sunroof working?')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Yes, it is.');
    await userEvent.click(screen.getByRole('button', { name: 'Send answer' }));
    expect(await screen.findByText('Yes, it is.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your answer' })).toBeNull();
  });
});
