import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../test/app.ts';
import { submissionBody, submit, submitTestApplication, TEST_BIRTH_DATE, TEST_SSN, uploadLicence } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, injectAs } from '../../test/identity.ts';
import { recordingStream } from '../../test/log-lines.ts';
import { loggerOptions } from '../http/logger.ts';

/** Every way the SSN and birth date of the test applicant could be written down. */
const SECRETS = [TEST_SSN, '123-45-6789', '123 45 6789', TEST_BIRTH_DATE, '01/31/1990', '1990/01/31'];
const DRAFT_SSN = '234-56-7801';
const ADMIN = { id: 8_300_001 };

/**
 * Personal data (docs/product/retention.md#privacy-and-retention): SSNs, birth dates, drafts and licence images never appear in plaintext
 * in the database, in a log line, in a list answer or in an outbox payload. Every test reads the
 * real thing: raw rows as PostgreSQL stores them, and the lines the logger wrote.
 */
describe.each(DATABASE_KINDS)('personal data at rest and in logs on %s', (kind) => {
  const { stream, lines } = recordingStream();
  const t = useTestApp(kind, {
    seed: { cars: 1 },
    env: { LOG_LEVEL: 'trace' },
    logger: { ...(loggerOptions(testConfig({ LOG_LEVEL: 'trace' })) as object), stream },
  });
  let applicationId: number;
  let photoBytes: Buffer;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    const who = { id: 8_300_002 };
    const userId = (await injectAs(t.app, who, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    applicationId = (await submitTestApplication(t.app, who, userId)).id;
    // A second person leaves a draft with an SSN in it, and fails a submission on a bad SSN.
    const drafter = { id: 8_300_003 };
    const drafterId = (await injectAs(t.app, drafter, { method: 'GET', url: '/api/me' })).json<{ user: { id: number } }>().user.id;
    await injectAs(t.app, drafter, {
      method: 'PUT',
      url: '/api/applications/draft',
      payload: { personal: { ssn: DRAFT_SSN, dateOfBirth: '01/31/1990' } },
    });
    const front = await uploadLicence(t.app, drafter, 'front');
    const back = await uploadLicence(t.app, drafter, 'back');
    const bad = submissionBody(drafterId, { front: front.id, back: back.id });
    bad.application.applicant.ssn = '12345678X';
    await submit(t.app, drafter, bad);
    // Staff work on the application.
    for (const request of [
      { method: 'GET', url: `/api/applications/user/${userId}` },
      { method: 'POST', url: `/api/applications/${applicationId}/ssn/reveal` },
      { method: 'GET', url: `/api/applications/${applicationId}/documents/front` },
      { method: 'PATCH', url: `/api/applications/${applicationId}/status`, payload: { status: 'approved' } },
    ] as const) {
      await injectAs(t.app, ADMIN, request);
    }
    photoBytes = (await injectAs(t.app, ADMIN, { method: 'GET', url: `/api/applications/${applicationId}/documents/front` })).rawPayload;
  });

  /** Every row of every table as PostgreSQL prints it, one line per row. */
  async function everyRow(): Promise<string> {
    const tables = await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(t.db);
    const dumps: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(name)} t`.execute(t.db);
      dumps.push(...rows.rows.map((r) => `${name}: ${r.row}`));
    }
    return dumps.join('\n');
  }

  it('keeps no SSN or birth date in plaintext anywhere in the database', async () => {
    const rows = await everyRow();
    expect(rows).toContain('applications:');
    for (const secret of [...SECRETS, DRAFT_SSN, '234567801']) expect(rows).not.toContain(secret);
  });

  it('keeps the last four SSN digits for display, and nothing more', async () => {
    const row = await t.db
      .selectFrom('applications')
      .select(['ssn_last4', 'ssn_encrypted', 'date_of_birth_encrypted'])
      .where('id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(row.ssn_last4).toBe('6789');
    expect(t.app.pii.keyIdOf(row.ssn_encrypted!)).toBe(t.app.pii.keyId);
    expect(t.app.pii.keyIdOf(row.date_of_birth_encrypted!)).toBe(t.app.pii.keyId);
  });

  it('stores licence photos only encrypted', async () => {
    const stored = await t.db
      .selectFrom('application_documents')
      .select('content_encrypted')
      .where('application_id', '=', applicationId)
      .execute();
    expect(stored).toHaveLength(2);
    for (const { content_encrypted } of stored) {
      expect(Buffer.from(content_encrypted).subarray(0, 3)).not.toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(Buffer.from(content_encrypted).includes(photoBytes.subarray(200, 264))).toBe(false);
    }
  });

  it('writes no SSN or birth date to any log line, even at trace level', () => {
    expect(lines.length).toBeGreaterThan(0);
    const logged = lines.join('\n');
    for (const secret of [...SECRETS, DRAFT_SSN, '12345678X']) expect(logged).not.toContain(secret);
  });

  it('puts no personal data in outbox payloads', async () => {
    const events = await t.db.selectFrom('outbox_events').select('payload').execute();
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const { payload } of events) {
      expect(Object.keys(payload).every((key) => ['applicationId', 'userId', 'from', 'to'].includes(key))).toBe(true);
      expect(JSON.stringify(payload)).not.toMatch(/Mary|Major|example\.com|5551234567|Elm/);
    }
  });

  it('shows no SSN or birth date in any list answer', async () => {
    for (const url of ['/api/users?limit=100', '/api/audit?limit=100', `/api/applications/${applicationId}/history?limit=100`]) {
      const res = await injectAs(t.app, ADMIN, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      for (const secret of SECRETS) expect(res.body, url).not.toContain(secret);
    }
  });
});
