import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * telegram-ui ships one stylesheet for all of its components (about 330 classes); this app uses
 * a few dozen. The stylesheet must come first, before ours, so it stays where
 * it is; this plugin only drops, while building, the selectors that need a telegram-ui class
 * (`.tgui-<hash>`) that no component we import can put on an element. The classes in use are
 * traced from the source: every name web/src imports from the package, the module that defines
 * it and everything that module imports inside the package (their CSS-module class maps are
 * inlined in that code). Tracing whole modules keeps a superset of what the bundle contains, and
 * any import the trace cannot follow turns pruning off. Order and everything else stay as they
 * were; classes inside `:not(…)`, `:is(…)` and the like are left alone, so a selector is only
 * dropped when a class it requires can never be there. Pruning happens before Vite hashes the
 * file, so its name follows its content.
 */

const TGUI_CLASS = /tgui-[0-9a-f]{16}/g;

/** Splits `text` at top-level occurrences of `separator` (outside strings, brackets and parentheses). */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The telegram-ui classes a selector requires: those outside any parentheses (not in `:not(…)`). */
function requiredClasses(selector: string): string[] {
  let outside = '';
  let depth = 0;
  for (const ch of selector) {
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 0) outside += ch;
  }
  return [...outside.matchAll(/\.(tgui-[0-9a-f]{16})/g)].map((match) => match[1]!);
}

/** Index of the brace closing the block whose `{` is at `open`, skipping strings and comments. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < css.length; i++) {
    const ch = css[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1 || css.length;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i;
  }
  throw new Error('prune-telegram-ui-css: unbalanced braces in a stylesheet');
}

const GROUPING_AT_RULES = /^@(media|supports|layer|container)\b/;

/** `css` without the selectors that need a class outside `used`; exported for its test. */
export function pruneStylesheet(css: string, used: ReadonlySet<string>): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    // A statement at-rule (@import, @charset, @layer a,b;) or trailing text: kept as it is.
    if (open === -1 || (semicolon !== -1 && semicolon < open && css.slice(i, semicolon).trimStart().startsWith('@'))) {
      const end = open === -1 ? css.length : semicolon + 1;
      out += css.slice(i, end);
      i = end;
      continue;
    }
    const close = closingBrace(css, open);
    const prelude = css.slice(i, open);
    const body = css.slice(open + 1, close);
    const head = prelude.trim();
    if (GROUPING_AT_RULES.test(head)) {
      const inner = pruneStylesheet(body, used);
      if (inner.trim() !== '') out += `${prelude}{${inner}}`;
    } else if (head.startsWith('@') || !head.includes('.tgui-')) {
      out += `${prelude}{${body}}`;
    } else {
      const kept = splitTopLevel(prelude, ',').filter((selector) => requiredClasses(selector).every((name) => used.has(name)));
      if (kept.length > 0) out += `${kept.join(',')}{${body}}`;
    }
    i = close + 1;
  }
  return out;
}

const PACKAGE = '@telegram-apps/telegram-ui';

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

/** The names `sourceDir` imports from telegram-ui, or null when some import is not a plain named one. */
function importedNames(sourceDir: string): Set<string> | null {
  const names = new Set<string>();
  for (const file of filesUnder(sourceDir, (path) => /\.(ts|tsx|js|jsx)$/.test(path))) {
    const code = readFileSync(file, 'utf8');
    const all = code.match(/from\s+['"]@telegram-apps\/telegram-ui[^'"]*['"]|import\s*\(\s*['"]@telegram-apps\/telegram-ui/g) ?? [];
    const named = [...code.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@telegram-apps\/telegram-ui['"]/g)];
    if (all.length !== named.length) return null;
    for (const match of named) {
      for (const raw of match[1]!.split(',')) {
        const name = raw
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (name && !raw.trim().startsWith('type ') && !match[0].startsWith('import type')) names.add(name);
      }
    }
  }
  return names;
}

function resolveModule(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.js`, join(base, 'index.js')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every telegram-ui class the components named in `names` can render, or null when one cannot be traced. */
function classesInUse(packageDir: string, names: Set<string>): Set<string> | null {
  const components = join(packageDir, 'dist/components');
  const byName = new Map<string, string>();
  for (const file of filesUnder(components, (path) => path.endsWith('.js'))) {
    const name = /([^/]+)\/\1\.js$/.exec(file)?.[1];
    if (name && !byName.has(name)) byName.set(name, file);
  }
  const pending: string[] = [];
  for (const name of names) {
    const file = byName.get(name);
    if (!file) return null;
    pending.push(file);
  }
  const seen = new Set<string>();
  const classes = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const name of code.match(TGUI_CLASS) ?? []) classes.add(name);
    for (const match of code.matchAll(/(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g)) {
      const target = resolveModule(file, match[1]!);
      if (!target) return null;
      pending.push(target);
    }
  }
  return classes;
}

export function pruneTelegramUiCss({ sourceDir, packageDir }: { sourceDir: string; packageDir: string }): Plugin {
  const stylesheet = join(packageDir, 'dist/styles.css');
  return {
    name: 'prune-telegram-ui-css',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id.split('?')[0] !== stylesheet) return null;
      const names = importedNames(sourceDir);
      const used = names && classesInUse(packageDir, names);
      if (!used) {
        this.warn(`${PACKAGE}: an import could not be traced, so its stylesheet is kept whole`);
        return null;
      }
      return { code: pruneStylesheet(code, used), map: null };
    },
  };
}
