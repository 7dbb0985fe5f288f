import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatter } from '@lingui/format-po';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '../paths.ts';
import { loadCatalogues, readPoMessages, type Catalogues } from './catalogues.ts';

describe('server-side catalogues', () => {
  let catalogues: Catalogues;
  beforeAll(async () => {
    catalogues = await loadCatalogues();
  });

  it('translates a message id into each language from locales/', () => {
    expect(catalogues.translate('en', 'Staff sign-in')).toBe('Staff sign-in');
    expect(catalogues.translate('uk', 'Staff sign-in')).toBe('Вхід для працівників');
  });

  it('fills placeholders', () => {
    expect(catalogues.translate('en', 'Photo of {car}', { car: '2022 Ford F-150' })).toBe('Photo of 2022 Ford F-150');
  });

  it('falls back to the English text for an id with no translation', () => {
    expect(catalogues.translate('es', 'A sentence no catalogue has')).toBe('A sentence no catalogue has');
  });

  it("reads every catalogue as Lingui's own PO formatter does", async () => {
    const po = formatter({ explicitIdAsDefault: true, origins: false });
    const files = readdirSync(LOCALES_DIR, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.po'));
    expect(files.length).toBeGreaterThanOrEqual(16);
    for (const file of files) {
      const filename = join(LOCALES_DIR, file);
      const text = readFileSync(filename, 'utf8');
      const catalog = await po.parse(text, { locale: file.split('/')[0]!, sourceLocale: 'en', filename });
      const expected = Object.fromEntries(Object.entries(catalog).map(([id, entry]) => [id, entry.translation || id]));
      expect(readPoMessages(text, filename), file).toEqual(expected);
    }
  });

  it('reads escapes and strings continued on the next lines, and refuses what lingui.config.ts never writes', () => {
    const text = [
      'msgid ""',
      'msgstr ""',
      '"Language: uk\\n"',
      '',
      'msgid "Say \\"hi\\"\\n"',
      'msgstr ""',
      '"Скажи "',
      '"\\"привіт\\""',
      '',
      'msgid "Untranslated"',
      'msgstr ""',
      '',
    ].join('\n');
    expect(readPoMessages(text, 'x.po')).toEqual({ 'Say "hi"\n': 'Скажи "привіт"', Untranslated: 'Untranslated' });
    expect(() => readPoMessages('msgctxt "menu"\nmsgid "Open"\nmsgstr "Відкрити"\n', 'y.po')).toThrow('y.po:1: msgctxt');
  });
});
