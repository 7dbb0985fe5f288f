import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * Import cycles, type-only ones included. ESLint's import-x/no-cycle skips `import type`, yet a
 * cycle of types still ties the modules' meanings together (a contract that needs the module that
 * uses it), so `npm run lint` runs this as well (docs/decisions/006-boundaries-checked-by-lint.md).
 */

const SOURCE = /\.tsx?$/;

/** Every cycle among `sources` (path → text), each as the paths in it, sorted; relative imports only. */
export function findImportCycles(sources: ReadonlyMap<string, string>): string[][] {
  const edges = new Map<string, string[]>();
  for (const [path, text] of sources) {
    const targets = ts
      .preProcessFile(text, true, true)
      .importedFiles.map((file) => file.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => resolve(dirname(path), name))
      .filter((target) => sources.has(target));
    edges.set(path, targets);
  }
  return stronglyConnected(edges)
    .filter((group) => group.length > 1 || (edges.get(group[0]!) ?? []).includes(group[0]!))
    .map((group) => group.sort());
}

/** Tarjan's algorithm, iterative so that a deep import chain cannot overflow the stack. */
function stronglyConnected(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; child: number }> = [{ node: start, child: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = edges.get(frame.node) ?? [];
      if (frame.child < targets.length) {
        const target = targets[frame.child++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, child: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        groups.push(group);
      }
    }
  }
  return groups;
}

const ROOTS = ['domain', 'server', 'web', 'bot', 'migrations', 'scripts', 'bench'];
const SKIPPED = new Set(['node_modules', 'dist']);

function collect(directory: string, into: Map<string, string>) {
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED.has(entry.name)) collect(path, into);
    } else if (SOURCE.test(entry.name)) {
      into.set(path, readFileSync(path, 'utf8'));
    }
  }
}

/** The repository's sources, read from disk. */
export function repositorySources(root: string): Map<string, string> {
  const sources = new Map<string, string>();
  for (const folder of ROOTS) collect(join(root, folder), sources);
  return sources;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
  const cycles = findImportCycles(repositorySources(root));
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.map((path) => relative(root, path)).join(' ↔ ')}`);
  if (cycles.length > 0) {
    console.error('Break it by moving what both sides need into a module they both import.');
    process.exit(1);
  }
}
