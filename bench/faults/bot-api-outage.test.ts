import { beforeAll, describe, expect, it } from 'vitest';
import { botApiOutageFault, type BotOutageReport } from './bot-api-outage.ts';
import { quiet } from './support.ts';

describe('the app while the Bot API is unreachable', () => {
  let report: BotOutageReport;
  beforeAll(async () => {
    report = await botApiOutageFault(quiet, { applicants: 4, downMs: 2000, deliveryTimeoutMs: 20_000 });
  }, 60_000);

  it('keeps serving pages, submissions and status changes', () => {
    expect(report.served.unexpected([])).toEqual({});
    expect(report.submitted).toBe(4);
    expect(report.statusChanges).toBe(4);
  });

  it('delivers every notification once Telegram is back, none twice, none given up', () => {
    expect(report.events).toEqual({ total: 8, delivered: 8, failed: 0, pending: 0 });
    expect(report.sentTwice).toBe(0);
  });
});
