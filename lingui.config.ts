import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Message ids are the English texts themselves (no macros, no generated hashes), so every
 * msgid in the .po files is used as-is: hence explicitIdAsDefault.
 */
const config: LinguiConfig = {
  locales: ['en', 'uk', 'es', 'ru'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['web/src'] }],
  format: formatter({ explicitIdAsDefault: true, origins: false }),
};

export default config;
