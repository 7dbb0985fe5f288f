import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adverseActionReasonLabels } from '../../../domain/adverse-action.ts';
import type { MyApplication, StaffApplication } from '../../../domain/contracts/applications.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { MetricsAnswer } from '../../../domain/contracts/metrics.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import type { UserListItem } from '../../../domain/contracts/users.ts';
import { LANGUAGES } from '../../../domain/enums.ts';
import { testConfig, useTestApp } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { loadCatalogues } from '../i18n/catalogues.ts';

const ADMIN: TestTelegramUser = { id: 8_700_001, first_name: 'Ada', last_name: 'Staff' };
const BUREAU = { name: 'Experian', address: 'P.O. Box 2002, Allen, TX 75013', phone: '1-888-397-3742' };
const SCORE = {
  score: 587,
  min: 300,
  max: 850,
  createdOn: '2026-11-02',
  keyFactors: [
    'Serious delinquency',
    'Proportion of balances to credit limits is too high',
    'Length of time accounts have been established',
    'Too many accounts with balances',
    'Number of recent inquiries',
  ],
};
const DAY_MS = 86_400_000;
/** The agency Regulation B's Appendix A names for a dealer since 2023, as the notice must print it. */
const FTC_ECOA_ADDRESS = ['Federal Trade Commission', 'Consumer Response Center', 'Washington, DC 20580'] as const;
const squeeze = (text: string) => text.replace(/\s+/g, '');

describe.each(DATABASE_KINDS)('rejecting an application with its adverse-action notice on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 1 } });
  let car: string;
  let nextTelegramId = 8_710_000;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    car = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
  });

  async function submitted(): Promise<{ userId: number; application: MyApplication }> {
    const who = { id: nextTelegramId++ };
    const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    return { userId, application: await submitTestApplication(t.app, who, userId, { carId: car }) };
  }
  const setStatus = (applicationId: number, payload: Record<string, unknown>) =>
    injectAs(t.app, ADMIN, { method: 'PATCH', url: `/api/applications/${applicationId}/status`, payload });
  const noticesOf = (applicationId: number) =>
    t.db.selectFrom('adverse_action_notices').selectAll().where('application_id', '=', applicationId).execute();

  it.each([
    ['a rejection without reasons', { status: 'rejected' }, 'reasons'],
    ['a rejection with an empty list of reasons', { status: 'rejected', reasons: [] }, 'reasons'],
    [
      'more than four reasons',
      {
        status: 'rejected',
        reasons: [
          'insufficient_income',
          'excessive_obligations',
          'unable_to_verify_income',
          'length_of_employment',
          'incomplete_application',
        ],
      },
      'reasons',
    ],
    ['a reason outside the list', { status: 'rejected', reasons: ['credit_score'] }, 'reasons.0'],
    ['reasons with another status', { status: 'approved', reasons: ['insufficient_income'] }, 'reasons'],
    ['the reason other without its text', { status: 'rejected', reasons: ['other'] }, 'otherReason'],
    [
      'a credit report without the bureau’s phone',
      { status: 'rejected', reasons: ['insufficient_income'], creditReport: { bureau: { name: 'Experian', address: 'Allen, TX' } } },
      'creditReport.bureau.phone',
    ],
    [
      'a credit score outside its range',
      { status: 'rejected', reasons: ['insufficient_income'], creditReport: { bureau: BUREAU, score: { ...SCORE, score: 900 } } },
      'creditReport.score.score',
    ],
    [
      'six key factors though none is the number of inquiries',
      {
        status: 'rejected',
        reasons: ['insufficient_income'],
        creditReport: { bureau: BUREAU, score: { ...SCORE, keyFactors: ['A', 'B', 'C', 'D', 'E', 'F'] } },
      },
      'creditReport.score.keyFactors',
    ],
    [
      'five key factors though none is the number of inquiries',
      {
        status: 'rejected',
        reasons: ['insufficient_income'],
        creditReport: { bureau: BUREAU, score: { ...SCORE, keyFactors: ['A', 'B', 'C', 'D', 'E'] } },
      },
      'creditReport.score.keyFactors',
    ],
    [
      'a credit score without the bureau’s phone',
      {
        status: 'rejected',
        reasons: ['insufficient_income'],
        creditReport: { bureau: { name: 'Experian', address: 'Allen, TX' }, score: SCORE },
      },
      'creditReport.bureau.phone',
    ],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_case, payload, field) => {
    const { application } = await submitted();
    const res = await setStatus(application.id, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json<ErrorBody>().error.fields ?? {})).toEqual([field]);
    expect(res.json<ErrorBody>().error.fields?.[field]).toMatch(/\w/);
    const stored = await t.db.selectFrom('applications').select('status').where('id', '=', application.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('in_review');
    expect(await noticesOf(application.id)).toEqual([]);
  });

  it('records the notice with its reasons and the applicant’s language, and shows it to staff', async () => {
    const { userId, application } = await submitted();
    await t.db.updateTable('users').set({ language: 'es' }).where('id', '=', userId).execute();
    const res = await setStatus(application.id, {
      status: 'rejected',
      reasons: ['excessive_obligations', 'other'],
      otherReason: 'Vehicle price above the approved amount',
      creditReport: { bureau: BUREAU },
    });
    expect(res.statusCode, res.body).toBe(200);
    const notice = res.json<StaffApplication>().adverseActionNotice;
    expect(notice).toMatchObject({
      reasons: ['excessive_obligations', 'other'],
      otherReason: 'Vehicle price above the approved amount',
      creditReport: { bureau: BUREAU },
      deliveredAt: null,
      deliveryChannel: null,
    });
    const [row] = await noticesOf(application.id);
    expect(row).toMatchObject({ language: 'es', reasons: ['excessive_obligations', 'other'] });
    const staffView = (await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
    expect(staffView.adverseActionNotice?.at).toBe(notice?.at);
  });

  it('records the credit score used, with its range, date and key factors, and shows it to staff', async () => {
    const { userId, application } = await submitted();
    const res = await setStatus(application.id, {
      status: 'rejected',
      reasons: ['delinquent_obligations'],
      creditReport: { bureau: BUREAU, score: SCORE },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StaffApplication>().adverseActionNotice?.creditReport).toEqual({ bureau: BUREAU, score: SCORE });
    const [row] = await noticesOf(application.id);
    expect(row).toMatchObject({ credit_report: { bureau: BUREAU }, credit_score: SCORE });
    const staffView = (await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
    expect(staffView.adverseActionNotice?.creditReport).toEqual({ bureau: BUREAU, score: SCORE });
  });

  it('refuses, in the database too, a credit score without the agency that supplied it', async () => {
    const { application } = await submitted();
    await setStatus(application.id, { status: 'rejected', reasons: ['incomplete_application'] });
    await expect(
      t.db
        .updateTable('adverse_action_notices')
        .set({ credit_score: JSON.stringify(SCORE) })
        .where('application_id', '=', application.id)
        .execute(),
    ).rejects.toThrow(/adverse_action_notices_score_agency_check/);
  });

  it('queues the notice for delivery in the transaction of the rejection', async () => {
    const { userId, application } = await submitted();
    await setStatus(application.id, { status: 'rejected', reasons: ['incomplete_application'] });
    const [row] = await noticesOf(application.id);
    const events = await t.db
      .selectFrom('outbox_events')
      .select(['kind', 'payload'])
      .where('kind', '=', 'application.adverse_action')
      .execute();
    expect(events.map((event) => event.payload)).toContainEqual({ applicationId: application.id, userId, noticeId: row!.id });
  });

  it('records the notice issued, with its reasons, in the application’s history', async () => {
    const { application } = await submitted();
    await setStatus(application.id, { status: 'rejected', reasons: ['length_of_employment', 'insufficient_residence'] });
    const trail = (await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${application.id}/history` })).json<
      Paged<{ action: string; details: Record<string, unknown> }>
    >().items;
    expect(trail.find((event) => event.action === 'application.adverse_action_notice_issued')?.details).toMatchObject({
      reasons: ['length_of_employment', 'insufficient_residence'],
      creditReportUsed: false,
    });
  });

  it('gives a rejection recorded without reasons its notice later, without a second status change', async () => {
    const { application } = await submitted();
    // A rejection stored before notices existed, or a lender's without reasons.
    await t.db.updateTable('applications').set({ status: 'rejected' }).where('id', '=', application.id).execute();
    const res = await setStatus(application.id, { status: 'rejected', reasons: ['limited_credit_experience'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await noticesOf(application.id)).toHaveLength(1);
    expect(res.json<StaffApplication>().history.map((change) => change.status)).toEqual(['in_review']);
  });

  it('stops the Regulation B clock: overdue lists and metrics count a rejection only until its notice is sent', async () => {
    const { userId, application } = await submitted();
    const longAgo = new Date(Date.now() - 40 * DAY_MS);
    await t.db.updateTable('applications').set({ submitted_at: longAgo, status: 'rejected' }).where('id', '=', application.id).execute();
    const overdueIds = async () =>
      (await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/users?regBOverdue=true&limit=100' }))
        .json<Paged<UserListItem>>()
        .items.map((user) => user.id);
    const metrics = async () => (await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/metrics' })).json<MetricsAnswer>();

    expect(await overdueIds()).toContain(userId);
    const before = await metrics();
    expect(before.adverseActionNotices.due).toContainEqual({ applicationId: application.id, userId, daysLeft: -10 });

    const res = await setStatus(application.id, { status: 'rejected', reasons: ['delinquent_obligations'] });
    expect(res.json<StaffApplication>().regBDaysLeft).toBe(-10);
    expect(await overdueIds()).not.toContain(userId);
    const after = await metrics();
    expect(after.regB.overdue).toBe(before.regB.overdue - 1);
    expect(after.adverseActionNotices.sent).toBe(before.adverseActionNotices.sent + 1);
    expect(after.adverseActionNotices.due.map((due) => due.applicationId)).not.toContain(application.id);
  });

  it('answers 404 for the notice of an application that has none', async () => {
    const { application } = await submitted();
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${application.id}/notice.pdf` });
    expect(res.statusCode).toBe(404);
  });
});

const run = promisify(execFile);
const CHROME_PATH = testConfig().pdf.chromePath;
const POPPLER = spawnSync('pdftotext', ['-v']).error === undefined;
const skipReason = !CHROME_PATH
  ? 'no Chromium found (install chromium or set CHROME_PATH)'
  : !POPPLER
    ? 'no pdftotext (install poppler-utils)'
    : undefined;
if (skipReason) console.warn(`[notices] SKIPPED the notice PDF tests: ${skipReason}. They did not run.`);

describe.skipIf(skipReason !== undefined)('the adverse-action notice PDF (real Chromium, read with pdftotext)', () => {
  const t = useTestApp('pglite', { seed: { cars: 1 } });
  const scratch = mkdtempSync(join(tmpdir(), 'notice-test-'));
  let withReport: number;
  let reportWithoutScore: number;
  let withoutReport: number;
  let files = 0;

  afterAll(() => t.app.pdf.close());

  async function rejected(telegramId: number, payload: Record<string, unknown>): Promise<number> {
    const who = { id: telegramId };
    const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    const carId = (await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow()).uuid;
    const { id } = await submitTestApplication(t.app, who, userId, { carId });
    const res = await injectAs(t.app, ADMIN, {
      method: 'PATCH',
      url: `/api/applications/${id}/status`,
      payload: { status: 'rejected', ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
    return id;
  }

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    withReport = await rejected(8_720_001, {
      reasons: ['insufficient_income', 'unable_to_verify_income', 'other'],
      otherReason: 'Down payment below the minimum',
      creditReport: { bureau: BUREAU, score: SCORE },
    });
    withoutReport = await rejected(8_720_002, { reasons: ['temporary_or_irregular_employment'] });
    reportWithoutScore = await rejected(8_720_003, { reasons: ['limited_credit_experience'], creditReport: { bureau: BUREAU } });
  });

  /**
   * The notice of an application as rendered in `lang`, as plain text without any spacing: pdftotext
   * breaks lines where the page does and splits some Cyrillic pairs (її) into words of their own.
   */
  async function noticeText(applicationId: number, lang: string): Promise<string> {
    await t.db
      .updateTable('adverse_action_notices')
      .set({ language: lang as 'en' })
      .where('application_id', '=', applicationId)
      .execute();
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${applicationId}/notice.pdf` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = join(scratch, `notice-${files++}.pdf`);
    writeFileSync(file, res.rawPayload);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return squeeze(stdout);
  }

  it.each(LANGUAGES)('prints every element Regulation B and the FCRA require, in %s', async (lang) => {
    const catalogues = await loadCatalogues();
    const tr = (id: string, values?: Record<string, unknown>) => catalogues.translate(lang, id, values);
    const text = await noticeText(withReport, lang);
    const company = t.config.company;
    for (const required of [
      tr('Notice of Action Taken'),
      'Mary Major',
      company.name,
      company.address,
      tr('Principal reasons for our decision'),
      tr(adverseActionReasonLabels.insufficient_income),
      tr(adverseActionReasonLabels.unable_to_verify_income),
      `${tr(adverseActionReasonLabels.other)}: Down payment below the minimum`,
      tr(
        'The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status or age (provided the applicant is old enough to enter into a binding contract); because all or part of the applicant’s income comes from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act.',
      ),
      ...FTC_ECOA_ADDRESS,
      BUREAU.name,
      BUREAU.address,
      BUREAU.phone,
      tr('The consumer reporting agency did not make this decision and cannot tell you the specific reasons for it.'),
      tr(
        'Under the Fair Credit Reporting Act you have the right to a free copy of your report from that agency if you ask for it within 60 days of receiving this notice.',
      ),
      tr(
        'You also have the right to dispute with the consumer reporting agency the accuracy or completeness of any information in the report it gives you.',
      ),
    ])
      expect(text).toContain(squeeze(required));
  });

  it.each(LANGUAGES)(
    'gives the credit score used, its range, date and key factors, with the agency that supplied it, in %s',
    async (lang) => {
      const catalogues = await loadCatalogues();
      const tr = (id: string, values?: Record<string, unknown>) => catalogues.translate(lang, id, values);
      const text = await noticeText(withReport, lang);
      const scoreDay = new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : lang, {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }).format(new Date(Date.UTC(2026, 10, 2)));
      for (const required of [
        tr('Your credit score: {score}', { score: '587' }),
        tr('Scores range from a low of {min} to a high of {max}.', { min: '300', max: '850' }),
        tr('Date your credit score was created: {date}', { date: scoreDay }),
        tr('Key factors that adversely affected your credit score:'),
        ...SCORE.keyFactors,
        BUREAU.name,
        BUREAU.address,
        BUREAU.phone,
      ])
        expect(text).toContain(squeeze(required));
    },
  );

  it.each(LANGUAGES)('has no credit score section when the report was used without a score, in %s', async (lang) => {
    const catalogues = await loadCatalogues();
    const text = await noticeText(reportWithoutScore, lang);
    expect(text).toContain(squeeze(BUREAU.address));
    expect(text).not.toContain(squeeze(catalogues.translate(lang, 'Key factors that adversely affected your credit score:')));
    expect(text).not.toContain(squeeze(catalogues.translate(lang, 'Your credit score: {score}', { score: '' })));
  });

  it.each(LANGUAGES)('leaves the credit report disclosures out when no report was used, in %s', async (lang) => {
    const catalogues = await loadCatalogues();
    const text = await noticeText(withoutReport, lang);
    expect(text).toContain(squeeze(catalogues.translate(lang, adverseActionReasonLabels.temporary_or_irregular_employment)));
    expect(text).toContain(squeeze(FTC_ECOA_ADDRESS[0]));
    expect(text).not.toContain(squeeze(catalogues.translate(lang, 'Your credit report')));
    expect(text).not.toContain(BUREAU.name);
    expect(text).not.toContain(squeeze(catalogues.translate(lang, 'Key factors that adversely affected your credit score:')));
  });

  it('carries no SSN, birth date or income', async () => {
    const text = await noticeText(withReport, 'en');
    for (const secret of ['6789', '1990', '5,200', '5200']) expect(text).not.toContain(secret);
  });

  it('records each staff download in the application’s history', async () => {
    await noticeText(withoutReport, 'en');
    const downloads = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('entity_id', '=', String(withoutReport))
      .where('action', '=', 'application.notice_downloaded')
      .execute();
    expect(downloads.length).toBeGreaterThan(0);
  });
});
