import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LenderDelivery, StaffApplication } from '../../../../domain/contracts/applications.ts';
import { mockFetch } from '../../test/render.tsx';
import { toast } from '../../components/toasts.tsx';
import { pageOf, staffApplication } from '../../test/staff-fixtures.ts';
import { renderApplicationPage } from './test/application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  network?.restore();
  toast.dismiss();
});

function openApplication(application: StaffApplication, routes: Parameters<typeof mockFetch>[0] = {}) {
  network = mockFetch({
    'GET /api/applications/user/5': () => application,
    'GET /api/applications/12/history': () => pageOf([]),
    'GET /api/chat/5': () => ({ url: 'https://t.me/mary', via: 'username' }),
    ...routes,
  });
  renderApplicationPage();
}

const failed: LenderDelivery = { state: 'failed', attempts: 1, lastError: 'the lender answered 400', at: '2026-06-01T10:00:05.000Z' };

describe('the Lender panel of an application', () => {
  it('tells staff the hand-off failed and why, and Resend sends it again', async () => {
    const queued = staffApplication({ lenderDelivery: { state: 'queued' } });
    openApplication(staffApplication({ lenderDelivery: failed }), { 'POST /api/applications/12/lender/resend': () => queued });
    const panel = await screen.findByRole('region', { name: 'Lender' });
    expect(within(panel).getByRole('status').textContent).toContain('Last error: the lender answered 400');

    await userEvent.click(within(panel).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Waiting to be sent.'));
    expect(network!.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("shows when it was sent and the lender's reference once it decided", async () => {
    openApplication(
      staffApplication({
        status: 'approved',
        lenderDelivery: { state: 'sent', attempts: 2, at: '2026-06-01T10:00:05.000Z' },
        lenderReference: 'LND-4471',
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Lender' });
    expect(within(panel).getByRole('status').textContent).toMatch(/^Sent on /);
    expect(within(panel).getByText("Lender's reference: LND-4471")).toBeTruthy();
  });

  it('keeps Resend unavailable while the hand-off is on its way', async () => {
    openApplication(
      staffApplication({
        lenderDelivery: { state: 'retrying', attempts: 3, lastError: 'the lender answered 503', nextAttemptAt: '2026-06-01T10:05:00.000Z' },
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Lender' });
    expect(within(panel).getByRole('status').textContent).toContain('3 attempts');
    await userEvent.click(within(panel).getByRole('button', { name: 'Resend' }));
    expect(network!.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});
