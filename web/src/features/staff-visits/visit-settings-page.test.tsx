import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitSettingsAnswer, VisitSettingsSave } from '../../../../domain/contracts/visits.ts';
import { DEFAULT_VISIT_SETTINGS, visitSettingsMessages, type VisitSettings } from '../../../../domain/visits/visit-settings.ts';
import { mockFetch, renderWithProviders, json } from '../../test/render.tsx';
import { TIME_ZONE } from './test/fixtures.ts';
import { VisitSettingsPage } from './visit-settings-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

const answer = (version: number, settings: VisitSettings = DEFAULT_VISIT_SETTINGS): VisitSettingsAnswer => ({
  version,
  timeZone: TIME_ZONE,
  settings,
});

function openSettings(routes: Parameters<typeof mockFetch>[0] = {}) {
  network = mockFetch({ 'GET /api/visit-settings': () => answer(4), ...routes });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/visits/settings" element={<VisitSettingsPage />} />
    </Routes>,
    { route: '/dashboard/visits/settings' },
  );
}

const saves = () => network!.calls.filter((call) => call.method === 'PUT' && call.url.pathname === '/api/visit-settings');
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save visiting hours' }));
const day = (name: string) => screen.getByRole('group', { name });
/** The message an input's aria-describedby points at, besides its hint. */
const errorOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id))
    .find((element) => element?.classList.contains('edit-field__error'))?.textContent;

async function retype(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.type(input, text);
}

describe('the visiting hours screen', () => {
  it('shows the version and every setting as saved, a closed day as closed', async () => {
    openSettings();
    expect(await screen.findByText('Editing version 4.')).toBeTruthy();
    expect(within(day('Monday')).getByLabelText<HTMLInputElement>('Opens').value).toBe('09:00');
    expect(within(day('Saturday')).getByLabelText<HTMLInputElement>('Closes').value).toBe('18:00');
    expect(within(day('Sunday')).getByLabelText<HTMLInputElement>('Open').checked).toBe(false);
    expect(within(day('Sunday')).queryByLabelText('Opens')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Slot length, minutes').value).toBe('30');
    expect(screen.getByLabelText<HTMLInputElement>('Visits per slot').value).toBe('2');
    expect(screen.getByText('Times are on the dealer’s clock, America/Chicago.')).toBeTruthy();
  });

  it('refuses a closing time before the opening time at its field, before anything is sent', async () => {
    openSettings();
    await screen.findByText('Editing version 4.');
    const closes = within(day('Monday')).getByLabelText('Closes');
    await retype(closes, '08:00');
    await save();
    expect(errorOf(closes)).toBe(visitSettingsMessages.closeBeforeOpen);
    expect(closes.getAttribute('aria-invalid')).toBe('true');
    const summary = screen.getByRole('group', { name: 'Please fix the following:' });
    expect(within(summary).getByRole('link').textContent).toBe(`Monday, Closes: ${visitSettingsMessages.closeBeforeOpen}`);
    expect(within(summary).getByRole('link').getAttribute('href')).toBe(`#${closes.id}`);
    expect(saves()).toEqual([]);
  });

  it('saves the whole settings with the version they were loaded from', async () => {
    openSettings({ 'PUT /api/visit-settings': ({ body }) => answer(5, (body as VisitSettingsSave).settings) });
    await screen.findByText('Editing version 4.');
    await userEvent.click(within(day('Saturday')).getByLabelText('Open'));
    await retype(within(day('Friday')).getByLabelText('Closes'), '17:30');
    await retype(screen.getByLabelText('Slot length, minutes'), '45');
    await retype(screen.getByLabelText('Closed date'), '2026-12-25');
    await userEvent.click(screen.getByRole('button', { name: 'Add the date' }));
    await save();
    expect(await screen.findByText('Saved as version 5. New bookings follow it; visits already booked keep their times.')).toBeTruthy();
    expect(saves().map((call) => call.body)).toEqual([
      {
        version: 4,
        settings: {
          ...DEFAULT_VISIT_SETTINGS,
          hours: { ...DEFAULT_VISIT_SETTINGS.hours, fri: { open: '09:00', close: '17:30' }, sat: null },
          closedDates: ['2026-12-25'],
          slotMinutes: 45,
        },
      },
    ]);
    expect(screen.getByText('Friday, December 25, 2026')).toBeTruthy();
  });

  it('says someone else saved meanwhile, keeps the changes on screen, and reloads the newest settings when asked', async () => {
    let newest = answer(4);
    openSettings({
      'GET /api/visit-settings': () => newest,
      'PUT /api/visit-settings': () =>
        json(409, { error: { code: 'stale_version', message: 'These settings were changed by someone else (now version 5).' } }),
    });
    await screen.findByText('Editing version 4.');
    await retype(screen.getByLabelText('Visits per slot'), '3');
    await save();
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading').textContent).toBe('Someone else saved the visiting hours');
    expect(screen.getByLabelText<HTMLInputElement>('Visits per slot').value).toBe('3');

    newest = answer(5, { ...DEFAULT_VISIT_SETTINGS, capacity: 4 });
    await userEvent.click(within(notice).getByRole('button', { name: 'Reload the newest settings' }));
    expect(await screen.findByText('Editing version 5.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Visits per slot').value).toBe('4');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the server’s field error at its field', async () => {
    openSettings({
      'PUT /api/visit-settings': () =>
        json(400, {
          error: {
            code: 'bad_request',
            message: 'Invalid visit settings',
            fields: { 'settings.horizonDays': visitSettingsMessages.horizonInvalid },
          },
        }),
    });
    await screen.findByText('Editing version 4.');
    await save();
    const horizon = screen.getByLabelText('Booking horizon, days');
    expect(await screen.findByText(visitSettingsMessages.horizonInvalid, { selector: '.edit-field__error' })).toBeTruthy();
    expect(errorOf(horizon)).toBe(visitSettingsMessages.horizonInvalid);
  });
});
