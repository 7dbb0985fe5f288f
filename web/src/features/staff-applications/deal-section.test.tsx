import { screen, within } from '@testing-library/react';
import { Route } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationDeal } from '../../../../domain/deals/application-deal.schema.ts';
import { formatCents } from '../../../../domain/format.ts';
import { dealSettingsAnswer, pricedDeal } from '../../test/deal-fixtures.ts';
import { mockFetch } from '../../test/render.tsx';
import { pageOf, staffApplication } from '../../test/staff-fixtures.ts';
import { renderApplicationPage } from './test/application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

function openApplication(deal: ApplicationDeal | null) {
  network = mockFetch({
    'GET /api/applications/user/5': () => staffApplication({ deal }),
    'GET /api/applications/12/history': () => pageOf([]),
    'GET /api/chat/5': () => ({ url: 'https://t.me/mary', via: 'username' }),
    'GET /api/deal-settings': () => dealSettingsAnswer(),
  });
  renderApplicationPage(<Route path="/dashboard" element={<h1>Users list</h1>} />);
}

const LEASE = pricedDeal({
  type: 'lease',
  zip: '75201',
  tierId: 'good',
  cashDownCents: 200_000,
  termMonths: 36,
  milesPerYear: 12_000,
  productIds: ['gap'],
  trade: { allowanceCents: 800_000, payoffCents: 500_000 },
});

describe('the deal on the staff application page', () => {
  it('says Lease at the top, then the stored payment with its disclosures and every line', async () => {
    if (LEASE.quote.type !== 'lease') throw new Error('a lease');
    openApplication(LEASE);
    const section = within(await screen.findByRole('region', { name: 'Deal' }));
    expect(section.getByText('Lease', { selector: 'p' })).toBeTruthy();
    expect(section.getByRole('status', { name: 'Monthly payment' }).textContent).toBe(formatCents(LEASE.quote.paymentCents));
    expect(section.getByText(/^Lease: \$[\d,.]+ due at signing, 36 monthly payments of/).textContent).toContain(
      formatCents(LEASE.quote.paymentCents),
    );
    const line = (label: string) => section.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(line('Due at signing')).toBe(formatCents(LEASE.quote.dueAtSigningCents));
    expect(line('Trade-in equity')).toBe('$3,000.00');
    expect(line('ZIP code')).toBe('75201 · Texas');
    expect(line('Miles a year')).toBe('12,000 mi');
    expect(line('Deal settings version')).toBe('1');
    expect(await section.findByText('Good 660–719')).toBeTruthy();
    expect(await section.findByText('GAP protection')).toBeTruthy();
  });

  it('calls a finance deal a loan', async () => {
    openApplication(pricedDeal({ type: 'finance', zip: '75201', tierId: 'excellent', termMonths: 72 }));
    const section = within(await screen.findByRole('region', { name: 'Deal' }));
    expect(section.getByText('Loan', { selector: 'p' })).toBeTruthy();
    expect(section.getByText('Term', { selector: 'dt' }).nextElementSibling?.textContent).toBe('72 months');
    expect(section.getByText(/^\$0 down, 72 monthly payments of \$[\d,.]+ at 5\.99% APR\./)).toBeTruthy();
  });

  it('shows a cash sale by the amount due', async () => {
    const cash = pricedDeal({ type: 'cash', zip: '75201' });
    if (cash.quote.type !== 'cash') throw new Error('a cash deal');
    openApplication(cash);
    const section = within(await screen.findByRole('region', { name: 'Deal' }));
    expect(section.getByText('Cash', { selector: 'p' })).toBeTruthy();
    expect(section.getByRole('status', { name: 'Amount due' }).textContent).toBe(formatCents(cash.quote.amountDueCents));
  });

  it('shows no deal section for an application without a deal', async () => {
    openApplication(null);
    await screen.findByRole('heading', { name: 'Application #12' });
    expect(screen.queryByRole('region', { name: 'Deal' })).toBeNull();
    expect(network?.calls.some((call) => call.url.pathname === '/api/deal-settings')).toBe(false);
  });
});
