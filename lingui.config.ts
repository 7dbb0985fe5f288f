import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Message ids are the English texts themselves (no macros, no generated hashes), so every
 * msgid in the .po files is used as-is: hence explicitIdAsDefault.
 *
 * One catalogue per audience, so a public page downloads only its own texts: `messages` for
 * every page (and domain/'s labels and validation messages), `application` for the wizard,
 * `dashboard` for staff, `server` for what only the server writes (PDF, bot, consent texts).
 * The server reads all four (server/src/i18n/catalogues.ts); locales/catalogs.test.ts keeps each
 * id in one of them and each screen's ids in a catalogue it loads.
 */
export default defineConfig({
  locales: ['en', 'uk', 'es', 'ru'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: ['messages', 'application', 'dashboard', 'server'].map((name) => ({ path: `<rootDir>/locales/{locale}/${name}`, include: [] })),
  format: formatter({ explicitIdAsDefault: true, origins: false }),
});
