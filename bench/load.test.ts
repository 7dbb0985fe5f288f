import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { redisAnswers } from '../server/test/local-services.ts';
import { runLoad } from './load/run.ts';
import { REALISTIC_MIX, type Mix } from './load/traffic.ts';

/**
 * The quick version of `npm run bench:load`: a few seconds of the mix, on one server process and
 * then on two behind the round-robin proxy, on PostgreSQL with rate limits in Redis. It checks
 * behaviour only (no unexpected answer, every webhook update and outbox event handled once, one
 * rate-limit counter across instances), never timings.
 */
const postgresUrl = process.env.TEST_DATABASE_URL;
const redisUrl = 'redis://127.0.0.1:6379';
const redisUp = await redisAnswers(redisUrl);
const chromium = existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium');
if (!postgresUrl) console.warn('TEST_DATABASE_URL is not set: skipping the load test, which needs PostgreSQL.');
if (!redisUp) console.warn(`Redis is not answering at ${redisUrl}: skipping the load test, which shares rate limits through it.`);
if (postgresUrl && redisUp && !chromium) console.warn('No Chromium: the load test runs without PDF downloads.');

/** Denser in what is checked than the realistic mix, so that a few seconds write dozens of outbox events. */
const QUICK_MIX: Mix = {
  ...REALISTIC_MIX,
  staffClients: 4,
  applyChance: 0.5,
  submitChance: 0.5,
  statusChance: 0.8,
  pdfChance: chromium ? 0.1 : 0,
};

describe.skipIf(!postgresUrl || !redisUp)('the product under load on PostgreSQL', () => {
  it.each([1, 2])(
    'serves the mix on %i process(es) with no error, and nothing depends on one process',
    async (processes) => {
      const result = await runLoad({
        processes,
        clients: 20,
        seconds: 3,
        postgresUrl: postgresUrl!,
        redisUrl,
        mix: QUICK_MIX,
        photoEdge: 640,
        webhookEveryMs: 100,
        warmUpApplications: 6,
      });

      expect(result.total.errors + result.warmUpErrors, result.errorSamples.join('\n')).toBe(0);
      expect(result.serverErrors).toEqual([]);
      expect(result.total.requests).toBeGreaterThan(0);

      const posted = result.webhook.postedTo.reduce((a, b) => a + b, 0);
      expect(result.webhook.postedTo.every((n) => n > 0)).toBe(true);
      expect(result.webhook).toMatchObject({ accepted: posted, repliedOnce: posted, duplicates: 0 });

      expect(result.outbox.submittedEvents).toBe(result.submitted);
      expect(result.outbox.statusEvents).toBeGreaterThan(0);
      expect(result.outbox).toMatchObject({ deliveredOnce: result.outbox.events, duplicated: 0, missing: 0, undelivered: 0, failed: 0 });

      const { answers, strictMax } = result.rateLimit;
      expect(answers.slice(0, strictMax).every((a) => a.status !== 429)).toBe(true);
      const refused = answers.slice(strictMax);
      expect(refused.every((a) => a.status === 429)).toBe(true);
      expect(new Set(refused.map((a) => a.instance)).size).toBe(processes);
    },
    240_000,
  );
});
