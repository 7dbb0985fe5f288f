import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../server/test/app.ts';
import { chromiumKilledFault, type ChromiumFaultReport } from './chromium-killed.ts';
import { quiet } from './support.ts';

const chromium = testConfig().pdf.chromePath;
const why = !chromium
  ? 'no Chromium found (install chromium or set CHROME_PATH)'
  : process.platform !== 'linux'
    ? 'it reads processes from /proc (Linux)'
    : undefined;
if (why) console.warn(`[faults] SKIPPED the Chromium-killed-during-a-PDF test: ${why}. It did not run.`);

describe.skipIf(why !== undefined)('a PDF when Chromium is killed while printing it', () => {
  let report: ChromiumFaultReport;
  beforeAll(async () => {
    report = await chromiumKilledFault(quiet, { inFlight: 2 });
  }, 60_000);

  it('answers 503 pdf_unavailable to the requests inside the dead browser, and never a 500', () => {
    expect(report.killed.counts['503 pdf_unavailable']).toBeGreaterThan(0);
    expect(report.killed.unexpected(['503 pdf_unavailable'])).toEqual({});
  });

  it('prints the next PDF on a new browser', () => {
    expect(report.next).toBe(200);
    expect(report.launches).toBe(2);
  });

  it('leaves nothing of the dead browser running, and one browser process again', () => {
    expect(report.leftBehind).toBe(0);
    expect(report.browsersNow).toBe(1);
  });
});
