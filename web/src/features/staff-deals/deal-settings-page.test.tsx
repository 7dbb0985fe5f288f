import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DealSettingsAnswer, DealSettingsSave } from '../../../../domain/contracts/deals.ts';
import {
  dealSettingsMessages,
  exampleDealSettings,
  FINANCE_TERMS,
  LEASE_MILEAGES,
  LEASE_TERMS,
  type DealSettings,
} from '../../../../domain/deals/deal-settings.ts';
import { mockFetch, renderWithProviders, json } from '../../test/render.tsx';
import { DealSettingsPage } from './deal-settings-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

const answer = (version: number, settings: DealSettings = exampleDealSettings('TX')): DealSettingsAnswer => ({
  version,
  settings,
  financeTerms: [...FINANCE_TERMS],
  leaseTerms: [...LEASE_TERMS],
  leaseMileages: [...LEASE_MILEAGES],
  taxedStates: settings.states.map((rule) => rule.state),
});

function openDeals(routes: Parameters<typeof mockFetch>[0] = {}) {
  network = mockFetch({ 'GET /api/deal-settings': () => answer(7), ...routes });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/deals" element={<DealSettingsPage />} />
    </Routes>,
    { route: '/dashboard/deals' },
  );
}

const saves = () => network!.calls.filter((call) => call.method === 'PUT' && call.url.pathname === '/api/deal-settings');
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save deal settings' }));
const group = (name: string) => screen.getByRole('group', { name });
/** The message an input's aria-describedby points at, besides its hint. */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('edit-field__error'))?.textContent;

describe('the deal settings screen', () => {
  it('shows the version and every setting as saved, dollars as dollars', async () => {
    openDeals();
    expect(await screen.findByText('Editing version 7.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Documentation fee, $').value).toBe('499');
    expect(screen.getByLabelText<HTMLInputElement>('Excess mileage charge, cents a mile').value).toBe('25');
    const texas = group('Texas');
    expect(within(texas).getByLabelText<HTMLInputElement>('Sales tax rate, %').value).toBe('6.25');
    expect(within(texas).getByLabelText<HTMLInputElement>('Title and registration estimate, $').value).toBe('350');
    expect(within(texas).getByLabelText<HTMLInputElement>('A trade-in lowers the taxable amount').checked).toBe(true);
    const good = group('Good 660–719');
    expect(within(good).getByLabelText<HTMLInputElement>('Name (Українська)').value).toBe('Добра 660–719');
    expect(
      within(good)
        .getAllByLabelText<HTMLInputElement>('APR, %')
        .map((input) => input.value),
    ).toEqual(['7.49', '7.99', '8.49']);
    expect(screen.getByLabelText<HTMLInputElement>('Residual at 36 months and 12,000 miles a year, %').value).toBe('56');
    expect(within(group('GAP protection')).getByLabelText<HTMLInputElement>('Price, $').value).toBe('795');
  });

  it('saves a tier’s new APR as the whole settings, with the version they were loaded from', async () => {
    openDeals({ 'PUT /api/deal-settings': ({ body }) => answer(8, (body as DealSettingsSave).settings) });
    const good = await screen.findByRole('group', { name: 'Good 660–719' });
    const [upTo60] = within(good).getAllByLabelText('APR, %');
    await userEvent.clear(upTo60!);
    await userEvent.type(upTo60!, '7.25');
    await save();
    expect(await screen.findByText('Saved as version 8. Shoppers are quoted with it from now on.')).toBeTruthy();
    const expected = exampleDealSettings('TX');
    expected.tiers[1]!.aprBands[0]!.aprPercent = 7.25;
    expect(saves().map((call) => call.body)).toEqual([{ version: 7, settings: expected }]);
  });

  it('sends dollars typed with a sign and separators as whole cents', async () => {
    openDeals({ 'PUT /api/deal-settings': ({ body }) => answer(8, (body as DealSettingsSave).settings) });
    const docFee = await screen.findByLabelText('Documentation fee, $');
    await userEvent.clear(docFee);
    await userEvent.type(docFee, '$1,299.50');
    await save();
    await screen.findByText(/Saved as version 8/);
    expect((saves()[0]!.body as DealSettingsSave).settings.docFeeCents).toBe(129_950);
  });

  it('saves the cars a rebate applies to by their stock numbers', async () => {
    const demo = {
      id: 'demo',
      name: { en: 'Demonstrator cash', uk: 'Знижка на демо', es: 'Descuento demo', ru: 'Скидка на демо' },
      amountCents: 50_000,
      makes: [],
      dealTypes: ['cash' as const],
    };
    openDeals({
      'GET /api/deal-settings': () => answer(7, { ...exampleDealSettings('TX'), rebates: [demo] }),
      'PUT /api/deal-settings': ({ body }) => answer(8, (body as DealSettingsSave).settings),
    });
    const cars = within(await screen.findByRole('group', { name: 'Demonstrator cash' })).getByLabelText('Cars it applies to');
    await userEvent.type(cars, 's100, T-7');
    await save();
    await screen.findByText(/Saved as version 8/);
    expect((saves()[0]!.body as DealSettingsSave).settings.rebates[0]?.stockNumbers).toEqual(['S100', 'T-7']);
  });

  it('refuses a negative tax rate at its field before anything is sent', async () => {
    openDeals();
    const rate = within(await screen.findByRole('group', { name: 'Texas' })).getByLabelText('Sales tax rate, %');
    await userEvent.clear(rate);
    await userEvent.type(rate, '-2');
    await save();
    expect(errorOf(rate)).toBe(dealSettingsMessages.taxRateInvalid);
    expect(rate.getAttribute('aria-invalid')).toBe('true');
    const summary = screen.getByRole('group', { name: 'Please fix the following:' });
    expect(within(summary).getByRole('link').textContent).toBe(
      `Tax and fees by state, Texas, Sales tax rate, %: ${dealSettingsMessages.taxRateInvalid}`,
    );
    expect(saves()).toEqual([]);
  });

  it('puts the server’s field error at its field and in the summary', async () => {
    openDeals({
      'PUT /api/deal-settings': () =>
        json(400, {
          error: {
            code: 'bad_request',
            message: 'Invalid deal settings',
            fields: { 'settings.leasePrograms.default.residuals.4.residualPercent': dealSettingsMessages.residualInvalid },
          },
        }),
    });
    await screen.findByText('Editing version 7.');
    await save();
    // The fifth residual sent is the grid's 36 months at 12,000 miles (24 months' three come first).
    const cell = screen.getByLabelText('Residual at 36 months and 12,000 miles a year, %');
    expect(await screen.findByText(dealSettingsMessages.residualInvalid, { selector: '.edit-field__error' })).toBeTruthy();
    expect(errorOf(cell)).toBe(dealSettingsMessages.residualInvalid);
    const summary = screen.getByRole('group', { name: 'Please fix the following:' });
    expect(within(summary).getByRole('link').getAttribute('href')).toBe(`#${cell.id}`);
    expect(screen.getByText('Editing version 7.')).toBeTruthy();
  });

  it('says someone else saved meanwhile, keeps the changes on screen, and reloads the newest settings when asked', async () => {
    let newest = answer(7);
    openDeals({
      'GET /api/deal-settings': () => newest,
      'PUT /api/deal-settings': () =>
        json(409, { error: { code: 'stale_version', message: 'These deal settings were changed by someone else (now version 8).' } }),
    });
    const docFee = await screen.findByLabelText<HTMLInputElement>('Documentation fee, $');
    await userEvent.clear(docFee);
    await userEvent.type(docFee, '599');
    await save();
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading').textContent).toBe('Someone else saved the deal settings');
    expect(notice.textContent).toMatch(/Reloading replaces your unsaved changes/);
    expect(screen.getByLabelText<HTMLInputElement>('Documentation fee, $').value).toBe('599');

    newest = answer(8, { ...exampleDealSettings('TX'), docFeeCents: 39_900 });
    await userEvent.click(within(notice).getByRole('button', { name: 'Reload the newest settings' }));
    expect(await screen.findByText('Editing version 8.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Documentation fee, $').value).toBe('399');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('adds a credit tier with its name in four languages and its APR bands', async () => {
    openDeals({ 'PUT /api/deal-settings': ({ body }) => answer(8, (body as DealSettingsSave).settings) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a credit tier' }));
    const added = group('Credit tier 5');
    await userEvent.type(within(added).getByLabelText('Id'), 'subprime');
    await userEvent.type(within(added).getByLabelText('Name (Українська)'), 'Субпрайм');
    await userEvent.type(within(added).getByLabelText('Name (Español)'), 'Subprime');
    await userEvent.type(within(added).getByLabelText('Name (Русский)'), 'Субпрайм');
    await userEvent.type(within(added).getByLabelText('Name (English)'), 'Subprime');
    const tier = group('Subprime');
    await userEvent.type(within(tier).getByLabelText('Lease money factor'), '0.006');
    await userEvent.selectOptions(within(tier).getByLabelText('Terms up to, months'), '60');
    await userEvent.type(within(tier).getByLabelText('APR, %'), '19.99');
    await userEvent.click(within(tier).getByRole('button', { name: 'Add an APR band' }));
    await userEvent.type(within(tier).getAllByLabelText('APR, %')[1]!, '21.5');
    await save();
    await screen.findByText(/Saved as version 8/);
    expect((saves()[0]!.body as DealSettingsSave).settings.tiers[4]).toEqual({
      id: 'subprime',
      name: { en: 'Subprime', uk: 'Субпрайм', es: 'Subprime', ru: 'Субпрайм' },
      minScore: null,
      maxScore: null,
      aprBands: [
        { upToMonths: 60, aprPercent: 19.99 },
        { upToMonths: 84, aprPercent: 21.5 },
      ],
      moneyFactor: 0.006,
    });
  });

  it('adds a state with its own rule', async () => {
    openDeals({ 'PUT /api/deal-settings': ({ body }) => answer(8, (body as DealSettingsSave).settings) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a state' }));
    const added = group('Alabama');
    await userEvent.selectOptions(within(added).getByLabelText('State'), 'OK');
    const oklahoma = group('Oklahoma');
    await userEvent.type(within(oklahoma).getByLabelText('Sales tax rate, %'), '3.25');
    await userEvent.type(within(oklahoma).getByLabelText('Title and registration estimate, $'), '100');
    await userEvent.selectOptions(within(oklahoma).getByLabelText('Lease tax'), 'upfront-cap-cost');
    await save();
    await screen.findByText(/Saved as version 8/);
    expect((saves()[0]!.body as DealSettingsSave).settings.states[1]).toEqual({
      state: 'OK',
      taxRatePercent: 3.25,
      tradeInCredit: true,
      docFeeTaxable: false,
      productsTaxable: false,
      leaseTaxMethod: 'upfront-cap-cost',
      governmentFeesCents: 10_000,
    });
  });
});
