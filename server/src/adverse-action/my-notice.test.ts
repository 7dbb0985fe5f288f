import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyApplication } from '../../../domain/contracts/applications.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../test/identity.ts';

const ADMIN: TestTelegramUser = { id: 8_730_001, first_name: 'Ada' };
const CHROME_PATH = testConfig().chromePath;
if (!CHROME_PATH)
  console.warn('[my-notice] SKIPPED the applicant notice download: no Chromium found (install chromium or set CHROME_PATH).');

describe('a rejected applicant’s own adverse-action notice', () => {
  const t = useTestApp('pglite', { seed: { cars: 1 } });
  const applicant = { id: 8_730_100 };
  const stranger = { id: 8_730_200 };
  let application: MyApplication;

  afterAll(() => t.app.pdf.close());

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    const carId = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
    for (const who of [applicant, stranger]) {
      const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
      const submitted = await submitTestApplication(t.app, who, userId, { carId });
      if (who === applicant) application = submitted;
    }
    const res = await injectAs(t.app, ADMIN, {
      method: 'PATCH',
      url: `/api/applications/${application.id}/status`,
      payload: { status: 'rejected', reasons: ['insufficient_income'] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('shows the applicant when their notice was issued', async () => {
    const mine = (await injectAs(t.app, applicant, { method: 'GET', url: '/api/applications/mine' })).json<MyApplication>();
    const notice = await t.db
      .selectFrom('adverse_action_notices')
      .select('created_at')
      .where('application_id', '=', application.id)
      .executeTakeFirstOrThrow();
    expect(mine.notice).toEqual({ issuedAt: notice.created_at.toISOString() });
  });

  it('says no notice to an applicant still in review', async () => {
    const theirs = (await injectAs(t.app, stranger, { method: 'GET', url: '/api/applications/mine' })).json<MyApplication>();
    expect(theirs.notice).toBeNull();
  });

  it.skipIf(!CHROME_PATH)(
    'lets the applicant download their own notice as a PDF',
    async () => {
      const res = await injectAs(t.app, applicant, { method: 'GET', url: '/api/applications/mine/notice.pdf' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="adverse-action-notice-${application.id}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
    60_000,
  );

  it('gives another applicant no notice: theirs has none, and this one is not theirs', async () => {
    const res = await injectAs(t.app, stranger, { method: 'GET', url: '/api/applications/mine/notice.pdf' });
    expect(res.statusCode).toBe(404);
  });

  it('gives a visitor without a session nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/applications/mine/notice.pdf' });
    expect(res.statusCode).toBe(401);
  });
});
