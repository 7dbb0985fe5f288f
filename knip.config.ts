import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // package.json scripts, the Vite, Vitest and ESLint configs and the files they name are
  // found by Knip's plugins; these are the entry points no config mentions.
  entry: [
    'server/src/start.ts',
    'bench/*.ts',
    'scripts/*.{ts,js}',
    '**/*.test.{ts,tsx}',
    // Each migration module is one Kysely Migration (its up and down), listed whole by migrations/index.ts.
    'migrations/[0-9]*.ts',
    // knip 6.42 (the newest whose parser installs here) has no Lingui plugin.
    'lingui.config.ts',
  ],
  project: ['**/*.{ts,tsx,js}', '!dist/**', '!web/dist/**', '!coverage/**', '!data/**'],
  // One file per endpoint exports its fetcher, query options and hook even where a caller uses only one.
  ignoreExportsUsedInFile: true,
  vite: { config: ['web/vite.config.ts'] },
  vitest: { config: ['vitest.config.ts'] },
  // System tools the disk fault runs (bench/faults/pglite-disk.ts), not npm packages.
  ignoreBinaries: ['mount', 'umount'],
  // react-router is used as a library here; the plugin expects framework mode (app/routes.ts).
  'react-router': false,
};

export default config;
