// Plain JavaScript: it runs before anything is compiled, on plain `node`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Each build, the file it writes last, and what it is built from. */
const BUILDS = [
  {
    script: 'build:web',
    // The server bundle is written after the browser's.
    output: 'web/dist-ssr/entry-server.js',
    inputs: ['web', 'domain', 'locales', 'lingui.config.ts', 'package-lock.json'],
  },
  {
    script: 'build:server',
    output: 'dist/server/src/start.js',
    inputs: ['server/src', 'bot/src', 'domain', 'migrations', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
  },
];

const SKIPPED = new Set(['dist', 'node_modules', 'e2e', 'test']);

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (SKIPPED.has(entry) || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

function isStale({ output, inputs }) {
  const target = join(ROOT, output);
  if (!existsSync(target)) return true;
  const built = statSync(target).mtimeMs;
  return inputs.map((input) => join(ROOT, input)).some((input) => existsSync(input) && newestChange(input) > built);
}

/**
 * Builds the web app and the server when missing or older than their sources, each in a child
 * process that ends before the caller goes on, so no build tool stays in memory.
 */
for (const build of BUILDS.filter(isStale)) {
  const { status, error } = spawnSync('npm', ['run', build.script], { cwd: ROOT, stdio: 'inherit' });
  if (error) throw error;
  if (status !== 0) process.exit(status ?? 1);
}
