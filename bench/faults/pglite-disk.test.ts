import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskFaultUnavailable, pgliteDiskFault, type DiskFaultReport, type StartAttempt } from './pglite-disk.ts';
import { quiet, stopAllServers } from './support.ts';

const why = diskFaultUnavailable();
if (why) console.warn(`[faults] SKIPPED the PGlite disk-full and read-only tests: ${why}. They did not run.`);

const CLEAR_LINE = /^Cannot write \/\S+ \((ENOSPC|EROFS)\): set DATA_DIR to a folder this user can write, with free space\.$/;
const failedInOneClearLine = (start: StartAttempt, code: 'ENOSPC' | 'EROFS') => {
  expect(start.code).toBe(1);
  expect(start.lines).toHaveLength(1);
  expect(start.lines[0]).toMatch(CLEAR_LINE);
  expect(start.lines[0]).toContain(`(${code})`);
};

describe.skipIf(why !== undefined)('the embedded database when its disk fills up or turns read-only', () => {
  let report: DiskFaultReport;
  beforeAll(async () => {
    report = await pgliteDiskFault(quiet, { clients: 4, beforeMs: 500, afterMs: 300 });
  }, 120_000);
  afterAll(stopAllServers);

  it('answers 503 database_unavailable, never a 500, once the disk is full, and keeps answering', () => {
    expect(report.before.unexpected([])).toEqual({});
    expect(report.after.counts['503 database_unavailable']).toBeGreaterThan(0);
    expect(report.after.unexpected(['503 database_unavailable'])).toEqual({});
    expect(report.healthWhenFull).toBe(503);
  });

  it('still stops cleanly on SIGTERM', () => {
    expect(report.stoppedCode).toBe(0);
  });

  it('refuses to start on a full disk in one line naming the folder and the fix', () => {
    failedInOneClearLine(report.startFull, 'ENOSPC');
  });

  it('refuses to start on a read-only data folder, or a read-only database folder inside it, in one line', () => {
    failedInOneClearLine(report.startReadOnly, 'EROFS');
    failedInOneClearLine(report.startReadOnlyDatabase, 'EROFS');
  });

  it('keeps every acknowledged write, and takes new ones, once there is room again', () => {
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.lost).toBe(0);
    expect(report.writableAgain).toBe(true);
  });
});
