import { beforeAll, describe, expect, it } from 'vitest';
import type { MyApplication, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { MetricsAnswer } from '../../../domain/contracts/metrics.ts';
import { useTestApp } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../test/identity.ts';

const ADMIN: TestTelegramUser = { id: 8_300_001, first_name: 'Ada', last_name: 'Staff' };

describe.each(DATABASE_KINDS)('an applicant withdrawing their application on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let nextTelegramId = 8_300_100;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
  });

  async function submitted(): Promise<{ who: TestTelegramUser; userId: number; application: MyApplication }> {
    const who = { id: nextTelegramId++ };
    const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    return { who, userId, application: await submitTestApplication(t.app, who, userId) };
  }
  const withdraw = (who: TestTelegramUser | null) => injectAs(t.app, who, { method: 'POST', url: '/api/applications/mine/withdraw' });
  const asAdmin = (request: Parameters<typeof injectAs>[2]) => injectAs(t.app, ADMIN, request);
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('applications').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('withdraws an application in review, with a history step, an audit event and an event for the dealer’s consumers', async () => {
    const { who, userId, application } = await submitted();
    const res = await withdraw(who);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const mine = res.json<MyApplication>();
    expect(mine.status).toBe('withdrawn');
    expect(mine.history.map((change) => change.status)).toEqual(['in_review', 'withdrawn']);

    const audit = await t.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'details'])
      .where('entity_id', '=', String(application.id))
      .where('action', '=', 'application.status_changed')
      .execute();
    expect(audit).toEqual([{ actor_user_id: userId, details: { from: 'in_review', to: 'withdrawn' } }]);
    const events = await t.db.selectFrom('outbox_events').select('payload').where('kind', '=', 'application.status_changed').execute();
    expect(events.map((event) => event.payload).filter((payload) => payload['applicationId'] === application.id)).toEqual([
      { applicationId: application.id, userId, from: 'in_review', to: 'withdrawn' },
    ]);
  });

  it('shows staff the withdrawal in the status history, made by the applicant', async () => {
    const { who, userId } = await submitted();
    await withdraw(who);
    const record = (await asAdmin({ method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
    expect(record.status).toBe('withdrawn');
    expect(record.history.at(-1)).toMatchObject({ from: 'in_review', status: 'withdrawn', by: { id: userId } });
  });

  it('refuses once the application is decided (409), leaving the decision as it was', async () => {
    const { who, application } = await submitted();
    await asAdmin({ method: 'PATCH', url: `/api/applications/${application.id}/status`, payload: { status: 'approved' } });
    const res = await withdraw(who);
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.code).toBe('conflict');
    expect(await statusOf(application.id)).toBe('approved');
  });

  it('refuses to withdraw twice (409)', async () => {
    const { who } = await submitted();
    expect((await withdraw(who)).statusCode).toBe(200);
    const again = await withdraw(who);
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.message).toContain('already been withdrawn');
  });

  it("touches no one else's application: someone who has not applied gets 404, nobody signed in 401", async () => {
    const { application } = await submitted();
    expect((await withdraw({ id: nextTelegramId++ })).statusCode).toBe(404);
    expect((await withdraw(null)).statusCode).toBe(401);
    expect(await statusOf(application.id)).toBe('in_review');
  });

  it('does not let staff set withdrawn themselves (400): only the applicant withdraws', async () => {
    const { application } = await submitted();
    const res = await asAdmin({ method: 'PATCH', url: `/api/applications/${application.id}/status`, payload: { status: 'withdrawn' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.fields).toEqual({ status: 'status must be in_review, approved or rejected' });
  });

  it('keeps a withdrawn application withdrawn: staff cannot decide it afterwards (409)', async () => {
    const { who, application } = await submitted();
    await withdraw(who);
    const res = await asAdmin({
      method: 'PATCH',
      url: `/api/applications/${application.id}/status`,
      payload: { status: 'rejected', reasons: ['incomplete_application'] },
    });
    expect(res.statusCode).toBe(409);
    expect(await statusOf(application.id)).toBe('withdrawn');
  });

  it('takes a withdrawn application off the Regulation B clock: it needs no adverse-action notice', async () => {
    const regB = async () => (await asAdmin({ method: 'GET', url: '/api/metrics' })).json<MetricsAnswer>().regB;
    const { who, application } = await submitted();
    await t.db
      .updateTable('applications')
      .set({ submitted_at: new Date(Date.now() - 40 * 86_400_000) })
      .where('id', '=', application.id)
      .execute();
    const before = await regB();
    await withdraw(who);
    expect((await regB()).overdue).toBe(before.overdue - 1);
  });
});
