import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PasskeysAnswer } from '../../../../domain/contracts/passkeys.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { mfaRequired, passkey, passkeysAnswer as answer } from '../../test/staff-fixtures.ts';
import { ApplicationPage } from './application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

function openApplication(passkeys: PasskeysAnswer) {
  network = mockFetch({ 'GET /api/applications/user/5': mfaRequired, 'GET /api/auth/passkeys': () => passkeys });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/users/:userId" element={<ApplicationPage />} />
    </Routes>,
    { route: '/dashboard/users/5' },
  );
}

describe('the passkey step before personal data', () => {
  it('asks a staff member with a passkey to confirm it’s them', async () => {
    openApplication(answer({ passkeys: [passkey] }));
    expect(await screen.findByRole('heading', { name: 'Confirm it’s you with your passkey' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use my passkey' })).toBeTruthy();
    expect(screen.queryByText('No data for this user.')).toBeNull();
  });

  it('lets a staff member without a passkey add one while the link sign-in still vouches for them', async () => {
    openApplication(answer({ firstPasskeyUntil: '2026-06-01T10:10:00.000Z' }));
    expect(await screen.findByRole('heading', { name: 'Add a passkey to see personal data' })).toBeTruthy();
    expect(screen.getByLabelText('Passkey name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add a passkey' })).toBeTruthy();
  });

  it('tells a staff member without a passkey to send /login again once the 10 minutes have passed', async () => {
    openApplication(answer());
    expect(await screen.findByRole('heading', { name: 'Add a passkey to see personal data' })).toBeTruthy();
    expect(screen.getByText('Send /login to the bot in Telegram.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});
