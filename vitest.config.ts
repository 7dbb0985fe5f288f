import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import type { InlineConfig } from 'vitest/node';

/**
 * Multi-second suites that start processes, browsers or load generators, cut connections through
 * TCP proxies or wait out real socket timeouts: `npm test` and CI run them after the other projects,
 * `npm run check` leaves them out.
 */
const SLOW = [
  'server/src/server-process.test.ts',
  'server/src/db/database-faults.test.ts',
  'server/src/http/timeouts.test.ts',
  'bench/**/*.test.ts',
  'scripts/build-if-stale.test.ts',
];

/**
 * Node suites share one worker's module cache (isolate: false): the app's modules, the parsed
 * catalogues and API schemas and the migrated database dump are loaded once per worker, not per
 * file. None patches a global (timers, env, module mocks); server/test/leak-check.ts fails a file
 * that leaves a timer, socket or process running into the next one.
 */
const SHARED_WORKER: InlineConfig = { isolate: false, pool: 'forks', setupFiles: ['server/test/leak-check.ts'] };

const serverSuites: InlineConfig = {
  environment: 'node',
  globalSetup: ['server/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 120_000,
  ...SHARED_WORKER,
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, a single one on a two-core CI machine; the
    // node suites spend much of their time waiting on PostgreSQL, sockets and child processes.
    maxWorkers: 2,
    coverage: {
      provider: 'v8',
      include: ['domain/**/*.ts'],
      exclude: ['domain/**/*.test.ts'],
      reporter: ['text-summary', 'text'],
    },
    projects: [
      {
        test: {
          name: 'domain',
          include: ['domain/**/*.test.ts'],
          environment: 'node',
          ...SHARED_WORKER,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'bot/**/*.test.ts', 'locales/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SLOW],
          ...serverSuites,
        },
      },
      {
        test: {
          name: 'slow',
          include: SLOW,
          ...serverSuites,
          // After the fast projects, so a run reports their failures first and their timings are their own.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Lingui compiles locales/*.po on import, as in the production build.
        plugins: [react(), lingui()],
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          // Browser suites belong to the e2e project (node + real Chromium), not to jsdom.
          exclude: ['web/e2e/**', 'node_modules/**'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          // A screen of hundreds of fields (the deal settings) takes seconds to query in jsdom on a
          // two-core machine that runs the server suites beside it; 5 s, Vitest's default, is not a budget.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // One production server and one browser per file; files run one after another, and last, on a
          // machine no other project keeps busy.
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
