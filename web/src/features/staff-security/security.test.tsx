import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { PasskeysAnswer } from '../../../../domain/contracts/passkeys.ts';
import { passkey, passkeysAnswer as answer } from '../../test/staff-fixtures.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { SecurityPage } from './security-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

function openSecurity(passkeys: PasskeysAnswer, routes: Parameters<typeof mockFetch>[0] = {}) {
  network = mockFetch({ 'GET /api/auth/passkeys': () => passkeys, ...routes });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/security" element={<SecurityPage />} />
    </Routes>,
    { route: '/dashboard/security' },
  );
}

describe('the Security page', () => {
  it('lists passkeys with their name, when they were added and last used', async () => {
    openSecurity(
      answer({ passkeys: [passkey, { ...passkey, id: 2, name: 'Phone', lastUsedAt: '2026-06-02T09:00:00.000Z' }], sessionVerified: true }),
    );
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Office laptop', 'Phone']);
    expect(within(rows[0]!).getByText('—')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(screen.getByText('This browser has confirmed your passkey.')).toBeTruthy();
  });

  it('shows when a passkey was added and last used in the dealer’s time zone, as every dashboard time', async () => {
    const site = {
      company: { name: 'Liberty Auto', address: '', phone: '', email: '', socialLinks: [] },
      botUsername: 'LibertyAutoBot',
      telegramLoginEnabled: true,
      timeZone: 'Asia/Tokyo',
    };
    openSecurity(answer({ passkeys: [{ ...passkey, lastUsedAt: '2026-06-02T20:30:00.000Z' }], sessionVerified: true }), {
      'GET /api/site': () => site,
    });
    const row = (await screen.findAllByRole('row'))[1]!;
    // 10:00 UTC is 19:00 in Tokyo (GMT+9); 20:30 UTC on 2 June is 5:30 the next morning there.
    expect(await within(row).findByText(/^Jun 1, 2026, 7:00\sPM GMT\+9$/)).toBeTruthy();
    expect(within(row).getByText(/^Jun 3, 2026, 5:30\sAM GMT\+9$/)).toBeTruthy();
  });

  it('asks for the passkey check before another passkey can be added', async () => {
    openSecurity(answer({ passkeys: [passkey] }));
    expect(await screen.findByText('To add or remove passkeys, first confirm it’s you with one of them.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use my passkey' })).toBeTruthy();
    expect(screen.queryByLabelText('Passkey name')).toBeNull();
  });

  it('offers Sign out everywhere', async () => {
    openSecurity(answer());
    expect(await screen.findByRole('button', { name: 'Sign out everywhere' })).toBeTruthy();
  });
});
