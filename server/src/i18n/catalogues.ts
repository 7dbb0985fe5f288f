import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../domain/enums.ts';
import { LOCALES_DIR } from '../paths.ts';

/**
 * The web app's catalogues (locales/<lang>/messages.po), for text the server writes itself: the
 * PDF's labels and the bot's replies use the same translations as the screens.
 */
export interface Catalogues {
  /** The text for a message id (the English text) in `lang`, English where a translation is missing. */
  translate(lang: Language, id: string, values?: Record<string, unknown>): string;
}

async function readCatalogue(lang: Language, localesDir: string): Promise<Messages> {
  const filename = join(localesDir, lang, 'messages.po');
  const po = formatter({ explicitIdAsDefault: true, origins: false });
  const catalog = await po.parse(await readFile(filename, 'utf8'), { locale: lang, sourceLocale: DEFAULT_LANGUAGE, filename });
  return Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, entry.translation || id]));
}

export async function loadCatalogues(localesDir = LOCALES_DIR): Promise<Catalogues> {
  const instances = new Map<Language, I18n>();
  for (const lang of LANGUAGES) {
    const i18n = setupI18n({ locale: lang, messages: { [lang]: await readCatalogue(lang, localesDir) } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(lang, i18n);
  }
  return {
    translate: (lang, id, values) => (instances.get(lang) ?? instances.get(DEFAULT_LANGUAGE)!)._(id, values),
  };
}
