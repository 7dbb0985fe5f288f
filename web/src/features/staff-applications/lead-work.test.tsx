import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicationNote, ApplicationTrailEvent, StaffApplication } from '../../../../domain/contracts/applications.ts';
import type { MeAnswer } from '../../../../domain/contracts/users.ts';
import { mockFetch } from '../../test/render.tsx';
import { toast } from '../../components/toasts.tsx';
import { pageOf, staffApplication, userItem } from '../../test/staff-fixtures.ts';
import { renderApplicationPage } from './test/application-page.tsx';

let network: ReturnType<typeof mockFetch> | undefined;
afterEach(() => {
  network?.restore();
  toast.dismiss();
});

const ADA = { id: 1, name: 'Ada Staff' };
const me: MeAnswer = {
  user: {
    ...userItem({ id: ADA.id, is_admin: true, first_name: 'Ada', last_name: 'Staff' }),
    telegramId: 42,
    photoUrl: null,
    kind: 'telegram',
  },
  isAdmin: true,
  via: 'session',
};

function openApplication(routes: Parameters<typeof mockFetch>[0] = {}, application: StaffApplication = staffApplication()) {
  network = mockFetch({
    'GET /api/me': () => me,
    'GET /api/applications/user/5': () => application,
    'GET /api/applications/12/history': () => pageOf([]),
    'GET /api/applications/12/notes': () => [],
    ...routes,
  });
  renderApplicationPage();
}

/** Typing, clicks and a refetch after a write: on a busy two-core machine these outlast the default 5 s. */
const CLICKS_AND_REFETCHES = { timeout: 15_000 };

const note = (overrides: Partial<ApplicationNote> = {}): ApplicationNote => ({
  id: 1,
  text: 'Called, no answer.',
  contacted: false,
  at: '2026-06-02T15:30:00.000Z',
  author: ADA,
  ...overrides,
});

describe('working a lead on the application page', () => {
  it('lets a staff member take an untaken lead, then names them as its owner', CLICKS_AND_REFETCHES, async () => {
    let assignee: StaffApplication['assignee'] = null;
    openApplication({
      'GET /api/applications/user/5': () => staffApplication({ assignee }),
      'PUT /api/applications/12/assignee': ({ body }) => {
        assignee = ADA;
        return { applicationId: 12, assignee: { id: (body as { userId: number }).userId, name: ADA.name } };
      },
    });
    expect(await screen.findByText('Nobody has taken this lead yet.')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Take it' }));
    expect(await screen.findByText('Assigned to Ada Staff')).toBeTruthy();
    expect(network!.calls.find((call) => call.method === 'PUT')?.body).toEqual({ userId: ADA.id });
    expect(screen.queryByRole('button', { name: 'Take it' })).toBeNull();
  });

  it('lets a staff member take over a lead another admin holds', async () => {
    openApplication({}, staffApplication({ assignee: { id: 2, name: 'Ben Staff' } }));
    expect(await screen.findByText('Assigned to Ben Staff')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Take it' })).toBeTruthy();
  });

  it('adds a note marked contacted and shows it at the top of the notes, with its author', CLICKS_AND_REFETCHES, async () => {
    const notes = [note()];
    openApplication({
      'GET /api/applications/12/notes': () => notes,
      'POST /api/applications/12/notes': ({ body }) => {
        const added = note({ id: 2, ...(body as { text: string; contacted: boolean }), at: '2026-06-03T16:00:00.000Z' });
        notes.unshift(added);
        return added;
      },
    });
    const panel = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(panel).findByText('Called, no answer.')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Add note' }));
    await userEvent.type(within(panel).getByLabelText('New note'), 'Spoke to Mary.');
    await userEvent.click(within(panel).getByRole('checkbox', { name: 'I contacted the applicant' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save note' }));

    expect(network!.calls.find((call) => call.method === 'POST')?.body).toEqual({
      text: 'Spoke to Mary.',
      contacted: true,
    });
    await waitFor(() => expect(within(panel).getAllByRole('listitem')).toHaveLength(2));
    const [newest] = within(panel).getAllByRole('listitem');
    expect(newest!.textContent).toMatch(/^Spoke to Mary\.Ada Staff · .*Contacted the applicant$/);
    expect(within(panel).queryByLabelText('New note')).toBeNull();
  });

  it('shows how soon staff first responded', async () => {
    openApplication({}, staffApplication({ firstResponseAt: '2026-06-01T12:05:00.000Z', firstResponseMinutes: 125 }));
    expect(await screen.findByText('First response after 2 h 5 min')).toBeTruthy();
  });

  it('says when the applicant still waits for a first contact', async () => {
    openApplication();
    expect(await screen.findByText('Waiting for first contact')).toBeTruthy();
  });

  it('names hand-offs and notes in the history, never the text of a note', async () => {
    const event = (id: number, action: string, details: Record<string, unknown>): ApplicationTrailEvent => ({
      id,
      action,
      at: '2026-06-02T15:30:00.000Z',
      actor: ADA,
      details,
    });
    openApplication({
      'GET /api/applications/12/history': () =>
        pageOf([
          event(3, 'application.note_added', { noteId: 1, contacted: true }),
          event(2, 'application.assigned', { from: null, to: ADA.id }),
          event(1, 'application.note_added', { noteId: 2, contacted: false }),
        ]),
    });
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText('Took the lead')).toBeTruthy();
    expect(within(history).getByText('Note added: contacted the applicant')).toBeTruthy();
    expect(within(history).getByText('Note added')).toBeTruthy();
  });
});
