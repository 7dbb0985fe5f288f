import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { DealOffer, MyApplication } from '../../../../../domain/contracts/applications.ts';
import { formatCents } from '../../../../../domain/format.ts';
import { dealOffer, dealSettingsAnswer, pricedDeal } from '../../../test/deal-fixtures.ts';
import { mockWizardApi, renderWizard, submitted } from '../test/wizard-harness.tsx';
import { json } from '../../../test/render.tsx';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

/** Clicks and a refetch after an answer: on a busy two-core machine these outlast the default 5 s. */
const CLICKS_AND_REFETCHES = { timeout: 15_000 };

const ASKED = pricedDeal({ type: 'finance', zip: '75201', tierId: 'good', cashDownCents: 200_000, termMonths: 72 });
const OFFER = dealOffer({ id: 7, input: { ...ASKED.input, termMonths: 60 }, terms: { priceCents: 2_900_000, aprPercent: 4.99 } });
const withOffers = (...offers: DealOffer[]): MyApplication => ({ ...submitted, deal: ASKED, offers });
const answered = (offer: DealOffer, status: DealOffer['status']): DealOffer => ({
  ...offer,
  status,
  respondedAt: '2026-06-16T12:00:00.000Z',
});
const paymentOf = (offer: { quote: DealOffer['quote'] }) => (offer.quote.type === 'finance' ? offer.quote.paymentCents : 0);

function openStatus(application: () => MyApplication, extra: Parameters<typeof mockWizardApi>[0] = {}) {
  const api = mockWizardApi({
    'GET /api/applications/mine': application,
    'GET /api/deal-settings': () => dealSettingsAnswer(),
    ...extra,
  });
  restore = api.restore;
  renderWizard('/application');
  return api;
}

const answers = (api: ReturnType<typeof openStatus>) =>
  api.calls.filter((call) => call.method === 'POST' && call.url.pathname.startsWith('/api/applications/mine/offers/'));

describe('the dealer’s offer on the applicant’s status page', () => {
  it('stands beside what they asked for, each with its payment, its disclosures and every line', async () => {
    openStatus(() => withOffers(OFFER));
    const asked = within(await screen.findByRole('region', { name: 'What you asked for' }));
    const offered = within(screen.getByRole('region', { name: 'The dealer’s offer' }));
    expect(asked.getByRole('status', { name: 'Monthly payment' }).textContent).toBe(formatCents(paymentOf(ASKED)));
    expect(offered.getByRole('status', { name: 'Monthly payment' }).textContent).toBe(formatCents(paymentOf(OFFER)));
    expect(asked.getByText(/^\$2,000 down, 72 monthly payments of .* APR\./)).toBeTruthy();
    expect(offered.getByText(/^\$2,000 down, 60 monthly payments of .* at 4\.99% APR\./)).toBeTruthy();
    await userEvent.click(offered.getByText('Every line of the deal'));
    expect(offered.getByText('Price', { selector: 'dt' }).nextElementSibling?.textContent).toBe('$29,000.00');
  });

  it('accepting it shows the offer accepted, from the answer', CLICKS_AND_REFETCHES, async () => {
    const api = openStatus(() => withOffers(OFFER), {
      'POST /api/applications/mine/offers/7/accept': () => withOffers(answered(OFFER, 'accepted')),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the offer' }));

    expect(await screen.findByText('You accepted the dealer’s offer.')).toBeTruthy();
    const accepted = within(screen.getByRole('region', { name: 'The offer you accepted' }));
    expect(accepted.getByRole('status', { name: 'Monthly payment' }).textContent).toBe(formatCents(paymentOf(OFFER)));
    expect(accepted.getByText(/It is the deal the dealer sends to the lender\./)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What you asked for' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the offer' })).toBeNull();
    expect(answers(api).map((call) => call.url.pathname)).toEqual(['/api/applications/mine/offers/7/accept']);
  });

  it('declining asks first, and sends nothing when they keep the offer', CLICKS_AND_REFETCHES, async () => {
    const api = openStatus(() => withOffers(OFFER));
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const question = screen.getByRole('group', { name: 'Decline the dealer’s offer?' });
    expect(document.activeElement).toBe(question);
    await userEvent.click(within(question).getByRole('button', { name: 'Keep the offer' }));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Decline' })));
    expect(answers(api)).toEqual([]);
  });

  it('declining it, once confirmed, lists it as declined under the deal asked for', CLICKS_AND_REFETCHES, async () => {
    const api = openStatus(() => withOffers(OFFER), {
      'POST /api/applications/mine/offers/7/decline': () => withOffers(answered(OFFER, 'declined')),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, decline the offer' }));

    expect(await screen.findByText('You declined the dealer’s offer.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your deal' })).toBeTruthy();
    const past = within(screen.getByRole('region', { name: 'Past offers' }));
    expect(past.getByText(/^Declined on /)).toBeTruthy();
    expect(past.getByText(`Finance · Monthly payment: ${formatCents(paymentOf(OFFER))}`)).toBeTruthy();
    expect(answers(api).map((call) => call.url.pathname)).toEqual(['/api/applications/mine/offers/7/decline']);
  });

  it('says when the offer can no longer be answered, and shows the newer one the dealer sent', CLICKS_AND_REFETCHES, async () => {
    const newer = dealOffer({ id: 8, input: ASKED.input, terms: { aprPercent: 3.99 } });
    let current = withOffers(OFFER);
    openStatus(() => current, {
      'POST /api/applications/mine/offers/7/accept': () => {
        current = withOffers(answered(OFFER, 'superseded'), newer);
        return json(409, { error: { code: 'conflict', message: 'The dealer has sent a newer offer since this one: answer that one.' } });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the offer' }));

    const message = await screen.findByText(/^That offer can no longer be answered: the dealer has sent a newer one/);
    expect(message.getAttribute('role')).toBe('alert');
    const offered = within(await screen.findByRole('region', { name: 'The dealer’s offer' }));
    await waitFor(() => expect(offered.getByText(/at 3\.99% APR\./)).toBeTruthy());
    expect(within(screen.getByRole('region', { name: 'Past offers' })).getByText(/^Replaced by a newer offer on /)).toBeTruthy();
  });

  it('cannot be answered once the application is decided', async () => {
    openStatus(() => ({ ...withOffers(OFFER), status: 'approved' }));
    const past = within(await screen.findByRole('region', { name: 'Past offers' }));
    expect(past.getByText(/^Sent on .*, not answered$/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the offer' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'The dealer’s offer' })).toBeNull();
  });
});
