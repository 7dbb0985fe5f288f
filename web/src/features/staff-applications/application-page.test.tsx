import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StaffApplication } from '../../../../domain/contracts/applications.ts';
import { mockFetch } from '../../test/render.tsx';
import { toast } from '../../components/toasts.tsx';
import { allowModalDialogs, pageOf, staffApplication } from '../../test/staff-fixtures.ts';
import { renderApplicationPage } from './test/application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
beforeAll(allowModalDialogs);
afterEach(() => {
  network?.restore();
  toast.dismiss();
});

const jsonError = (status: number, code: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ error: { code, message: 'failed', fields } }), { status, headers: { 'content-type': 'application/json' } });

function openApplication(routes: Parameters<typeof mockFetch>[0] = {}, application: StaffApplication = staffApplication()) {
  network = mockFetch({
    'GET /api/applications/user/5': () => application,
    'GET /api/applications/12/history': () => pageOf([]),
    'GET /api/chat/5': () => ({ url: 'https://t.me/mary', via: 'username' }),
    ...routes,
  });
  renderApplicationPage(<Route path="/dashboard" element={<h1>Users list</h1>} />);
}

const definition = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the application detail page', () => {
  it('shows a spinner while the application loads', () => {
    network = mockFetch({ 'GET /api/applications/user/5': () => new Promise(() => {}) });
    renderApplicationPage();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Application #12' })).toBeNull();
  });

  it('says there is no data, with Back to Users and Open Chat, when the user has no application', async () => {
    openApplication({ 'GET /api/applications/user/5': () => jsonError(404, 'not_found') });
    expect(await screen.findByRole('heading', { name: 'No data for this user.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Users' }).getAttribute('href')).toBe('/dashboard');
    expect((await screen.findByRole('link', { name: 'Open Chat' })).getAttribute('href')).toBe('https://t.me/mary');
  });

  it('shows the application read-only, with an em dash for empty values and the derived values', async () => {
    openApplication();
    expect(await screen.findByRole('heading', { name: 'Application #12' })).toBeTruthy();
    expect(definition('First Name')).toBe('Mary');
    expect(definition('Phone')).toBe('(555) 123-4567');
    expect(definition('Additional Income Source')).toBe('—');
    expect(definition('Lived here over 2 years')).toBe('Yes');
    expect(definition('Worked there over 2 years')).toBe('Yes');
    expect(screen.getByText('***-**-6789')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('titles a submitted application by its number, never "Review & Submit"', async () => {
    openApplication();
    expect(await screen.findByRole('heading', { level: 2, name: 'Application #12' })).toBeTruthy();
    expect(screen.queryByText('Review & Submit')).toBeNull();
  });

  it('lists each consent as given, with when, or declined, instead of one "Consent Given: Yes"', async () => {
    openApplication(
      {},
      staffApplication({
        consents: [
          { kind: 'credit_check', version: '2026-11-01', acceptedAt: '2026-06-01T10:00:00.000Z' },
          { kind: 'privacy_notice', version: '2026-11-01', acceptedAt: '2026-06-01T10:00:00.000Z' },
          { kind: 'electronic_records', version: '2026-11-01', acceptedAt: '2026-06-01T10:00:00.000Z' },
        ],
      }),
    );
    await screen.findByRole('heading', { name: 'Application #12' });
    expect(definition('Credit check authorization')).toMatch(/^Given Jun 1, 2026/);
    expect(definition('Marketing contact')).toBe('Declined');
    expect(screen.queryByText('Consent Given')).toBeNull();
  });

  it('shows a blank additional income as an em dash, not $0', async () => {
    openApplication({}, staffApplication({ otherIncomeSource: null, otherIncomeAmount: 0 }));
    await screen.findByRole('heading', { name: 'Application #12' });
    expect(definition('Additional Income Amount')).toBe('—');
  });

  it('says when an on-time decision was made, without "was due by"', async () => {
    const history = [
      { status: 'in_review' as const, from: null, at: '2026-06-01T10:00:00.000Z', by: null },
      { status: 'approved' as const, from: 'in_review' as const, at: '2026-06-10T15:00:00.000Z', by: { id: 1, name: 'Ada Staff' } },
    ];
    openApplication({}, staffApplication({ status: 'approved', history }));
    const clock = await screen.findByText(/Decided on June 10, 2026/);
    expect(clock.textContent).not.toMatch(/was due by/);
    expect(clock.className).not.toContain('reg-b--overdue');
  });

  it('says a late decision was made after it was due', async () => {
    const history = [
      { status: 'in_review' as const, from: null, at: '2026-06-01T10:00:00.000Z', by: null },
      { status: 'rejected' as const, from: 'in_review' as const, at: '2026-07-05T15:00:00.000Z', by: { id: 1, name: 'Ada Staff' } },
    ];
    openApplication({}, staffApplication({ status: 'rejected', history }));
    expect((await screen.findByText(/Decided on July 5, 2026/)).textContent).toContain('after the decision was due by July 1, 2026');
  });

  it('counts down to the Regulation B decision date', async () => {
    openApplication();
    expect((await screen.findByText(/Decision due by/)).textContent).toContain('12 days left');
  });

  it('shows an overdue Regulation B decision in red', async () => {
    openApplication({}, staffApplication({ regBDaysLeft: -3 }));
    const clock = await screen.findByText(/3 days overdue/);
    expect(clock.className).toContain('reg-b--overdue');
  });

  it('enters edit mode with the loaded values, Save and Cancel instead of Edit', async () => {
    openApplication();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText<HTMLInputElement>('First Name').value).toBe('Mary');
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('(555) 123-4567');
    expect(screen.getByLabelText<HTMLInputElement>('Date of Birth').value).toBe('01/31/1990');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('saves with the outgoing formats and leaves edit mode', async () => {
    let sent: unknown;
    openApplication({
      'PATCH /api/applications/applicant': ({ body }) => {
        sent = body;
        return staffApplication({ lastName: 'Minor' });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const lastName = screen.getByLabelText('Last Name');
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Minor');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    expect(sent).toMatchObject({
      applicationId: 12,
      lastName: 'Minor',
      phone: '+15551234567',
      dateOfBirth: '1990-01-31',
      otherIncomeAmount: 0,
    });
    // The masked SSN was never touched, so it is left out and the server keeps the stored one.
    expect(sent).not.toHaveProperty('ssn');
    expect(definition('Last Name')).toBe('Minor');
  });

  it('refuses to save a field that breaks a rule, naming it under the input', async () => {
    openApplication();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.clear(screen.getByLabelText('First Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByText('First name is required.')).tagName).toBe('P');
    expect(network!.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('stays in edit mode and says so in a toast when saving fails', async () => {
    openApplication({ 'PATCH /api/applications/applicant': () => jsonError(503, 'database_unavailable') });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('Last Name'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('toast')).textContent).toContain('Save failed');
    expect(screen.getByLabelText<HTMLInputElement>('Last Name').value).toBe('Majorx');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('cancels back to the loaded values and leaves edit mode', async () => {
    openApplication();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('First Name'), 'zzz');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(definition('First Name')).toBe('Mary');
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText<HTMLInputElement>('First Name').value).toBe('Mary');
  });

  it('reveals the SSN on request and hides it again', async () => {
    openApplication({ 'POST /api/applications/12/ssn/reveal': () => ({ ssn: '123456789' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('123-45-6789')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.getByText('***-**-6789')).toBeTruthy();
  });

  it('changes the status only after a confirmation that says the applicant is told, then loads the application again', async () => {
    let status: StaffApplication['status'] = 'in_review';
    openApplication({
      'GET /api/applications/user/5': () => staffApplication({ status }),
      'PATCH /api/applications/12/status': ({ body }) => {
        status = (body as { status: StaffApplication['status'] }).status;
        return staffApplication({ status });
      },
    });
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'approved');
    expect(network!.calls.some((call) => call.method === 'PATCH')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Change status…' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the status to Approved?' });
    expect(dialog.textContent).toContain('Mary Major will be told at once: by a Telegram message');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change and notify' }));
    await waitFor(() => expect(network!.calls.filter((call) => call.url.pathname === '/api/applications/user/5')).toHaveLength(2));
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('approved');
    expect(within(screen.getByRole('banner')).getByText('Approved', { selector: '.status-badge' })).toBeTruthy();
  });

  it('sends nothing and shows the stored status again when the status change is cancelled', async () => {
    openApplication();
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'rejected');
    await userEvent.click(screen.getByRole('button', { name: 'Change status…' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Reject the application?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('in_review');
    expect(document.activeElement).toBe(screen.getByLabelText('Status'));
    expect(screen.queryByRole('button', { name: 'Change status…' })).toBeNull();
    expect(network!.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('records the review on Confirm and shows it in the history', async () => {
    let reviewed = false;
    openApplication({
      'POST /api/applications/12/review': () => {
        reviewed = true;
        return { applicationId: 12, at: '2026-06-02T10:00:00.000Z', by: { id: 1, name: 'Ada Staff' } };
      },
      'GET /api/applications/12/history': () =>
        pageOf(
          reviewed
            ? [{ id: 9, action: 'application.reviewed', at: '2026-06-02T10:00:00.000Z', actor: { id: 1, name: 'Ada Staff' }, details: {} }]
            : [],
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Review confirmed')).toBeTruthy();
    expect(within(history).getByText(/Ada Staff/)).toBeTruthy();
  });

  it('names the car in the history when the applicant moved the application to another car', async () => {
    openApplication({
      'GET /api/applications/12/history': () =>
        pageOf([
          {
            id: 10,
            action: 'application.edited',
            at: '2026-06-02T10:00:00.000Z',
            actor: { id: 7, name: 'Jane Doe' },
            details: { fields: ['carId'] },
          },
        ]),
    });
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('Edited: Vehicle')).toBeTruthy();
  });
});
