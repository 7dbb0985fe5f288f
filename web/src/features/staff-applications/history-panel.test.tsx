import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationTrailEvent } from '../../../../domain/contracts/applications.ts';
import { mockFetch, renderWithProviders } from '../../test/render.tsx';
import { pageOf, staffApplication } from '../../test/staff-fixtures.ts';
import { ApplicationPage } from './application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => network?.restore());

const ADA = { id: 1, name: 'Ada Staff' };

const event = (action: string, details: Record<string, unknown>, actor: ApplicationTrailEvent['actor'] = ADA): ApplicationTrailEvent => ({
  id: 1,
  action,
  at: '2026-06-02T15:30:00.000Z',
  actor,
  details,
});

/** Opens the application page with one audit event in its history, and answers the history region. */
async function historyShowing(trailEvent: ApplicationTrailEvent) {
  network = mockFetch({
    'GET /api/applications/user/5': () => staffApplication(),
    'GET /api/applications/12/history': () => pageOf([trailEvent]),
    'GET /api/applications/12/notes': () => [],
  });
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/users/:userId" element={<ApplicationPage />} />
    </Routes>,
    { route: '/dashboard/users/5' },
  );
  const history = await screen.findByRole('region', { name: 'History' });
  await within(history).findByRole('listitem');
  return history;
}

describe('the history of an application', () => {
  it('names the adverse-action notice with its reasons in words', async () => {
    const history = await historyShowing(
      event('application.adverse_action_notice_issued', {
        noticeId: 3,
        reasons: ['unable_to_verify_income', 'other'],
        creditReportUsed: false,
      }),
    );
    expect(within(history).getByText('Adverse-action notice issued: Unable to verify income; Other')).toBeTruthy();
  });

  it('says when staff downloaded the notice', async () => {
    const history = await historyShowing(event('application.notice_downloaded', { noticeId: 3 }));
    expect(within(history).getByText('Adverse-action notice downloaded')).toBeTruthy();
    expect(within(history).getByText(/Ada Staff/)).toBeTruthy();
  });

  it('says when staff sent an offer, by their name', async () => {
    const history = await historyShowing(event('application.offer_sent', { offerId: 4, type: 'finance', settingsVersion: 1 }));
    expect(within(history).getByText('Offer sent to the applicant')).toBeTruthy();
    expect(within(history).getByText(/Ada Staff/)).toBeTruthy();
  });

  it('says when the applicant accepted the offer', async () => {
    const history = await historyShowing(event('application.offer_accepted', { offerId: 4 }, null));
    expect(within(history).getByText('Offer accepted by the applicant')).toBeTruthy();
  });

  it('says when staff resent the hand-off to the lender', async () => {
    const history = await historyShowing(event('application.lender_resent', {}));
    expect(within(history).getByText('Hand-off to the lender resent')).toBeTruthy();
  });

  it('names the lender, not the applicant, as the one who fetched a licence photo', async () => {
    const history = await historyShowing(event('application.document_fetched_by_lender', { actor: 'lender', side: 'back' }, null));
    expect(within(history).getByText('Back of license fetched by the lender')).toBeTruthy();
    expect(within(history).getByText(/^Lender ·/)).toBeTruthy();
  });

  it('says the applicant withdrew the application', async () => {
    const history = await historyShowing(
      event('application.status_changed', { from: 'in_review', to: 'withdrawn' }, { id: 5, name: 'Mary Major' }),
    );
    expect(within(history).getByText('Withdrawn by the applicant')).toBeTruthy();
    expect(within(history).getByText(/^Mary Major ·/)).toBeTruthy();
  });

  it('says the retention job erased the personal data', async () => {
    const history = await historyShowing(event('application.erased', { job: 'retention', months: 25 }, null));
    expect(within(history).getByText('Personal data erased by the retention job')).toBeTruthy();
    expect(within(history).getByText(/^Retention job ·/)).toBeTruthy();
  });
});
