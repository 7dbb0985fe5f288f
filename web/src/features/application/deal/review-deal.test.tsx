import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { housingInput, incomeInput, personalInput } from '../../../../../domain/test-fixtures.ts';
import type { DealInput } from '../../../../../domain/deals/deal-input.schema.ts';
import { exampleDealSettings } from '../../../../../domain/deals/deal-settings.ts';
import { formatCents } from '../../../../../domain/format.ts';
import { DEAL_STORAGE_KEY } from '../../../lib/application-draft.ts';
import { DEAL_CAR, dealSettingsAnswer, pricedDeal, quoteRoute } from '../../../test/deal-fixtures.ts';
import { mockWizardApi, pathname, renderWizard, storeDraft, submitted } from '../test/wizard-harness.tsx';
import { json } from '../../../test/render.tsx';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const complete = (carId = DEAL_CAR.uuid) => ({
  carId,
  personal: personalInput(),
  housing: housingInput(),
  income: incomeInput(),
  driverLicense: { front: '12', back: '13' },
});

/** The lease the car page's "Apply with this deal" links to, and the deal it stands for. */
const LEASE_LINK = 'deal=lease&zip=75201&tier=good&term=36&miles=12000&products=gap';
const LEASE: DealInput = {
  type: 'lease',
  zip: '75201',
  tierId: 'good',
  cashDownCents: 0,
  termMonths: 36,
  milesPerYear: 12_000,
  productIds: ['gap'],
  trade: null,
};

/** The deal kept in this tab, as the wizard keeps it, for the car in the draft. */
function storeDeal(params = LEASE_LINK, carId = DEAL_CAR.uuid) {
  sessionStorage.setItem(DEAL_STORAGE_KEY, JSON.stringify({ carId, params }));
}

function dealApi(extra: Parameters<typeof mockWizardApi>[0] = {}, settings = () => dealSettingsAnswer()) {
  const api = mockWizardApi({
    [`GET /api/cars/${DEAL_CAR.uuid}`]: () => DEAL_CAR,
    'GET /api/deal-settings': () => settings(),
    'POST /api/deals/quote': quoteRoute(settings),
    ...extra,
  });
  restore = api.restore;
  return api;
}

const dealRegion = () => screen.findByRole('region', { name: 'Your deal' });
const submitButton = () => screen.getByRole('button', { name: 'Submit Application' });
const applicationPosts = (api: ReturnType<typeof mockWizardApi>) =>
  api.calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/applications');

async function tickRequired() {
  await userEvent.click(await screen.findByRole('checkbox', { name: /obtain my consumer credit report/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /Privacy Notice/ }));
  await userEvent.click(screen.getByRole('checkbox', { name: /E-SIGN Act/ }));
}

/** The deal priced, its payment on screen. */
async function pricedRegion(payment: number) {
  const region = await dealRegion();
  await waitFor(() => expect(within(region).getByRole('status', { name: 'Monthly payment' }).textContent).toBe(formatCents(payment)));
  return region;
}

describe('the deal on the review step', () => {
  it('comes from the car page’s link: the review shows the lease, its payment with its disclosures, and every line', async () => {
    storeDraft(complete());
    dealApi();
    renderWizard(`/application?${LEASE_LINK}`);
    const { quote } = pricedDeal(LEASE);
    if (quote.type !== 'lease') throw new Error('a lease');
    const region = await pricedRegion(quote.paymentCents);
    expect(pathname()).toBe('/application/review');
    expect(screen.getByTestId('location').dataset.search).toBe('');
    expect(within(region).getByText('Lease', { selector: 'p' })).toBeTruthy();
    expect(
      within(region).getByText(
        `Lease: ${formatCents(quote.dueAtSigningCents)} due at signing, 36 monthly payments of ${formatCents(quote.paymentCents)}. ` +
          'No security deposit. At the end: $395 disposition fee and $0.25 a mile over 36,000 miles.',
      ),
    ).toBeTruthy();
    expect(within(region).getByText('GAP protection')).toBeTruthy();
    expect(within(region).getByText('Due at signing').nextElementSibling?.textContent).toBe(formatCents(quote.dueAtSigningCents));
    expect(within(region).getByText('Estimate only. Your actual rate and payment depend on credit approval.')).toBeTruthy();
  });

  it('comes from the link before the answers are given: the wizard opens at its start and keeps the deal for the review', async () => {
    storeDraft({ carId: DEAL_CAR.uuid, personal: {}, housing: {}, income: {}, driverLicense: {} });
    dealApi();
    renderWizard(`/application?${LEASE_LINK}`);
    await screen.findByRole('heading', { level: 1, name: 'Car loan application' });
    await waitFor(() => expect(screen.getByTestId('location').dataset.search).toBe(''));
    expect(pathname()).toBe('/application');
    expect(JSON.parse(sessionStorage.getItem(DEAL_STORAGE_KEY)!)).toEqual({ carId: DEAL_CAR.uuid, params: LEASE_LINK });
  });

  it('keeps no deal from a link when no car is chosen, since a deal is priced for a car', async () => {
    dealApi();
    renderWizard(`/application?${LEASE_LINK}`);
    await screen.findByRole('heading', { level: 1, name: 'Car loan application' });
    await waitFor(() => expect(screen.getByTestId('location').dataset.search).toBe(''));
    expect(JSON.parse(sessionStorage.getItem(DEAL_STORAGE_KEY) ?? 'null')).toBeNull();
  });

  it('survives a reload of the wizard', async () => {
    storeDraft(complete());
    dealApi();
    renderWizard(`/application?${LEASE_LINK}`);
    const { quote } = pricedDeal(LEASE);
    if (quote.type !== 'lease') throw new Error('a lease');
    await pricedRegion(quote.paymentCents);
    cleanup();
    renderWizard('/application/review');
    await pricedRegion(quote.paymentCents);
  });

  it('is priced afresh for the application’s car', async () => {
    storeDraft(complete());
    storeDeal();
    const api = dealApi();
    renderWizard('/application/review');
    await dealRegion();
    await waitFor(() =>
      expect(api.calls.find((call) => call.url.pathname === '/api/deals/quote')?.body).toEqual({ carId: DEAL_CAR.uuid, deal: LEASE }),
    );
  });

  it('Change the deal opens the car page’s deal builder with the same choice', async () => {
    storeDraft(complete());
    storeDeal();
    dealApi();
    renderWizard('/application/review');
    const change = within(await dealRegion()).getByRole('link', { name: 'Change the deal' });
    expect(change.getAttribute('href')).toBe(`/cars/${DEAL_CAR.uuid}?${LEASE_LINK}`);
  });

  it('Remove the deal applies without one, and says so', async () => {
    storeDraft(complete());
    storeDeal();
    const api = dealApi({ 'POST /api/applications': () => json(201, submitted) });
    renderWizard('/application/review');
    await userEvent.click(within(await dealRegion()).getByRole('button', { name: 'Remove the deal' }));
    const note = await screen.findByText('You are applying without a deal.');
    expect(document.activeElement).toBe(note);
    expect(screen.queryByRole('region', { name: 'Your deal' })).toBeNull();
    expect(sessionStorage.getItem(DEAL_STORAGE_KEY)).toBe('null');
    await tickRequired();
    await userEvent.click(submitButton());
    await waitFor(() => expect(applicationPosts(api)).toHaveLength(1));
    expect(applicationPosts(api)[0]!.body).toMatchObject({ carId: DEAL_CAR.uuid, deal: null });
  });

  it('is sent with the application as last priced: what was chosen, the settings version and the quote', async () => {
    storeDraft(complete());
    storeDeal();
    const api = dealApi({ 'POST /api/applications': () => json(201, submitted) });
    renderWizard('/application/review');
    const deal = pricedDeal(LEASE);
    if (deal.quote.type !== 'lease') throw new Error('a lease');
    await pricedRegion(deal.quote.paymentCents);
    await tickRequired();
    await userEvent.click(submitButton());
    await waitFor(() => expect(applicationPosts(api)).toHaveLength(1));
    expect((applicationPosts(api)[0]!.body as { deal: unknown }).deal).toEqual(deal);
  });

  it('when its figures changed, is priced again with a message, the consents kept, and the next submission sends the new figures', async () => {
    storeDraft(complete());
    storeDeal();
    // The dealer raises the doc fee while the applicant reads the review.
    let settings = dealSettingsAnswer(1);
    const raised = dealSettingsAnswer(2, { ...exampleDealSettings('TX'), docFeeCents: 59_900 });
    const api = dealApi(
      {
        'POST /api/applications': () => {
          if (applicationPosts(api).length > 1) return json(201, submitted);
          settings = raised;
          return json(409, { error: { code: 'deal_changed', message: 'The deal changed.' } });
        },
      },
      () => settings,
    );
    renderWizard('/application/review');
    const before = pricedDeal(LEASE, dealSettingsAnswer(1));
    const after = pricedDeal(LEASE, raised);
    if (before.quote.type !== 'lease' || after.quote.type !== 'lease') throw new Error('a lease');
    await pricedRegion(before.quote.paymentCents);
    await tickRequired();
    await userEvent.click(submitButton());

    expect(await screen.findByRole('link', { name: 'The figures of your deal changed: check them and submit again.' })).toBeTruthy();
    await pricedRegion(after.quote.paymentCents);
    expect(screen.getByText('Doc fee').nextElementSibling?.textContent).toBe('$599.00');
    expect(screen.getByRole('checkbox', { name: /obtain my consumer credit report/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /E-SIGN Act/ })).toHaveProperty('checked', true);

    await userEvent.click(submitButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application' })).toBeTruthy();
    const [first, second] = applicationPosts(api);
    expect((first!.body as { deal: unknown }).deal).toEqual(before);
    expect((second!.body as { deal: unknown }).deal).toEqual(after);
    expect(second!.headers.get('idempotency-key')).not.toBe(first!.headers.get('idempotency-key'));
  });

  it('shows what the server refused in the deal on the deal, naming each field', async () => {
    storeDraft(complete());
    storeDeal();
    dealApi({
      'POST /api/applications': () =>
        json(400, {
          error: {
            code: 'bad_request',
            message: 'Invalid deal',
            fields: { 'deal.input.zip': 'We sell to the 50 states and DC: this ZIP code is outside them.' },
          },
        }),
    });
    renderWizard('/application/review');
    const region = await dealRegion();
    await within(region).findByRole('status', { name: 'Monthly payment' });
    await tickRequired();
    await userEvent.click(submitButton());
    await userEvent.click(await screen.findByRole('link', { name: 'Your deal was not accepted: correct it or remove it, then submit.' }));
    expect(within(region).getByText('ZIP code: We sell to the 50 states and DC: this ZIP code is outside them.')).toBeTruthy();
    expect(document.activeElement).toBe(region);
    expect(pathname()).toBe('/application/review');
  });

  it('is dropped, with a notice, when the car is removed from the application', async () => {
    storeDraft(complete());
    storeDeal();
    dealApi();
    renderWizard('/application/review');
    await dealRegion();
    await userEvent.click(screen.getByRole('button', { name: 'Remove car' }));
    expect(await screen.findByText('Your deal was for a car that is no longer in your application, so it was removed.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your deal' })).toBeNull();
    expect(sessionStorage.getItem(DEAL_STORAGE_KEY)).toBe('null');
  });

  it('is dropped, with a notice, when the application’s car is another than the one it was priced for', async () => {
    storeDraft(complete());
    storeDeal(LEASE_LINK, '0b7a6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d');
    dealApi();
    renderWizard('/application/review');
    expect(await screen.findByText('Your deal was for a car that is no longer in your application, so it was removed.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your deal' })).toBeNull();
  });
});
