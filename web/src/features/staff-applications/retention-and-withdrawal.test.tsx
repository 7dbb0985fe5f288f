import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StaffApplication } from '../../../../domain/contracts/applications.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { allowModalDialogs, pageOf, staffApplication } from '../../test/staff-fixtures.ts';
import { ApplicationPage } from './application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
beforeAll(allowModalDialogs);
afterEach(() => network?.restore());

function openApplication(application: StaffApplication) {
  network = mockFetch({
    'GET /api/applications/user/5': () => application,
    'GET /api/applications/12/history': () => pageOf([]),
    'GET /api/chat/5': () => ({ url: 'https://t.me/mary', via: 'username' }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/users/:userId" element={<ApplicationPage />} />
    </Routes>,
    { route: '/dashboard/users/5' },
  );
}

const definition = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

const erased = () =>
  staffApplication({
    status: 'rejected',
    erasedAt: '2026-10-01T15:00:00.000Z',
    ssnMasked: null,
    dateOfBirth: null,
    maritalStatus: null,
    housingStatus: null,
    monthsAtCurrentAddress: null,
    income: null,
    incomeFrequency: null,
    otherIncomeAmount: null,
    mortgageOrRentAmount: null,
    address: null,
    currentEmployment: null,
  });

describe('an application whose personal data the retention job erased', () => {
  it('says when it was erased and under what policy', async () => {
    openApplication(erased());
    // The day in the dealer's zone, named: the site's details give none here, so it is the reader's own.
    expect(await screen.findByText(/^Personal data erased on October 1, 2026 \S+ under the retention policy\.$/)).toBeTruthy();
  });

  it('shows each erased field as "Erased", not blank or $0', async () => {
    openApplication(erased());
    await screen.findByRole('heading', { name: 'Application #12' });
    for (const label of [
      'Date of Birth',
      'SSN',
      'Marital Status',
      'Housing Type',
      'Time at Current Address',
      'Lived here over 2 years',
      'Monthly Income',
      'Income Frequency',
      'Current Address',
      'Current Employment',
    ]) {
      expect(definition(label)).toBe('Erased');
    }
    expect(document.body.textContent).not.toContain('$0');
  });

  it('offers no Edit: there is nothing left to correct', async () => {
    openApplication(erased());
    await screen.findByRole('heading', { name: 'Application #12' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('an application its applicant withdrew', () => {
  const withdrawn = () =>
    staffApplication({
      status: 'withdrawn',
      history: [
        { status: 'in_review', from: null, at: '2026-06-01T10:00:00.000Z', by: null },
        { status: 'withdrawn', from: 'in_review', at: '2026-06-05T15:00:00.000Z', by: { id: 5, name: 'Mary Major' } },
      ],
    });

  it('shows it withdrawn, with no status to choose: only the applicant withdraws, and nobody decides it afterwards', async () => {
    openApplication(withdrawn());
    await screen.findByRole('heading', { name: 'Application #12' });
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.getByText('Withdrawn', { selector: '.status-badge' })).toBeTruthy();
  });

  it('takes it off the Regulation B clock with no notice due', async () => {
    openApplication(withdrawn());
    expect(
      await screen.findByText(/^Withdrawn by the applicant on June 5, 2026 \S+: no decision or adverse-action notice is due\.$/),
    ).toBeTruthy();
  });
});
