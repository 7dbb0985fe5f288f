import type { KnipConfig } from 'knip';

const config: KnipConfig = {
  // package.json scripts, the Vite, Vitest and ESLint configs and the files they name are
  // found by Knip's plugins; these are the entry points no config mentions.
  // A `!` marks what ships: `knip --production` follows only those and reports what the shipped
  // code leaves unused even though a test or a bench still reaches it.
  entry: [
    'server/src/start.ts!',
    // The database commands ship too (npm run db:migrate, db:seed, retention in the image).
    'server/src/migrate-cli.ts!',
    'server/src/seed-cli.ts!',
    'server/src/retention-cli.ts!',
    'scripts/start.js!',
    'web/index.html!',
    // The server renderer: built by build:web's second Vite run, imported by the server at run time.
    'web/src/entry-server.tsx!',
    'bench/*.ts',
    'scripts/*.{ts,js}',
    '**/*.test.{ts,tsx}',
    // Each migration module is one Kysely Migration (its up and down), listed whole by migrations/index.ts.
    'migrations/[0-9]*.ts',
    // knip 6.42 (the newest whose parser installs here) has no Lingui plugin.
    'lingui.config.ts',
  ],
  project: [
    '**/*.{ts,tsx,js}!',
    '!dist/**',
    '!web/dist/**',
    '!web/dist-ssr/**',
    '!coverage/**',
    '!data/**',
    // Test helpers, benches, the dev server and build-time tools never ship.
    '!**/test/**!',
    '!domain/test-fixtures.ts!',
    '!bench/**!',
    '!web/e2e/**!',
    '!web/build/**!',
    '!server/src/dev.ts!',
    '!eslint.boundaries.js!',
  ],
  // One file per endpoint exports its fetcher, query options and hook even where a caller uses only one.
  ignoreExportsUsedInFile: true,
  vite: { config: ['web/vite.config.ts'] },
  vitest: { config: ['vitest.config.ts'] },
  // System tools, not npm packages: the disk fault runs mount (bench/faults/pglite-disk.ts); PDF tests read with poppler's
  // pdftotext; the lender TLS test makes a self-signed certificate with openssl.
  ignoreBinaries: ['mount', 'umount', 'pdftotext', 'openssl'],
  // The font files npm run fonts cuts (scripts/subset-fonts.ts), found by import.meta.resolve, which Knip does not follow.
  ignoreDependencies: ['@fontsource-variable/inter'],
  // react-router is used as a library here; the plugin expects framework mode (app/routes.ts).
  'react-router': false,
};

export default config;
