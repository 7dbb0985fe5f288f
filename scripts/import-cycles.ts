import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
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
  for (const [path, text] of sources)
    edges.set(
      path,
      relativeImports(path, text).filter((target) => sources.has(target)),
    );
  return stronglyConnected(edges)
    .filter((group) => group.length > 1 || (edges.get(group[0]!) ?? []).includes(group[0]!))
    .map((group) => group.sort());
}

/** The paths `text` (the module at `path`) imports by relative specifiers, types included. */
function relativeImports(path: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((file) => file.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(path), name));
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

/** One feature's use of another: [importer, imported]. */
export type FeatureDependency = readonly [string, string];

/** Whether a shipped module of feature `from` imports one of feature `to`. */
export function featureDependencyExists(sources: ReadonlyMap<string, string>, featuresRoot: string, [from, to]: FeatureDependency) {
  return [...sources].some(
    ([path, text]) =>
      !TEST.test(path) &&
      path.startsWith(join(featuresRoot, from, sep)) &&
      relativeImports(path, text).some((target) => target.startsWith(join(featuresRoot, to, sep))),
  );
}

/** A cycle between server features: the features in it, sorted, and one import for each step of it. */
export interface FeatureCycle {
  features: string[];
  imports: string[];
}

const TEST = /\.test\.tsx?$/;

/**
 * Every cycle between the features under `featuresRoot` (each folder there is one, docs/architecture.md,
 * Server features), from their shipped modules: a feature's test may build the whole runtime, and so
 * reach any feature, without tying their meanings together. Two features that import each other,
 * by whichever files, are a cycle even when no file cycle exists.
 */
export function findFeatureCycles(sources: ReadonlyMap<string, string>, featuresRoot: string): FeatureCycle[] {
  const featureOf = (path: string) => {
    const rest = relative(featuresRoot, path).split(sep);
    return rest.length > 1 && rest[0] !== '..' ? rest[0] : undefined;
  };
  const edges = new Map<string, string[]>();
  /** The first import seen from one feature into another, to name the step in the report. */
  const witness = new Map<string, string>();
  for (const [path, text] of sources) {
    const from = featureOf(path);
    if (from === undefined || TEST.test(path)) continue;
    if (!edges.has(from)) edges.set(from, []);
    for (const target of relativeImports(path, text)) {
      const to = featureOf(target);
      if (to === undefined || to === from) continue;
      const step = `${from}→${to}`;
      if (witness.has(step)) continue;
      witness.set(step, `${relative(featuresRoot, path)} imports ${relative(featuresRoot, target)}`);
      edges.get(from)!.push(to);
    }
  }
  return stronglyConnected(edges)
    .filter((group) => group.length > 1)
    .map((group) => {
      const features = group.sort();
      const imports = [...witness]
        .filter(([step]) => {
          const [from, to] = step.split('→');
          return features.includes(from!) && features.includes(to!);
        })
        .map(([, line]) => line)
        .sort();
      return { features, imports };
    })
    .sort((a, b) => a.features.join().localeCompare(b.features.join()));
}

const ROOTS = ['domain', 'server', 'web', 'bot', 'migrations', 'scripts', 'bench'];
const SKIPPED = new Set(['node_modules', 'dist']);
/** Each folder here is a server feature (docs/architecture.md). */
export const SERVER_FEATURES = 'server/src';

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
  const sources = repositorySources(root);
  const cycles = findImportCycles(sources);
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.map((path) => relative(root, path)).join(' ↔ ')}`);
  if (cycles.length > 0) console.error('Break it by moving what both sides need into a module they both import.');
  const featuresRoot = join(root, SERVER_FEATURES);
  const featureCycles = findFeatureCycles(sources, featuresRoot);
  for (const { features, imports } of featureCycles)
    console.error(`Cycle between server features ${features.join(' ↔ ')}:\n  ${imports.join('\n  ')}`);
  if (featureCycles.length > 0)
    console.error(
      'Break it so that one feature depends on the other and not back: move the part both need to the lower one, or let the lower one read what it needs in its own repository.',
    );
  if (cycles.length > 0 || featureCycles.length > 0) process.exit(1);
}
