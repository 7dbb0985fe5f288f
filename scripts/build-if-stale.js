// Plain JavaScript: it runs before anything is compiled, on plain `node`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const bin = (name) => join('node_modules', '.bin', name);

/**
 * Each build: what it is built from, the folders it writes, the commands that write them into
 * `out` (a fresh folder mirroring the project), the stamp that records the sources it was built
 * from, and a folder of hashed files the previous build's pages still ask for.
 */
export const PROJECT_BUILDS = [
  {
    name: 'the web app',
    inputs: ['web', 'domain', 'locales', 'lingui.config.ts', 'package-lock.json'],
    outputs: ['web/dist', 'web/dist-ssr'],
    // Never served: web/dist is public, dist-ssr is not.
    stamp: 'web/dist-ssr/build-stamp.json',
    keep: 'web/dist/assets',
    commands: (out) => [
      [bin('vite'), 'build', '--config', 'web/vite.config.ts', '--outDir', join(out, 'web/dist')],
      [bin('vite'), 'build', '--config', 'web/vite.config.ts', '--ssr', 'src/entry-server.tsx', '--outDir', join(out, 'web/dist-ssr')],
    ],
  },
  {
    name: 'the server',
    inputs: ['server/src', 'bot/src', 'domain', 'migrations', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    outputs: ['dist'],
    stamp: 'dist/build-stamp.json',
    commands: (out) => [[bin('tsc'), '-p', 'tsconfig.build.json', '--outDir', join(out, 'dist')]],
  },
];

const SKIPPED = new Set(['dist', 'dist-ssr', 'node_modules', 'e2e', 'test']);
const skipped = (entry) => SKIPPED.has(entry) || entry.startsWith('.build-') || /\.test\.tsx?$/.test(entry);

/** The files a build reads, with their contents, as one hash: a restart with nothing changed matches its stamp. */
function sourceHash(root, build) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(build.commands('')));
  const add = (path) => {
    if (!existsSync(path)) return;
    if (!statSync(path).isDirectory()) {
      hash.update(`${relative(root, path)}\0`);
      hash.update(readFileSync(path));
      hash.update('\0');
      return;
    }
    for (const entry of readdirSync(path).sort()) if (!skipped(entry)) add(join(path, entry));
  };
  for (const input of build.inputs) add(join(root, input));
  return hash.digest('hex');
}

function readStamp(root, build) {
  try {
    return JSON.parse(readFileSync(join(root, build.stamp), 'utf8'));
  } catch {
    return undefined;
  }
}

const isFresh = (root, build, hash) =>
  build.outputs.every((output) => existsSync(join(root, output))) && readStamp(root, build)?.hash === hash;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * One build at a time per project folder, across processes: an exclusive lock file naming its
 * holder. A lock whose holder is gone (killed mid-build) is taken over; a fresh one being written
 * (no pid yet) gets a moment before it counts as stale.
 */
async function lock(root) {
  const path = join(root, '.build.lock');
  for (;;) {
    try {
      const fd = openSync(path, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    let age = 0;
    try {
      holder = Number(readFileSync(path, 'utf8'));
      age = Date.now() - statSync(path).mtimeMs;
    } catch {
      continue;
    }
    if (holder > 0 ? !isAlive(holder) : age > 5_000) rmSync(path, { force: true });
    else await sleep(200);
  }
}

/** Every file under `dir`, as paths relative to it. */
const filesIn = (dir) =>
  existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((file) => !statSync(join(dir, file)).isDirectory()) : [];

/**
 * Puts the fresh build in place of the old one by renaming, so a running server never reads a
 * half-written folder. The old build's own hashed files come along (only its own: one generation),
 * so pages a running server already sent still find their chunks.
 */
function swapIn(root, out, build, hash) {
  const keptFiles = [];
  if (build.keep) {
    const previous = readStamp(root, build)?.kept ?? [];
    const fresh = join(out, build.keep);
    const built = new Set(filesIn(fresh));
    for (const file of previous) {
      const from = join(root, build.keep, file);
      if (built.has(file) || !existsSync(from)) continue;
      mkdirSync(dirname(join(fresh, file)), { recursive: true });
      copyFileSync(from, join(fresh, file));
    }
    keptFiles.push(...built);
  }
  mkdirSync(dirname(join(out, build.stamp)), { recursive: true });
  writeFileSync(join(out, build.stamp), JSON.stringify({ hash, kept: keptFiles }) + '\n');
  for (const output of build.outputs) {
    const target = join(root, output);
    const old = join(out, `${output}.old`);
    if (existsSync(target)) renameSync(target, old);
    else mkdirSync(dirname(target), { recursive: true });
    renameSync(join(out, output), target);
  }
}

/**
 * Builds what is missing or built from other sources than these, each command in a child process
 * that ends before the caller goes on. A build writes into a fresh folder and is swapped in whole,
 * under a lock, so two starts from one folder build once and a running server keeps its files.
 * Answers the names of the builds it ran.
 */
export async function buildIfStale(root, builds, log = (line) => process.stdout.write(`${line}\n`)) {
  const stale = builds.filter((build) => !isFresh(root, build, sourceHash(root, build)));
  if (stale.length === 0) return [];
  const release = await lock(root);
  const ran = [];
  try {
    // What a crashed build left behind; no one else builds while the lock is held.
    for (const entry of readdirSync(root)) if (entry.startsWith('.build-')) rmSync(join(root, entry), { recursive: true, force: true });
    for (const build of stale) {
      // Another start may have built it while this one waited for the lock.
      const hash = sourceHash(root, build);
      if (isFresh(root, build, hash)) continue;
      log(`Building ${build.name} (its sources changed since the last build)…`);
      const out = join(root, `.build-${process.pid}`);
      mkdirSync(out, { recursive: true });
      try {
        for (const [command, ...args] of build.commands(out)) {
          const { status, error } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
          if (error) throw error;
          if (status !== 0) throw new Error(`Building ${build.name} failed (${command} exited with ${status}).`);
        }
        swapIn(root, out, build, hash);
        ran.push(build.name);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    }
  } finally {
    release();
  }
  return ran;
}

/** The project's own builds (`npm start`, measure:memory); a failed build ends the process with its message. */
export async function buildProject() {
  try {
    await buildIfStale(ROOT, PROJECT_BUILDS);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildProject();
