import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import type { PublicSite } from '../../../../../domain/contracts/site.ts';
import { formatCents } from '../../../../../domain/format.ts';
import { createWebHost } from '../../../host/web-host.ts';
import { pricedDeal } from '../../../test/deal-fixtures.ts';
import { mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { ApplicationStatusView } from './application-status-view.tsx';

// Midday UTC: the same calendar day in every time zone the tests may run in.
const application: MyApplication = {
  id: 314,
  status: 'in_review',
  submittedAt: '2026-11-21T12:00:00.000Z',
  deal: null,
  offers: [],
  car: {
    uuid: '5b1d0f3e-8c52-4d7a-9f0e-1c2b3a4d5e6f',
    brand: 'Honda',
    model: 'Civic',
    year: 2022,
    trim: 'EX',
    price: 23_500,
    mileage: 18_000,
    condition: 'used',
    photo: null,
  },
  history: [{ status: 'in_review', at: '2026-11-21T12:00:00.000Z' }],
  regBDueAt: '2026-12-21T12:00:00.000Z',
  notice: null,
};

const site = (botUsername: string | null): PublicSite => ({
  company: { name: 'Dealer', address: '1 Main St', phone: '555', email: 'a@b.c', socialLinks: [] },
  botUsername,
  telegramLoginEnabled: false,
  timeZone: 'America/Chicago',
});

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
  vi.restoreAllMocks();
});

function renderView(value: MyApplication, botUsername: string | null = 'dealer_bot', host = createWebHost()) {
  restore = mockFetch({ 'GET /api/site': () => site(botUsername) }).restore;
  return renderWithProviders(<ApplicationStatusView application={value} />, { host });
}

const statusOf = () => screen.getByText('Status').nextElementSibling as HTMLElement;

describe('ApplicationStatusView', () => {
  it('shows an application in review: hourglass, when it was received, and the Regulation B date', async () => {
    renderView(application);
    const heading = screen.getByRole('heading', { level: 1, name: 'Your application' });
    expect(heading.tabIndex).toBe(-1);
    expect(statusOf().textContent).toBe('In Review');
    expect(statusOf().querySelector('svg.status-icon--in_review')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('314')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Chat with the dealer on Telegram' })).toMatchObject({
      href: 'https://t.me/dealer_bot',
    });
  });

  it('writes every date in the dealer’s time zone and names the zone, as staff read it', async () => {
    // 2:30 AM UTC on December 21 is still December 20 at the dealer's in Chicago.
    renderView({ ...application, submittedAt: '2026-11-21T02:30:00.000Z', regBDueAt: '2026-12-21T02:30:00.000Z' });
    expect(await screen.findByText('We will tell you our decision by December 20, 2026 at 8:30 PM CST.')).toBeTruthy();
    expect(screen.getByText('Received').nextElementSibling!.textContent).toBe('November 20, 2026 at 8:30 PM CST');
  });

  it('shows an approval with a green check and what comes next', () => {
    renderView({
      ...application,
      status: 'approved',
      history: [...application.history, { status: 'approved', at: '2026-11-23T12:00:00.000Z' }],
    });
    expect(statusOf().textContent).toBe('Approved');
    expect(statusOf().querySelector('svg.status-icon--approved')).not.toBeNull();
    expect(screen.getByText(/Your loan is approved/)).toBeTruthy();
    expect(screen.queryByText(/We will tell you our decision by/)).toBeNull();
  });

  it('shows a rejection with a red cross and the notice to come', () => {
    renderView({ ...application, status: 'rejected' });
    expect(statusOf().textContent).toBe('Rejected');
    expect(statusOf().querySelector('svg.status-icon--rejected')).not.toBeNull();
    expect(screen.getByText('We will send you a written notice with the main reasons for our decision.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download the notice (PDF)' })).toBeNull();
  });

  it('shows a rejected applicant the date their notice was sent and lets them download it', async () => {
    renderView({ ...application, status: 'rejected', notice: { issuedAt: '2026-11-25T18:00:00.000Z' } });
    expect(
      await screen.findByText('We sent you a written notice with the main reasons for our decision on November 25, 2026 at 12:00 PM CST.'),
    ).toBeTruthy();
    expect(screen.queryByText(/We will send you a written notice/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Download the notice (PDF)' }).getAttribute('href')).toBe('/api/applications/mine/notice.pdf');
  });

  it('inside Telegram, downloads the notice through Telegram from a signed link, not the session’s link', async () => {
    const downloadFile = vi.fn(() => Promise.resolve());
    const link = { url: '/api/applications/314/applicant-notice.pdf?expires=1&signature=ab', fileName: 'adverse-action-notice-314.pdf' };
    const asked = vi.fn(() => ({ ...link, expiresAt: '2026-11-25T18:05:00.000Z' }));
    restore = mockFetch({ 'GET /api/site': () => site('dealer_bot'), 'POST /api/applications/mine/notice-link': asked }).restore;
    renderWithProviders(
      <ApplicationStatusView application={{ ...application, status: 'rejected', notice: { issuedAt: '2026-11-25T18:00:00.000Z' } }} />,
      {
        host: { ...createWebHost(), kind: 'telegram', downloadFile },
      },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Download the notice (PDF)' }));
    await vi.waitFor(() => expect(downloadFile).toHaveBeenCalledWith(link.url, link.fileName));
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('lists the status history, oldest first, in words', () => {
    renderView({
      ...application,
      status: 'approved',
      history: [...application.history, { status: 'approved', at: '2026-11-23T12:00:00.000Z' }],
    });
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')!.textContent)).toEqual(['In Review', 'Approved']);
    expect(items[1]!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-11-23T12:00:00.000Z');
  });

  it('shows the chosen car with a link to its page, and no car section without one', () => {
    const { unmount } = renderView(application);
    expect(screen.getByText('2022 Honda Civic EX')).toBeTruthy();
    expect(screen.getByText('$23,500')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View the car' }).getAttribute('href')).toBe(`/cars/${application.car!.uuid}`);
    unmount();
    restore?.();
    renderView({ ...application, car: null });
    expect(screen.queryByRole('heading', { name: 'Your chosen car' })).toBeNull();
  });

  it('opens the chat through Telegram inside Telegram', async () => {
    const openTelegramLink = vi.fn();
    renderView(application, 'dealer_bot', { ...createWebHost(), kind: 'telegram', openTelegramLink });
    await userEvent.click(await screen.findByRole('link', { name: 'Chat with the dealer on Telegram' }));
    expect(openTelegramLink).toHaveBeenCalledWith('https://t.me/dealer_bot');
  });

  it('points to the contact section when no bot is configured', async () => {
    renderView(application, null);
    expect((await screen.findByRole('link', { name: 'Contact us' })).getAttribute('href')).toBe('/#contact');
  });

  it('shows the finance deal applied with: its kind, the payment and term, and the disclosure that goes with a payment', () => {
    const deal = pricedDeal({ type: 'finance', zip: '75201', tierId: 'good', termMonths: 60, cashDownCents: 300_000 });
    if (deal.quote.type !== 'finance') throw new Error('a finance deal');
    renderView({ ...application, deal });
    const section = within(screen.getByRole('region', { name: 'Your deal' }));
    const value = (label: string) => section.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Kind of deal')).toBe('Finance');
    expect(value('Monthly payment')).toBe(formatCents(deal.quote.paymentCents));
    expect(value('Term')).toBe('60 months');
    expect(
      section.getByText(
        `$3,000 down, 60 monthly payments of ${formatCents(deal.quote.paymentCents)} at 7.49% APR. ` +
          `Total of payments ${formatCents(deal.quote.totalOfPaymentsCents)}.`,
      ),
    ).toBeTruthy();
  });

  it('shows a cash deal by the amount due, with no payment or term', () => {
    const deal = pricedDeal({ type: 'cash', zip: '75201' });
    if (deal.quote.type !== 'cash') throw new Error('a cash deal');
    renderView({ ...application, deal });
    const section = within(screen.getByRole('region', { name: 'Your deal' }));
    expect(section.getByText('Amount due', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      formatCents(deal.quote.amountDueCents),
    );
    expect(section.queryByText('Monthly payment')).toBeNull();
    expect(section.queryByText('Term')).toBeNull();
  });

  it('shows no deal section for an application without a deal', () => {
    renderView(application);
    expect(screen.queryByRole('region', { name: 'Your deal' })).toBeNull();
  });
});
