import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
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

/** A PO escape as JSON writes it: JSON.parse then reads every quoted PO string. */
const JSON_ESCAPES: Record<string, string> = { a: '\\u0007', v: '\\u000b', "'": "'", '?': '?' };

/** A quoted PO string's text; JSON.parse makes it a string of its own, not a slice keeping the whole file alive. */
const unquote = (quoted: string): string =>
  JSON.parse(quoted.replace(/\\(.)/g, (escape: string, char: string) => JSON_ESCAPES[char] ?? escape)) as string;

/**
 * The messages of one .po file as lingui.config.ts writes it (every msgid is the English text):
 * a few lines of reading, where Lingui's PO formatter and its dependencies would hold about 9 MB
 * of every server's memory for a task done once at start (docs/operations/benchmarks.md#memory).
 * server/src/i18n/catalogues.test.ts reads every catalogue with both and expects the same messages.
 */
export function readPoMessages(text: string, filename: string): Messages {
  const messages: Messages = {};
  let id: string | undefined;
  let translation: string | undefined;
  let field: 'msgid' | 'msgstr' | undefined;
  const flush = () => {
    if (id) messages[id] = translation || id;
    id = translation = field = undefined;
  };
  const lines = text.split('\n');
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const unreadable = (what: string) => new Error(`${filename}:${index + 1}: ${what}; lingui.config.ts writes none.`);
    if (line === '') return flush();
    if (line.startsWith('#')) {
      if (line.includes('js-lingui-explicit-id')) throw unreadable('an explicit message id');
      return;
    }
    const keyword = /^(msgid|msgstr|msgctxt|msgid_plural|msgstr\[\d+\])\s+(".*")$/.exec(line);
    if (keyword) {
      const [, name, quoted] = keyword;
      if (name !== 'msgid' && name !== 'msgstr') throw unreadable(`${name} is not read by the server`);
      if (name === 'msgid') {
        if (field) flush();
        id = unquote(quoted!);
      } else translation = unquote(quoted!);
      field = name;
      return;
    }
    if (line.startsWith('"') && field) {
      if (field === 'msgid') id += unquote(line);
      else translation = (translation ?? '') + unquote(line);
      return;
    }
    throw unreadable(`cannot read "${line.slice(0, 40)}"`);
  });
  flush();
  return messages;
}

function readCatalogue(lang: Language, localesDir: string): Messages {
  const messages: Messages = {};
  for (const name of CATALOGUE_FILES) {
    const filename = join(localesDir, lang, `${name}.po`);
    Object.assign(messages, readPoMessages(readFileSync(filename, 'utf8'), filename));
  }
  return messages;
}

export async function loadCatalogues(localesDir = LOCALES_DIR): Promise<Catalogues> {
  // Every file is there, or the server says so at start rather than at the first PDF or bot reply.
  await Promise.all(LANGUAGES.flatMap((lang) => CATALOGUE_FILES.map((name) => access(join(localesDir, lang, `${name}.po`)))));
  const instances = new Map<Language, I18n>();
  /** A language's catalogue is read the first time something is written in it: a server may never need some. */
  const instance = (lang: Language): I18n => {
    let i18n = instances.get(lang);
    if (!i18n) {
      i18n = setupI18n({ locale: lang, messages: { [lang]: readCatalogue(lang, localesDir) } });
      // Each message is compiled the first time it is asked for, so most never are.
      i18n.setMessagesCompiler(compileMessage);
      instances.set(lang, i18n);
    }
    return i18n;
  };
  return {
    translate: (lang, id, values) => instance(LANGUAGES.includes(lang) ? lang : DEFAULT_LANGUAGE)._(id, values),
  };
}
