import { testConfig } from '../../server/test/app.ts';
import { botApiOutageFault } from './bot-api-outage.ts';
import { chromiumKilledFault } from './chromium-killed.ts';
import { diskFaultUnavailable, pgliteDiskFault } from './pglite-disk.ts';
import { pixelBombAttack } from './pixel-bomb.ts';
import { postgresRestartFault } from './postgres-restart.ts';
import { sigkillSubmissionsFault } from './sigkill-submissions.ts';
import { postgresServerUrl, runIfMain, type Say } from './support.ts';

/**
 * npm run faults: each fault in turn, printing what happened. The PostgreSQL ones need
 * DATABASE_URL (or TEST_DATABASE_URL), the Chromium one a browser, the disk one root and a tmpfs
 * mount; a fault that cannot run here says why.
 */
runIfMain(import.meta.url, async (say: Say) => {
  const postgres = postgresServerUrl();
  const faults: Array<[string, () => Promise<unknown> | string]> = [
    [
      'PostgreSQL stopped and restarted mid-load',
      () =>
        postgres
          ? postgresRestartFault(say, postgres, { clients: 32, beforeMs: 5000, downMs: 10_000, afterMs: 10_000 })
          : 'set DATABASE_URL',
    ],
    [
      'Chromium killed during a PDF',
      () =>
        testConfig({ CHROME_PATH: process.env.CHROME_PATH }).pdf.chromePath ? chromiumKilledFault(say, { inFlight: 2 }) : 'no Chromium',
    ],
    ['SIGKILL during submissions', () => (postgres ? sigkillSubmissionsFault(say, postgres, { applicants: 40 }) : 'set DATABASE_URL')],
    ['Bot API unreachable for a while', () => botApiOutageFault(say, { applicants: 12, downMs: 15_000, deliveryTimeoutMs: 60_000 })],
    [
      'PGlite disk full and read-only',
      () => diskFaultUnavailable() ?? pgliteDiskFault(say, { clients: 16, beforeMs: 5000, afterMs: 5000 }),
    ],
    [
      'Pixel bombs uploaded while visitors load pages',
      () => (process.platform === 'linux' ? pixelBombAttack(say, postgres) : 'it reads the server’s memory from /proc (Linux)'),
    ],
  ];
  for (const [name, run] of faults) {
    say(`\n== ${name}`);
    const outcome = await run();
    if (typeof outcome === 'string') say(`Skipped: ${outcome}.`);
  }
});
