import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../domain/enums.ts';
import { LOCALES_DIR } from '../paths.ts';

/**
 * The translation catalogues (locales/<lang>/*.po), for text the server writes itself: the PDF's
 * labels, the bot's replies and the consent texts use the same translations as the screens.
 */
export interface Catalogues {
  /** The text for a message id (the English text) in `lang`, English where a translation is missing. */
  translate(lang: Language, id: string, values?: Record<string, unknown>): string;
}

/** The catalogues of one language (lingui.config.ts): the web app ships them apart, the server reads them all. */
const CATALOGUE_FILES = ['messages', 'application', 'dashboard', 'server'] as const;

async function readCatalogue(lang: Language, localesDir: string): Promise<Messages> {
  const po = formatter({ explicitIdAsDefault: true, origins: false });
  const messages: Messages = {};
  for (const name of CATALOGUE_FILES) {
    const filename = join(localesDir, lang, `${name}.po`);
    const catalog = await po.parse(await readFile(filename, 'utf8'), { locale: lang, sourceLocale: DEFAULT_LANGUAGE, filename });
    for (const [id, entry] of Object.entries(catalog)) messages[id] = entry.translation || id;
  }
  return messages;
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
