import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'bot/**/*.test.ts', 'locales/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
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
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['web/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          // Builds once, starts the one Chromium and the production servers the files share.
          globalSetup: ['web/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // One file at a time: two at once on two busy cores pushed waits for the page past their limits.
          fileParallelism: false,
        },
      },
    ],
  },
});
