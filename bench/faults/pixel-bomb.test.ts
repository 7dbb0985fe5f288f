import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';
import { createRuntime, type Runtime } from '../../server/src/runtime.ts';
import { seedDatabase } from '../../server/src/seed/seed.ts';
import { testConfig } from '../../server/test/app.ts';
import { fakeWebBuild } from '../../server/test/web-build.ts';
import { BOMB_ANSWERS, pixelBombFault, type PixelBombReport } from './pixel-bomb.ts';
import { quiet } from './support.ts';

const why = process.platform !== 'linux' ? 'it reads the server’s memory from /proc (Linux)' : undefined;
if (why) console.warn(`[faults] SKIPPED the pixel-bomb test: ${why}. It did not run.`);

describe.skipIf(why !== undefined)('uploads flooded with pixel bombs while visitors load pages', () => {
  let db: Db;
  let runtime: Runtime;
  let app: FastifyInstance;
  let report: PixelBombReport;
  beforeAll(async () => {
    db = createDatabase({ kind: 'pglite' });
    await migrateToLatest(db);
    await seedDatabase(db, { cars: 1 });
    const webDist = fakeWebBuild();
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><title>app</title><script type="module" src="/assets/app-abc123.js"></script>',
    );
    // The production limits, but for pixels: a 4 MP limit makes bombs that are quick to make and to decode.
    // Each bomb comes from an address of its own, as in the script.
    runtime = await createRuntime(
      testConfig({ TRUST_PROXY: '1', RATE_LIMIT_MAX: '600', RATE_LIMIT_STRICT_MAX: '10', IMAGE_MAX_PIXELS: '4000000' }),
      { db, logger: false, webDist },
    );
    app = runtime.app;
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    report = await pixelBombFault(
      quiet,
      { origin, pid: process.pid },
      {
        clients: 8,
        attackMs: 1500,
        probeMs: 300,
        settleMs: 0,
        maxPixels: app.images.maxPixels,
        overLimitEdge: 3000,
        maxRequestsPerClient: 200,
      },
    );
  }, 120_000);
  afterAll(async () => {
    await runtime?.close();
    await db?.destroy();
  });

  it('refuses every bomb over the pixel limit from its header, decoding none of them, and answers no other 5xx', () => {
    expect(report.overLimit.answers.counts['413 payload_too_large']).toBeGreaterThan(0);
    expect(Object.keys(report.overLimit.answers.counts).filter((key) => !(BOMB_ANSWERS as readonly string[]).includes(key))).toEqual([]);
  });

  it('decodes bombs just under the limit no more than the cap at once, answering each stored, 429 or 503 busy', () => {
    expect(report.underLimit.answers.unexpected(BOMB_ANSWERS)).toEqual({});
    expect(app.images.counters.peakInFlight).toBeLessThanOrEqual(app.images.concurrency);
    // Every decode was of a bomb under the limit that was then stored: none over the limit was decoded.
    expect(app.images.counters.decoded).toBe(report.underLimit.answers.counts['201'] ?? 0);
  });

  it('answers every page and asset 200 before, during and after each flood, and the catalogue flood too', () => {
    expect(report.control.answers.unexpected([])).toEqual({});
    for (const flood of [report.control, report.overLimit, report.underLimit]) {
      for (const probed of [flood.before, flood.during, flood.after]) {
        expect(probed.pages.length).toBeGreaterThan(0);
        expect(probed.assets.length).toBeGreaterThan(0);
        expect(probed.answers.unexpected([])).toEqual({});
      }
    }
  });
});
