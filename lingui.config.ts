import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Message ids are the English texts themselves (no macros, no generated hashes), so every
 * msgid in the .po files is used as-is: hence explicitIdAsDefault.
 */
export default defineConfig({
  locales: ['en', 'uk', 'es', 'ru'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['web/src'] }],
  format: formatter({ explicitIdAsDefault: true, origins: false }),
});
