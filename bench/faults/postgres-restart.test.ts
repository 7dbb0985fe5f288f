import { beforeAll, describe, expect, it } from 'vitest';
import { postgresRestartFault, type RestartFaultReport } from './postgres-restart.ts';
import { quiet } from './support.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.warn('[faults] TEST_DATABASE_URL is not set: SKIPPED the PostgreSQL stop-and-restart test. It did not run.');

describe.skipIf(!postgresUrl)('the app when PostgreSQL stops and restarts under load', () => {
  let report: RestartFaultReport;
  beforeAll(async () => {
    report = await postgresRestartFault(quiet, postgresUrl!, {
      clients: 4,
      beforeMs: 500,
      downMs: 1500,
      afterMs: 1000,
      poolEnv: { DATABASE_CONNECT_TIMEOUT_MS: '500', DATABASE_STATEMENT_TIMEOUT_MS: '1000' },
    });
  }, 120_000);

  it('answers 503 database_unavailable with Retry-After while it is down, never a 500', () => {
    expect(report.down.counts['503 database_unavailable']).toBeGreaterThan(0);
    for (const tally of [report.before, report.down, report.after]) expect(tally.unexpected(['503 database_unavailable'])).toEqual({});
    expect(report.withoutRetryAfter).toBe(0);
  });

  it('takes writes again by itself once it is back', () => {
    expect(report.recoveryMs).toBeDefined();
    expect(report.after.counts['200']).toBeGreaterThan(0);
  });

  it('loses nothing it acknowledged', () => {
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.lost).toBe(0);
  });
});
