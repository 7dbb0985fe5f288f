import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import { mockWizardApi, renderWizard, submitted } from '../test/wizard-harness.tsx';
import { json } from '../../../test/render.tsx';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

const withdrawn: MyApplication = {
  ...submitted,
  status: 'withdrawn',
  history: [...submitted.history, { status: 'withdrawn', at: '2026-11-22T12:00:00.000Z' }],
};

function openStatus(application: MyApplication, extra: Parameters<typeof mockWizardApi>[0] = {}) {
  const api = mockWizardApi({ 'GET /api/applications/mine': () => application, ...extra });
  restore = api.restore;
  renderWizard('/application');
  return api;
}

describe('an applicant withdrawing their application', () => {
  it('is asked to confirm, told what withdrawing means, and then sees the application withdrawn', async () => {
    const api = openStatus(submitted, { 'POST /api/applications/mine/withdraw': () => withdrawn });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    expect(api.calls.some((call) => call.method === 'POST' && call.url.pathname.endsWith('/withdraw'))).toBe(false);
    expect(screen.getByRole('heading', { name: 'Withdraw your application?' })).toBeTruthy();
    expect(screen.getByText(/you will get no decision. You cannot send another application from this account/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Yes, withdraw my application' }));
    expect(await screen.findByText(/You withdrew your application, so we have stopped reviewing it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).toBeNull();
  });

  it('can change their mind at the confirmation, and nothing is sent', async () => {
    const api = openStatus(submitted);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep my application' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Withdraw your application?' })).toBeNull());
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('is told when the application was decided in the meantime', async () => {
    openStatus(submitted, {
      'POST /api/applications/mine/withdraw': () => json(409, { error: { code: 'conflict', message: 'decided' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw application' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, withdraw my application' }));
    const message = await screen.findByText('Your application has just been decided, so it can no longer be withdrawn.');
    expect(message.getAttribute('role')).toBe('alert');
  });

  it('is offered no withdrawal once the application is decided', async () => {
    openStatus({ ...submitted, status: 'approved' });
    await screen.findByRole('heading', { level: 1, name: 'Your application' });
    expect(screen.queryByRole('button', { name: 'Withdraw application' })).toBeNull();
  });
});
