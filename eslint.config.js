import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint.boundaries.js';

export default defineConfig([
  globalIgnores(['**/node_modules/', 'dist/', 'web/dist/', 'web/dist-ssr/', 'coverage/', 'data/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Files outside tsconfig.json's include, checked with its compiler options.
        projectService: {
          allowDefaultProject: ['lingui.config.ts', 'knip.config.ts', 'locales/*.test.ts'],
          defaultProject: 'tsconfig.json',
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    rules: {
      // Fastify hooks and plugins, Kysely's migration provider and the host interface take functions
      // that return a promise: `async` is how to write one with nothing to wait for, and dropping it
      // as the rule advises would leave a Fastify hook waiting for a `done` callback forever.
      '@typescript-eslint/require-await': 'off',
      // Leaving a property out by destructuring it into a named rest sibling is how we omit fields.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },
  boundaries,
]);
