import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationCar, DealOffer, StaffApplication } from '../../../../domain/contracts/applications.ts';
import { formatCents } from '../../../../domain/format.ts';
import { toast } from '../../components/toasts.tsx';
import { DEAL_CAR, dealOffer, dealSettingsAnswer, pricedDeal } from '../../test/deal-fixtures.ts';
import { mockFetch, json } from '../../test/render.tsx';
import { pageOf, staffApplication } from '../../test/staff-fixtures.ts';
import { renderApplicationPage } from './test/application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  network?.restore();
  toast.dismiss();
});

/** Typing, clicks and a refetch after a write: on a busy two-core machine these outlast the default 5 s. */
const CLICKS_AND_REFETCHES = { timeout: 15_000 };

const CAR: ApplicationCar = {
  uuid: DEAL_CAR.uuid,
  brand: DEAL_CAR.brand,
  model: DEAL_CAR.model,
  year: DEAL_CAR.year,
  trim: DEAL_CAR.trim,
  price: DEAL_CAR.price,
  mileage: DEAL_CAR.mileage,
  condition: DEAL_CAR.condition,
  photo: null,
};

const FINANCE = pricedDeal({ type: 'finance', zip: '75201', tierId: 'excellent', cashDownCents: 200_000, termMonths: 72 });

function openApplication(application: Partial<StaffApplication>, routes: Parameters<typeof mockFetch>[0] = {}) {
  network = mockFetch({
    'GET /api/applications/user/5': () => staffApplication({ carId: CAR.uuid, car: CAR, deal: FINANCE, ...application }),
    'GET /api/applications/12/history': () => pageOf([]),
    'GET /api/applications/12/notes': () => [],
    'GET /api/chat/5': () => ({ url: 'https://t.me/mary', via: 'username' }),
    'GET /api/deal-settings': () => dealSettingsAnswer(),
    ...routes,
  });
  renderApplicationPage();
  return network;
}

const offersSection = async () => within(await screen.findByRole('region', { name: 'Offers' }));

async function openForm() {
  const section = await offersSection();
  await userEvent.click(section.getByRole('button', { name: 'Send an offer' }));
  return within(await screen.findByRole('form', { name: 'Send an offer' }));
}

const offerPosts = () =>
  network?.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/applications/12/offers') ?? [];

describe('sending an offer from the staff application page', () => {
  it('sends the applicant’s deal with the term, price, APR and doc fee staff set, dollars in cents', CLICKS_AND_REFETCHES, async () => {
    openApplication({}, { 'POST /api/applications/12/offers': () => json(201, dealOffer({ id: 1, input: FINANCE.input })) });
    const form = await openForm();
    expect(form.getByLabelText<HTMLInputElement>('ZIP code').value).toBe('75201');
    expect(form.getByLabelText<HTMLInputElement>('Cash down, $').value).toBe('2000');
    await userEvent.selectOptions(form.getByLabelText('Term'), '60');
    await userEvent.type(form.getByLabelText('Price, $'), '29,500');
    await userEvent.type(form.getByLabelText('APR, %'), '4.49');
    await userEvent.type(form.getByLabelText('Documentation fee, $'), '199.50');
    await userEvent.click(form.getByRole('button', { name: 'Send the offer' }));

    expect(await screen.findByText('Offer sent. The applicant is told at once.')).toBeTruthy();
    expect(offerPosts().map((call) => call.body)).toEqual([
      {
        input: {
          type: 'finance',
          zip: '75201',
          tierId: 'excellent',
          cashDownCents: 200_000,
          termMonths: 60,
          milesPerYear: null,
          productIds: [],
          trade: null,
        },
        terms: { priceCents: 2_950_000, aprPercent: 4.49, moneyFactor: null, docFeeCents: 19_950 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Send an offer' })).toBeNull());
  });

  it('starts from a finance deal whose ZIP staff fill in when the applicant applied without one', CLICKS_AND_REFETCHES, async () => {
    openApplication({ deal: null });
    const form = await openForm();
    expect(form.getByLabelText<HTMLSelectElement>('Kind of deal').value).toBe('finance');
    await userEvent.click(form.getByRole('button', { name: 'Send the offer' }));

    const zip = form.getByLabelText('ZIP code');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(within(zip.parentElement!).getByText('ZIP code must be 5 digits.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ZIP code: ZIP code must be 5 digits.' })).toBeTruthy();
    expect(offerPosts()).toEqual([]);
  });

  it('refuses a mistyped price in dollars before anything is sent', CLICKS_AND_REFETCHES, async () => {
    openApplication({});
    const form = await openForm();
    await userEvent.type(form.getByLabelText('Price, $'), '29500.555');
    await userEvent.click(form.getByRole('button', { name: 'Send the offer' }));
    const price = form.getByLabelText('Price, $');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(within(price.parentElement!).getByText('Enter an amount from $0.01 to $10,000,000.00, to the cent.')).toBeTruthy();
    expect(offerPosts()).toEqual([]);
  });

  it('shows the server’s refusal at its field and in the error summary', CLICKS_AND_REFETCHES, async () => {
    const message = 'APR must be a percentage from 0 to 36 with at most two decimals.';
    openApplication(
      {},
      {
        'POST /api/applications/12/offers': () =>
          json(400, { error: { code: 'bad_request', message: `Invalid offer: ${message}`, fields: { 'terms.aprPercent': message } } }),
      },
    );
    const form = await openForm();
    await userEvent.type(form.getByLabelText('APR, %'), '3.999');
    await userEvent.click(form.getByRole('button', { name: 'Send the offer' }));

    const summary = await screen.findByRole('group', { name: 'Please fix the following:' });
    expect(within(summary).getByRole('link', { name: `APR, %: ${message}` })).toBeTruthy();
    const apr = form.getByLabelText<HTMLInputElement>('APR, %');
    expect(apr.getAttribute('aria-invalid')).toBe('true');
    expect(apr.getAttribute('aria-describedby')).toContain('offer-apr-error');
    expect(document.getElementById('offer-apr-error')?.textContent).toBe(message);
    expect(apr.value).toBe('3.999');
  });

  it('says the offer was not sent when the application was decided meanwhile', CLICKS_AND_REFETCHES, async () => {
    let status: StaffApplication['status'] = 'in_review';
    openApplication(
      {},
      {
        'GET /api/applications/user/5': () => staffApplication({ carId: CAR.uuid, car: CAR, deal: FINANCE, status }),
        'POST /api/applications/12/offers': () => {
          status = 'approved';
          return json(409, { error: { code: 'conflict', message: 'This application is approved.' } });
        },
      },
    );
    const form = await openForm();
    await userEvent.click(form.getByRole('button', { name: 'Send the offer' }));
    expect(await screen.findByText('The offer was not sent: the application is no longer in review, or names no car.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Offers' })).toBeNull());
  });

  it('offers no form once the application is decided, and still lists the offers sent', async () => {
    openApplication({ status: 'approved', offers: [dealOffer({ id: 1, input: FINANCE.input, terms: { aprPercent: 4.49 } })] });
    const section = await offersSection();
    expect(section.getByRole('heading', { name: /^Offer sent / })).toBeTruthy();
    expect(section.queryByRole('button', { name: 'Send an offer' })).toBeNull();
  });

  it('offers no form for an application without a car, and says why', async () => {
    openApplication({ carId: null, car: null, deal: null });
    const section = await offersSection();
    expect(section.getByText('An offer prices the application’s car, and this application names none.')).toBeTruthy();
    expect(section.queryByRole('button', { name: 'Send an offer' })).toBeNull();
  });
});

describe('the offers on the staff application page', () => {
  const older = dealOffer({
    id: 1,
    input: FINANCE.input,
    terms: { aprPercent: 5.49 },
    status: 'superseded',
    sentAt: '2026-06-02T15:00:00.000Z',
    respondedAt: '2026-06-03T15:00:00.000Z',
  });
  const accepted = dealOffer({
    id: 2,
    input: { ...FINANCE.input, termMonths: 60 },
    terms: { priceCents: 2_950_000, aprPercent: 4.49 },
    status: 'accepted',
    sentAt: '2026-06-03T15:00:00.000Z',
    respondedAt: '2026-06-04T15:00:00.000Z',
  });
  const items = async () => within((await offersSection()).getByRole('list')).getAllByRole('listitem');
  const payment = (offer: DealOffer) => (offer.quote.type === 'finance' ? offer.quote.paymentCents : 0);

  it('lists them newest first, each with its status', async () => {
    openApplication({ offers: [older, accepted] });
    const [first, second] = await items();
    expect(within(first!).getByText('Accepted')).toBeTruthy();
    expect(within(second!).getByText('Superseded')).toBeTruthy();
  });

  it('shows the terms staff set and the payment with its disclosures', async () => {
    openApplication({ offers: [older, accepted] });
    const [first] = await items();
    const item = within(first!);
    const terms = within(item.getByRole('group', { name: 'Terms set by staff' }));
    expect(terms.getByText('Price').nextElementSibling?.textContent).toBe('$29,500.00');
    expect(terms.getByText('APR').nextElementSibling?.textContent).toBe('4.49%');
    expect(item.getByRole('status', { name: 'Monthly payment' }).textContent).toBe(formatCents(payment(accepted)));
    expect(item.getByText(/^\$2,000 down, 60 monthly payments of \$[\d,.]+ at 4\.49% APR\./)).toBeTruthy();
  });

  it('marks the accepted offer as the deal the lender receives', async () => {
    openApplication({ offers: [older, accepted] });
    const [first, second] = await items();
    expect(within(first!).getByText('The applicant accepted this offer: it is the deal the lender receives.')).toBeTruthy();
    expect(within(second!).queryByText(/the deal the lender receives/)).toBeNull();
  });
});
