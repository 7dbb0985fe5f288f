import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StaffVisitsAnswer } from '../../../../domain/contracts/visits.ts';
import { toast } from '../../components/toasts.tsx';
import { mockFetch } from '../../test/render.tsx';
import { pageOf, staffApplication, staffVisit } from '../../test/staff-fixtures.ts';
import { renderApplicationPage } from './test/application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  network?.restore();
  toast.dismiss();
});

const visits: StaffVisitsAnswer = {
  timeZone: 'America/Chicago',
  from: '2026-06-02T05:00:00.000Z',
  to: '2026-06-09T05:00:00.000Z',
  items: [
    staffVisit({
      type: 'hold',
      start: '2026-06-04T14:00:00.000Z',
      end: '2026-06-04T14:30:00.000Z',
      bookedAt: '2026-06-01T16:00:00.000Z',
      updatedAt: '2026-06-01T16:00:00.000Z',
    }),
  ],
};

function openApplication(answer: () => StaffVisitsAnswer) {
  network = mockFetch({
    'GET /api/applications/user/5': () => staffApplication(),
    'GET /api/applications/12/history': () => pageOf([]),
    'GET /api/visits': () => answer(),
  });
  renderApplicationPage();
}

const visitsSection = async () => within((await screen.findByRole('heading', { level: 3, name: 'Visits' })).closest('section')!);

describe('the applicant’s visits on the application page', () => {
  it('lists every visit of the applicant, each a link to its day on the calendar', async () => {
    openApplication(() => visits);
    const section = await visitsSection();
    const link = await section.findByRole('link', { name: /^Thursday, June 4, 2026, 9:00\sAM – 9:30\sAM CDT$/ });
    expect(link.getAttribute('href')).toBe('/dashboard/visits?date=2026-06-04');
    expect(section.getByText('Hold · 2003 Honda Accord EX · Booked')).toBeTruthy();
    const asked = network!.calls.find((call) => call.url.pathname === '/api/visits')!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ userId: '5' });
  });

  it('says when the applicant has no visit booked', async () => {
    openApplication(() => ({ ...visits, items: [] }));
    expect(await (await visitsSection()).findByText('No visits.')).toBeTruthy();
  });
});
