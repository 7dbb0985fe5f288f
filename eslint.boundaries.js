// The import boundaries of docs/architecture.md, as lint rules (docs/decisions/006-boundaries-checked-by-lint.md).
// eslint.config.js includes this file; on its own it is a complete config without type information,
// which is what server/test/lint-boundaries.test.ts lints its fixtures with.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// Read on every run, so a new feature folder is covered the moment it exists.
function subfolders(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const SERVER_CROSS_CUTTING = ['http', 'security', 'db', 'i18n'];
const SERVER_FEATURES = subfolders('server/src').filter((name) => !SERVER_CROSS_CUTTING.includes(name));
// Globs in `except` are matched against absolute paths, hence the leading **.
const SERVER_PUBLIC_MODULES = ['**/*.service.ts', '**/*.repository.ts', '**/*.schema.ts'];
// Where a feature has a service, its routes call it rather than a repository (docs/architecture.md, Server features).
const SERVER_FEATURES_WITH_SERVICE = SERVER_FEATURES.filter((feature) =>
  readdirSync(path.join(root, 'server/src', feature)).some((name) => name.endsWith('.service.ts')),
);
const WEB_FEATURES = subfolders('web/src/features');
const APPLICATION_CODE = ['domain', 'server', 'web', 'bot', 'bench', 'scripts'];

const zones = [
  {
    target: 'domain',
    from: APPLICATION_CODE.filter((dir) => dir !== 'domain').concat('migrations'),
    message: 'domain/ is shared by every tier and imports nothing from them.',
  },
  {
    target: 'migrations',
    from: APPLICATION_CODE,
    message: 'Migrations are frozen in time: copy what they need instead of importing application code.',
  },
  {
    target: 'web/src',
    from: ['server', 'bot', 'migrations'],
    message: 'The browser takes server types from domain/contracts/, never from server code.',
  },
  ...WEB_FEATURES.map((feature) => ({
    target: `web/src/features/${feature}/**`,
    from: `web/src/features/!(${feature})/**`,
    message:
      'A web feature does not import another feature: go through the router (a URL parameter) or move the shared part to web/src/components/ or web/src/lib/.',
  })),
  {
    target: ['web/src/features/**', 'web/src/components/**', 'web/src/lib/**', 'web/src/host/**'],
    from: 'web/src/app/**',
    message: 'Only the app shell wires features and providers; move what is shared to web/src/components/ or web/src/lib/.',
  },
  {
    target: ['web/src/components/**', 'web/src/lib/**', 'web/src/host/**'],
    from: 'web/src/features/**',
    message: 'Shared web modules do not depend on a feature.',
  },
  ...SERVER_FEATURES.map((feature) => ({
    target: `server/src/${feature}/**`,
    from: `server/src/!(${[feature, ...SERVER_CROSS_CUTTING].join('|')})/**`,
    except: SERVER_PUBLIC_MODULES,
    message: 'A server feature uses another only through its *.service.ts, *.repository.ts or *.schema.ts, never its routes or internals.',
  })),
  ...SERVER_FEATURES_WITH_SERVICE.map((feature) => ({
    target: `server/src/${feature}/**/*.routes.ts`,
    from: 'server/src/**/*.repository.ts',
    message: `The ${feature} feature has a service: its routes call the service, never a repository (their own or another feature's). Move the repository calls, with their transaction and audit row, into a function in server/src/${feature}/*.service.ts.`,
  })),
  {
    // Feature tests build the whole app through createRuntime, as a starter does.
    target: 'server/src/*/**/!(*.test).ts',
    from: ['server/src/runtime.ts', 'server/src/server-process.ts', 'server/src/app.ts'],
    message:
      'A server feature does not import the composition root or the process starters: take what it needs as arguments or from server/src/config.ts. Commands that start the server belong beside start.ts.',
  },
  {
    target: 'bot/**',
    from: ['web', 'migrations', 'bench', 'scripts'],
    message: 'The bot builds on domain/ and its own ports, never on the web app or migrations.',
  },
  {
    // The bot's own code; its tests build the bot the way the composition root does, from the server's services.
    target: 'bot/src/**/!(*.test).ts',
    from: 'server',
    message:
      'The bot imports domain/ and its own files only: what it needs from the server arrives through its ports (bot/src/ports.ts), built by server/src/runtime.ts.',
  },
  {
    target: ['server/src/*/**', 'server/src/!(runtime|telegram-webhook).ts'],
    from: 'bot',
    message: 'Only the composition root (server/src/runtime.ts) and the webhook route know the bot.',
  },
];

const domainPackages = (allowed) => ({
  patterns: [
    {
      regex: `^(?!(${allowed.join('|')})(/|$)|\\.{1,2}/)`,
      message: `domain/ stays pure: it imports only ${allowed.join(', ')} and itself.`,
    },
  ],
});

export default [
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parser: tseslint.parser },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['domain/**/*.ts'],
    ignores: ['domain/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', domainPackages(['valibot'])] },
  },
  {
    files: ['domain/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', domainPackages(['valibot', 'vitest', 'fast-check', 'node:[a-z_/]+'])] },
  },
];
