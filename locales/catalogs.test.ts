import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every language has every message (docs/product/identity.md#languages), and every message id the web app uses
 * exists in the English catalogue. Ids are the English texts themselves.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LANGS = ['en', 'uk', 'es', 'ru'] as const;

function unquote(line: string): string {
  const body = line.trim().replace(/^"/, '').replace(/"$/, '');
  return body.replace(/\\(["\\nt])/g, (_m, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/** A small PO reader: msgid/msgstr with continuation lines; comments and the header are skipped. */
export function parsePo(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: 'msgid' | 'msgstr' | 'other' | null = null;
  let msgid = '';
  let msgstr = '';
  let sawId = false;
  const flush = () => {
    if (sawId && msgid !== '') {
      if (entries.has(msgid)) throw new Error(`duplicate msgid ${JSON.stringify(msgid)}`);
      entries.set(msgid, msgstr);
    }
    msgid = '';
    msgstr = '';
    sawId = false;
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') {
      if (field === 'msgstr') flush();
      continue;
    }
    if (line.startsWith('#')) continue;
    if (line.startsWith('msgctxt ')) {
      if (field === 'msgstr') flush();
      field = 'other';
      continue;
    }
    if (line.startsWith('msgid ')) {
      if (field === 'msgstr') flush();
      field = 'msgid';
      sawId = true;
      msgid = unquote(line.slice(6));
      continue;
    }
    if (line.startsWith('msgid_plural ') || line.startsWith('msgstr[')) {
      field = 'other';
      continue;
    }
    if (line.startsWith('msgstr ')) {
      field = 'msgstr';
      msgstr = unquote(line.slice(7));
      continue;
    }
    if (line.startsWith('"')) {
      if (field === 'msgid') msgid += unquote(line);
      else if (field === 'msgstr') msgstr += unquote(line);
    }
  }
  flush();
  return entries;
}

/** One catalogue per audience (lingui.config.ts); the server reads them all, the web app some. */
const FILES = ['messages', 'application', 'dashboard', 'server'] as const;
type CatalogueFile = (typeof FILES)[number];
type Lang = (typeof LANGS)[number];

const byFile = Object.fromEntries(
  LANGS.map((lang) => [
    lang,
    Object.fromEntries(FILES.map((file) => [file, parsePo(readFileSync(join(ROOT, 'locales', lang, `${file}.po`), 'utf8'))])),
  ]),
) as Record<Lang, Record<CatalogueFile, Map<string, string>>>;

const union = (maps: Map<string, string>[]) => new Map(maps.flatMap((map) => [...map]));
/** Every message of a language, whichever file holds it (what the server sees). */
const catalogs = Object.fromEntries(LANGS.map((lang) => [lang, union(FILES.map((file) => byFile[lang][file]))])) as Record<
  Lang,
  Map<string, string>
>;
/** What a screen can show: the catalogues its route loads (web/src/lib/i18n.ts, app/router.tsx). */
const loadedBy = (...files: CatalogueFile[]) => union(files.map((file) => byFile.en[file]));

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry) && !/\.test\.(ts|tsx)$/.test(entry) && !path.includes(`${join('src', 'test')}`)) files.push(path);
  }
  return files;
}

const isWizard = (path: string) => /features[\\/]application[\\/]/.test(path);
/** The dashboard's code: its shell, the staff features and what only they share (docs/architecture.md, Web). */
const isStaff = (path: string) => /(features[\\/]staff-[^\\/]+|app[\\/]dashboard|components[\\/]staff|lib[\\/]staff)[\\/]/.test(path);

function decodeLiteral(quote: string, body: string): string {
  if (quote === '`') return body;
  return body.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
}

/** Ids passed literally to i18n._('…') / i18n._("…") and <Trans id="…" />. */
export function usedMessageIds(source: string): string[] {
  const ids: string[] = [];
  const call = /\bi18n\._\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const trans = /<Trans\b[^>]*?\bid=(?:\{\s*)?(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const pattern of [call, trans]) {
    for (const match of source.matchAll(pattern)) {
      const body = match[2]!;
      if (match[1] === '`' && body.includes('${')) continue;
      ids.push(decodeLiteral(match[1]!, body));
    }
  }
  return ids;
}

/** Ids the bot passes literally to its translate functions: t('…') and staffT('…') (bot/src/texts.ts). */
export function botMessageIds(source: string): string[] {
  const call = /\b(?:t|staffT)\(\s*(['"])((?:\\.|(?!\1)[^\\])*)\1/g;
  return [...source.matchAll(call)].map((match) => decodeLiteral(match[1]!, match[2]!));
}

describe('translation catalogues', () => {
  it('parses every catalogue and English has messages', () => {
    expect(catalogs.en.size).toBeGreaterThan(0);
  });

  it('English translations equal their ids', () => {
    const different = [...catalogs.en].filter(([id, text]) => text !== '' && text !== id).map(([id]) => id);
    expect(different).toEqual([]);
  });

  it.each(LANGS.filter((lang) => lang !== 'en'))('%s has every English message, translated', (lang) => {
    const missing = [...catalogs.en.keys()].filter((id) => !(catalogs[lang].get(id) ?? '').trim());
    expect(missing).toEqual([]);
  });

  it.each(LANGS)('%s has no message English lacks', (lang) => {
    const extra = [...catalogs[lang].keys()].filter((id) => !catalogs.en.has(id));
    expect(extra).toEqual([]);
  });

  it.each(LANGS.filter((lang) => lang !== 'en'))('%s keeps every {placeholder}', (lang) => {
    const broken = [...catalogs.en.keys()].filter((id) => {
      const wanted = (id.match(/\{\w+\}/g) ?? []).sort().join();
      const got = ((catalogs[lang].get(id) ?? '').match(/\{\w+\}/g) ?? []).sort().join();
      return wanted !== got;
    });
    expect(broken).toEqual([]);
  });

  it('keeps each message in one catalogue, the same one in every language', () => {
    const seen = new Map<string, CatalogueFile>();
    const twice: string[] = [];
    for (const file of FILES) {
      for (const id of byFile.en[file].keys()) {
        if (seen.has(id)) twice.push(id);
        seen.set(id, file);
      }
    }
    expect(twice).toEqual([]);
    for (const lang of LANGS) {
      for (const file of FILES)
        expect([...byFile[lang][file].keys()].sort(), `${lang}/${file}.po`).toEqual([...byFile.en[file].keys()].sort());
    }
  });

  it.each([
    ['every page', (path: string) => !isWizard(path) && !isStaff(path), loadedBy('messages')],
    ['the application wizard', isWizard, loadedBy('messages', 'application')],
    ['the dashboard', isStaff, loadedBy('messages', 'application', 'dashboard')],
  ])('has every message id used by %s in a catalogue it loads', (_screens, included, available) => {
    const missing: string[] = [];
    for (const file of sourceFiles(join(ROOT, 'web', 'src')).filter(included)) {
      for (const id of usedMessageIds(readFileSync(file, 'utf8'))) {
        if (!available.has(id)) missing.push(`${relative(ROOT, file)}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has every message id the bot, the PDF and the emails use', () => {
    const missing: string[] = [];
    const files = [
      ...sourceFiles(join(ROOT, 'bot', 'src')),
      ...sourceFiles(join(ROOT, 'server', 'src', 'pdf')),
      ...sourceFiles(join(ROOT, 'server', 'src', 'mail')),
    ];
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      for (const id of botMessageIds(readFileSync(file, 'utf8'))) {
        if (!catalogs.en.has(id)) missing.push(`${relative(ROOT, file)}: ${id}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has every validation message of domain/', async () => {
    let messages: Record<string, unknown> = {};
    try {
      const module = (await import('../domain/messages.ts')) as { validationMessages?: Record<string, unknown> };
      messages = module.validationMessages ?? {};
    } catch {
      // domain/messages.ts not written yet: nothing to check.
    }
    const texts = Object.values(messages).filter((value): value is string => typeof value === 'string');
    // Validation runs on public pages, in the wizard and in the dashboard alike.
    expect(texts.filter((text) => !byFile.en.messages.has(text))).toEqual([]);
  });

  it("has every text of domain/'s deals a public page shows: the quote's refusals and the disclosures", async () => {
    const { dealInputMessages } = await import('../domain/deals/deal-input.schema.ts');
    const { dealDisclosureMessages } = await import('../domain/deals/deal-disclosures.ts');
    const texts = [...Object.values(dealInputMessages), ...Object.values(dealDisclosureMessages)];
    expect(texts.filter((text) => !byFile.en.messages.has(text))).toEqual([]);
  });

  it('has every message of the deal settings in a catalogue the dashboard loads, the one screen that edits them', async () => {
    const { dealSettingsMessages } = await import('../domain/deals/deal-settings.ts');
    const available = loadedBy('messages', 'application', 'dashboard');
    expect(Object.values(dealSettingsMessages).filter((text) => !available.has(text))).toEqual([]);
  });

  it('has every message of the visiting hours in a catalogue the dashboard loads, the one screen that edits them', async () => {
    const { visitSettingsMessages } = await import('../domain/visits/visit-settings.ts');
    const available = loadedBy('messages', 'application', 'dashboard');
    expect(Object.values(visitSettingsMessages).filter((text) => !available.has(text))).toEqual([]);
  });

  it('has every consent text of domain/', async () => {
    const { CONSENTS } = await import('../domain/consents.ts');
    expect(CONSENTS.map((consent) => consent.text).filter((text) => !catalogs.en.has(text))).toEqual([]);
  });

  it("finds the bot's ids the way the scanner should", () => {
    expect(botMessageIds(`t('Open the app'); staffT("The applicant's card"); format('x'); it('no')`)).toEqual([
      'Open the app',
      "The applicant's card",
    ]);
  });

  it('finds ids the way the scanner should', () => {
    const source = `i18n._('Loading...'); i18n._("Say \\"hi\\""); i18n._(\`Plain\`); <Trans id="No cars found matching your criteria" />; i18n._(\`x \${y}\`)`;
    expect(usedMessageIds(source)).toEqual(['Loading...', 'Say "hi"', 'Plain', 'No cars found matching your criteria']);
  });
});
