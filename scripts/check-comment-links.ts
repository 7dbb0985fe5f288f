import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { remark } from 'remark';

/**
 * `npm run lint:links`, second half: remark-validate-links checks the links inside the Markdown, and
 * this checks what source files cite — `docs/…md#…`, `README.md#…` or a relative path such as
 * `../README.md` in a comment, a string or a Markdown file's inline code — so that a heading renamed or moved
 * fails the lint until the comments citing it follow (docs/testing.md#lint-and-typecheck). Anchors
 * are computed as remark-validate-links computes them: github-slugger over each heading's text.
 */

/** What a doc reference looks like: a path ending in `.md`, rooted at the repository or relative, and an optional anchor. */
const REFERENCE = /(?<![\w./-])((?:\.{1,2}\/)*(?:[\w.-]+\/)*[\w.-]+\.md)(?:#([\w-]+))?/g;
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?|sql|ya?ml|css|html)$|(?:^|\/)(?:Dockerfile|run)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-ssr', 'data', 'coverage', 'scratch', '.git']);
/** This checker's own test cites missing files and headings on purpose. */
const SKIPPED_FILES = new Set(['scripts/check-comment-links.test.ts']);

export type Reference = { file: string; line: number; target: string; anchor: string | undefined };
export type Problem = Reference & { message: string };

/** The anchors of a Markdown text's headings, in order, duplicates numbered as GitHub numbers them. */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  const visit = (node: { type: string; children?: unknown[] }) => {
    if (node.type === 'heading') anchors.add(slugger.slug(toString(node, { includeHtml: false, includeImageAlt: false })));
    for (const child of node.children ?? []) visit(child as { type: string; children?: unknown[] });
  };
  visit(remark().parse(markdown));
  return anchors;
}

/** Markdown's own links are remark's to check; here only its inline code, outside fenced blocks, is read. */
function markdownInlineCode(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced) return '';
      return [...line.matchAll(/`([^`]+)`/g)].map((match) => match[1]).join(' ');
    })
    .join('\n');
}

/** Every doc reference in one file's text (`file` relative to the repository root). */
export function findReferences(file: string, text: string): Reference[] {
  const searched = file.endsWith('.md') ? markdownInlineCode(text) : text;
  const references: Reference[] = [];
  searched.split('\n').forEach((line, index) => {
    for (const match of line.matchAll(REFERENCE)) {
      const path = match[1]!;
      // Bare names such as `messages.md` in prose are no paths; a path names a folder or starts with ./ or ../.
      if (!path.includes('/') && path !== 'README.md') continue;
      const target = path.startsWith('.') ? join(dirname(file), path) : path;
      references.push({ file, line: index + 1, target, anchor: match[2] });
    }
  });
  return references;
}

/** Each reference whose file is missing or whose anchor names no heading of it. */
export function checkReferences(root: string, references: readonly Reference[]): Problem[] {
  const anchorsOf = new Map<string, Set<string>>();
  const problems: Problem[] = [];
  for (const reference of references) {
    const absolute = resolve(root, reference.target);
    if (!existsSync(absolute) || !statSync(absolute).isFile()) {
      problems.push({ ...reference, message: `no file ${reference.target}` });
      continue;
    }
    if (reference.anchor === undefined) continue;
    let anchors = anchorsOf.get(absolute);
    if (!anchors) {
      anchors = headingAnchors(readFileSync(absolute, 'utf8'));
      anchorsOf.set(absolute, anchors);
    }
    if (!anchors.has(reference.anchor)) {
      problems.push({ ...reference, message: `no heading #${reference.anchor} in ${reference.target}` });
    }
  }
  return problems;
}

function sourceFiles(root: string, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('.build-') ? [] : sourceFiles(root, path);
    const name = relative(root, path);
    return !SKIPPED_FILES.has(name) && (SOURCE_FILE.test(name) || name.endsWith('.md')) ? [name] : [];
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
  const files = sourceFiles(root);
  const references = files.flatMap((file) => findReferences(file, readFileSync(join(root, file), 'utf8')));
  const problems = checkReferences(root, references);
  for (const problem of problems) console.error(`${problem.file}:${problem.line}: ${problem.message}`);
  if (problems.length > 0) {
    console.error(`${problems.length} doc references point nowhere: fix the path or the heading.`);
    process.exit(1);
  }
  console.log(`${references.length} doc references in ${files.length} files, all found.`);
}
