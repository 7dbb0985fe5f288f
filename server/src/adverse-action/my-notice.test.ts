import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyApplication, NoticeLink } from '../../../domain/contracts/applications.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../test/identity.ts';

const ADMIN: TestTelegramUser = { id: 8_730_001, first_name: 'Ada' };
const CHROME_PATH = testConfig().pdf.chromePath;
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

describe.each(DATABASE_KINDS)('a signed link to the applicant’s notice, for the mini app, on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 }, checkAnswers: true });
  const applicant = { id: 8_730_300 };
  const other = { id: 8_730_400 };
  const inReview = { id: 8_730_500 };
  const applications = new Map<number, MyApplication>();

  afterAll(() => t.app.pdf.close());
  afterEach(() => vi.useRealTimers());

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    const carId = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
    for (const who of [applicant, other, inReview]) {
      const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
      applications.set(who.id, await submitTestApplication(t.app, who, userId, { carId }));
    }
    for (const who of [applicant, other]) {
      const res = await injectAs(t.app, ADMIN, {
        method: 'PATCH',
        url: `/api/applications/${applications.get(who.id)!.id}/status`,
        payload: { status: 'rejected', reasons: ['insufficient_income'] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  const linkOf = async (who: { id: number }) => {
    const res = await injectAs(t.app, who, { method: 'POST', url: '/api/applications/mine/notice-link' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<NoticeLink>();
  };
  /** The link fetched as Telegram fetches it: no cookie, no init data. */
  const fetchLink = (url: string) => t.app.inject({ method: 'GET', url });
  const errorOf = (res: { json: <T>() => T }) => res.json<ErrorBody>().error;

  it('gives the applicant a link to their own notice that expires in minutes', async () => {
    const before = Date.now();
    const link = await linkOf(applicant);
    const id = applications.get(applicant.id)!.id;
    expect(link.url).toMatch(new RegExp(`^/api/applications/${id}/applicant-notice\\.pdf\\?expires=\\d+&signature=[0-9a-f]{64}$`));
    expect(link.fileName).toBe(`adverse-action-notice-${id}.pdf`);
    const expiresIn = Date.parse(link.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(4 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60_000 + 1000);
  });

  it.skipIf(!CHROME_PATH)(
    'serves the notice’s PDF through the link without any session',
    async () => {
      const link = await linkOf(applicant);
      const res = await fetchLink(link.url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${link.fileName}"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
    60_000,
  );

  it('answers 410 link_expired once the link is past its time', async () => {
    const link = await linkOf(applicant);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(link.expiresAt) + 1000);
    const res = await fetchLink(link.url);
    expect(res.statusCode).toBe(410);
    expect(errorOf(res)).toEqual({
      code: 'link_expired',
      message: 'This download link has expired. Open your application and download the notice again.',
    });
  });

  it('answers 403 to a link whose signature or expiry was altered', async () => {
    const link = await linkOf(applicant);
    const url = new URL(link.url, 'http://localhost');
    const signature = url.searchParams.get('signature')!;
    const alteredSignature = new URL(url);
    alteredSignature.searchParams.set('signature', `${signature[0] === 'a' ? 'b' : 'a'}${signature.slice(1)}`);
    const longerLife = new URL(url);
    longerLife.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    for (const altered of [alteredSignature, longerLife]) {
      const res = await fetchLink(`${altered.pathname}${altered.search}`);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toEqual({
        code: 'forbidden',
        message: 'This download link is not valid. Open your application and download the notice again.',
      });
    }
  });

  it('answers 403 to one applicant’s link pointed at another applicant’s application', async () => {
    const link = await linkOf(applicant);
    const theirs = applications.get(other.id)!.id;
    const res = await fetchLink(link.url.replace(/\/applications\/\d+\//, `/applications/${theirs}/`));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('forbidden');
    // Their own link opens only their own application.
    expect((await linkOf(other)).url).toContain(`/applications/${theirs}/`);
  });

  it('answers 400 to a link without its signature, and gives no link to an applicant without a notice or a visitor', async () => {
    const id = applications.get(applicant.id)!.id;
    expect((await fetchLink(`/api/applications/${id}/applicant-notice.pdf`)).statusCode).toBe(400);
    const none = await injectAs(t.app, inReview, { method: 'POST', url: '/api/applications/mine/notice-link' });
    expect(none.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/applications/mine/notice-link' })).statusCode).toBe(401);
  });
});
