import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sigkillSubmissionsFault, type SigkillFaultReport } from './sigkill-submissions.ts';
import { quiet, stopAllServers } from './support.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.warn('[faults] TEST_DATABASE_URL is not set: SKIPPED the SIGKILL-during-submissions test. It did not run.');

describe.skipIf(!postgresUrl)('submissions when the server process is killed (SIGKILL) among them', () => {
  let report: SigkillFaultReport;
  beforeAll(async () => {
    report = await sigkillSubmissionsFault(quiet, postgresUrl!, { applicants: 10 });
  }, 90_000);
  afterAll(stopAllServers);

  it('leaves no half-written application', () => {
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.stored).toBeGreaterThanOrEqual(report.acknowledged);
    expect(report.halfWritten).toBe(0);
  });

  it('replays an acknowledged submission after the restart: 201, Idempotent-Replayed, the same application', () => {
    expect(report.badReplays).toBe(0);
  });

  it('ends with exactly one application per applicant once everyone has retried with their key', () => {
    expect(report.retried.unexpected([])).toEqual({});
    expect(report.notExactlyOne).toBe(0);
  });
});
