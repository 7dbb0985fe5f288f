import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationNote, ApplicationTrailEvent, LeadAssignment, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type { UserListItem } from '../../../domain/contracts/users.ts';
import { useTestApp } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createTelegramUser, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { createChatService } from '../chat/chat.service.ts';

const ADA: TestTelegramUser = { id: 8_600_001, first_name: 'Ada', last_name: 'Staff' };
const BEN: TestTelegramUser = { id: 8_600_002, first_name: 'Ben', last_name: 'Staff' };
const STAFF_CHAT_ID = -1001234567890;

describe.each(DATABASE_KINDS)('staff working a lead on %s', (kind) => {
  const t = useTestApp(kind);
  let ada: number;
  let ben: number;
  let nextTelegramId = 8_700_000;

  beforeAll(async () => {
    ada = (await createTelegramUser(t.db, ADA.id, { is_admin: true, first_name: 'Ada', last_name: 'Staff' })).id;
    ben = (await createTelegramUser(t.db, BEN.id, { is_admin: true, first_name: 'Ben', last_name: 'Staff' })).id;
  });

  /** A Telegram applicant who has submitted: their identity, user id and application id. */
  async function submitted(): Promise<{ who: TestTelegramUser; userId: number; applicationId: number }> {
    const who = { id: nextTelegramId++ };
    const userId = (await createTelegramUser(t.db, who.id, { first_name: 'Mary' })).id;
    return { who, userId, applicationId: (await submitTestApplication(t.app, who, userId)).id };
  }
  const as = (who: TestTelegramUser) => (request: Parameters<typeof injectAs>[2]) => injectAs(t.app, who, request);
  const asAda = as(ADA);
  const staffView = async (userId: number) =>
    (await asAda({ method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
  const trailOf = async (applicationId: number) =>
    (await asAda({ method: 'GET', url: `/api/applications/${applicationId}/history` })).json<Paged<ApplicationTrailEvent>>().items;
  const assign = (who: TestTelegramUser, applicationId: number, userId: unknown) =>
    as(who)({ method: 'PUT', url: `/api/applications/${applicationId}/assignee`, payload: { userId } });
  const addNote = (applicationId: number, payload: Record<string, unknown>, who = ADA) =>
    as(who)({ method: 'POST', url: `/api/applications/${applicationId}/notes`, payload });
  const firstResponseAt = async (applicationId: number) =>
    (await t.db.selectFrom('applications').select('first_response_at').where('id', '=', applicationId).executeTakeFirstOrThrow())
      .first_response_at;

  describe('taking a lead', () => {
    it('lets an admin take a lead, shows who has it on the application and records the hand-off', async () => {
      const { userId, applicationId } = await submitted();
      const res = await assign(ADA, applicationId, ada);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<LeadAssignment>()).toEqual({ applicationId, assignee: { id: ada, name: 'Ada Staff' } });
      expect((await staffView(userId)).assignee).toEqual({ id: ada, name: 'Ada Staff' });
      const handOff = (await trailOf(applicationId)).find((event) => event.action === 'application.assigned');
      expect(handOff).toMatchObject({ actor: { id: ada }, details: { from: null, to: ada } });
    });

    it('lets another admin take the lead over, and records from whom', async () => {
      const { applicationId } = await submitted();
      await assign(ADA, applicationId, ada);
      expect((await assign(BEN, applicationId, ben)).json<LeadAssignment>().assignee).toEqual({ id: ben, name: 'Ben Staff' });
      const handOffs = (await trailOf(applicationId)).filter((event) => event.action === 'application.assigned');
      expect(handOffs.map((event) => event.details)).toEqual([
        { from: ada, to: ben },
        { from: null, to: ada },
      ]);
    });

    it('leaves a lead untaken with null', async () => {
      const { userId, applicationId } = await submitted();
      await assign(ADA, applicationId, ada);
      const res = await assign(ADA, applicationId, null);
      expect(res.json<LeadAssignment>()).toEqual({ applicationId, assignee: null });
      expect((await staffView(userId)).assignee).toBeNull();
    });

    it('records nothing when the lead already is with that admin', async () => {
      const { applicationId } = await submitted();
      await assign(ADA, applicationId, ada);
      await assign(ADA, applicationId, ada);
      expect((await trailOf(applicationId)).filter((event) => event.action === 'application.assigned')).toHaveLength(1);
    });

    it('refuses to give a lead to someone who is not an admin, naming userId', async () => {
      const { userId, applicationId } = await submitted();
      const res = await assign(ADA, applicationId, userId);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error).toMatchObject({ code: 'bad_request', fields: { userId: 'userId must be an admin' } });
      expect((await assign(ADA, applicationId, 999_999)).statusCode).toBe(400);
      expect((await assign(ADA, applicationId, 'me')).json<ErrorBody>().error.fields).toHaveProperty('userId');
      expect((await staffView(userId)).assignee).toBeNull();
    });

    it('answers 404 for an application that does not exist', async () => {
      expect((await assign(ADA, 999_999, ada)).statusCode).toBe(404);
    });
  });

  describe('internal notes', () => {
    it('keeps notes newest first with their author, and records each without its text', async () => {
      const { applicationId } = await submitted();
      const first = await addNote(applicationId, { text: 'Called, no answer.' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json<ApplicationNote>()).toMatchObject({
        text: 'Called, no answer.',
        contacted: false,
        author: { id: ada, name: 'Ada Staff' },
      });
      await addNote(applicationId, { text: '  Spoke to Mary:\r\nwants a lower payment.  ', contacted: true }, BEN);

      const res = await asAda({ method: 'GET', url: `/api/applications/${applicationId}/notes` });
      expect(res.statusCode).toBe(200);
      expect(res.json<ApplicationNote[]>().map(({ text, contacted, author }) => ({ text, contacted, author: author?.name }))).toEqual([
        { text: 'Spoke to Mary:\nwants a lower payment.', contacted: true, author: 'Ben Staff' },
        { text: 'Called, no answer.', contacted: false, author: 'Ada Staff' },
      ]);
      const added = (await trailOf(applicationId)).filter((event) => event.action === 'application.note_added');
      expect(added).toHaveLength(2);
      expect(JSON.stringify(added)).not.toMatch(/Called|lower payment/);
    });

    it('offers no way to change or delete a note', async () => {
      const { applicationId } = await submitted();
      const note = (await addNote(applicationId, { text: 'First call done.' })).json<ApplicationNote>();
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        for (const url of [`/api/applications/${applicationId}/notes`, `/api/applications/${applicationId}/notes/${note.id}`]) {
          expect((await asAda({ method, url, payload: { text: 'rewritten' } })).statusCode, `${method} ${url}`).toBe(404);
        }
      }
      expect((await asAda({ method: 'GET', url: `/api/applications/${applicationId}/notes` })).json<ApplicationNote[]>()).toEqual([note]);
    });

    it.each([
      ['an empty text', { text: '   ' }],
      ['a text over 2,000 characters', { text: 'x'.repeat(2001) }],
      ['a text with control characters', { text: 'bell\u0007' }],
      ['no text', {}],
    ])('refuses %s, naming the field', async (_case, payload) => {
      const { applicationId } = await submitted();
      const res = await addNote(applicationId, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.fields).toHaveProperty('text');
    });

    it('refuses contacted that is not true or false, naming the field', async () => {
      const { applicationId } = await submitted();
      const res = await addNote(applicationId, { text: 'ok', contacted: 'yes' });
      expect(res.json<ErrorBody>().error.fields).toHaveProperty('contacted');
    });

    it('shows notes to staff only', async () => {
      const { who, applicationId } = await submitted();
      for (const caller of [who, null]) {
        const read = await injectAs(t.app, caller, { method: 'GET', url: `/api/applications/${applicationId}/notes` });
        const write = await injectAs(t.app, caller, {
          method: 'POST',
          url: `/api/applications/${applicationId}/notes`,
          payload: { text: 'mine' },
        });
        const take = await injectAs(t.app, caller, {
          method: 'PUT',
          url: `/api/applications/${applicationId}/assignee`,
          payload: { userId: ada },
        });
        expect([read.statusCode, write.statusCode, take.statusCode]).toEqual(caller === null ? [401, 401, 401] : [403, 403, 403]);
      }
      expect(await t.db.selectFrom('application_notes').select('id').where('application_id', '=', applicationId).execute()).toEqual([]);
    });

    it('keeps a note out of everything sent outside the dashboard', async () => {
      const { applicationId } = await submitted();
      await addNote(applicationId, { text: 'Secret staff remark 7f3a', contacted: true });
      await asAda({ method: 'PATCH', url: `/api/applications/${applicationId}/status`, payload: { status: 'approved' } });
      const events = await t.db.selectFrom('outbox_events').select('payload').execute();
      expect(events.length).toBeGreaterThan(0);
      expect(JSON.stringify(events)).not.toContain('7f3a');
    });
  });

  describe('the first response', () => {
    it('waits until staff respond', async () => {
      const { userId } = await submitted();
      expect(await staffView(userId)).toMatchObject({ firstResponseAt: null, firstResponseMinutes: null });
    });

    it('is the first status change by staff', async () => {
      const { userId, applicationId } = await submitted();
      await t.db
        .updateTable('applications')
        .set({ submitted_at: new Date(Date.now() - 125 * 60_000) })
        .where('id', '=', applicationId)
        .execute();
      await asAda({ method: 'PATCH', url: `/api/applications/${applicationId}/status`, payload: { status: 'approved' } });
      const view = await staffView(userId);
      expect(view.firstResponseAt).not.toBeNull();
      expect(view.firstResponseMinutes).toBe(125);
    });

    it('is a note marked contacted, and not a plain note', async () => {
      const { applicationId } = await submitted();
      await addNote(applicationId, { text: 'Looked at the pay stubs.' });
      expect(await firstResponseAt(applicationId)).toBeNull();
      await addNote(applicationId, { text: 'Phoned Mary.', contacted: true });
      expect(await firstResponseAt(applicationId)).not.toBeNull();
    });

    it("is a staff message relayed into the applicant's chat, and not the applicant's own", async () => {
      const { userId, applicationId } = await submitted();
      const chat = createChatService(t.db);
      const relay = { userId, userChatId: 9100, staffChatId: STAFF_CHAT_ID, originals: [1], copies: [2] };
      await chat.recordRelayed({ ...relay, from: 'user' });
      expect(await firstResponseAt(applicationId)).toBeNull();
      await chat.recordRelayed({ ...relay, from: 'staff', originals: [3], copies: [4] });
      expect(await firstResponseAt(applicationId)).not.toBeNull();
    });

    it('is set once: later responses do not move it', async () => {
      const { applicationId } = await submitted();
      await addNote(applicationId, { text: 'Phoned Mary.', contacted: true });
      const first = await firstResponseAt(applicationId);
      await asAda({ method: 'PATCH', url: `/api/applications/${applicationId}/status`, payload: { status: 'rejected' } });
      await addNote(applicationId, { text: 'Phoned again.', contacted: true });
      expect(await firstResponseAt(applicationId)).toEqual(first);
    });
  });

  describe('the users list filters', () => {
    const listed = async (who: TestTelegramUser, query: string) => {
      const res = await as(who)({ method: 'GET', url: `/api/users?limit=100&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Paged<UserListItem>>().items.map((item) => item.id);
    };

    it('lists the leads the caller has taken with assignee=me', async () => {
      const mine = await submitted();
      const bens = await submitted();
      await assign(ADA, mine.applicationId, ada);
      await assign(BEN, bens.applicationId, ben);
      expect(await listed(ADA, 'assignee=me')).toContain(mine.userId);
      expect(await listed(ADA, 'assignee=me')).not.toContain(bens.userId);
      expect(await listed(BEN, 'assignee=me')).toContain(bens.userId);
    });

    it('lists applicants nobody has responded to with waitingForFirstContact=true, and the rest with false', async () => {
      const waiting = await submitted();
      const answered = await submitted();
      await addNote(answered.applicationId, { text: 'Phoned.', contacted: true });
      const waitingList = await listed(ADA, 'waitingForFirstContact=true');
      expect(waitingList).toContain(waiting.userId);
      expect(waitingList).not.toContain(answered.userId);
      expect(waitingList).not.toContain(ada);
      const rest = await listed(ADA, 'waitingForFirstContact=false');
      expect(rest).toContain(answered.userId);
      expect(rest).not.toContain(waiting.userId);
    });

    it('refuses filter values it does not know, naming them', async () => {
      const res = await asAda({ method: 'GET', url: '/api/users?assignee=someone&waitingForFirstContact=maybe' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual(expect.arrayContaining(['assignee', 'waitingForFirstContact']));
    });
  });
});
