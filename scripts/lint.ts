import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';

/**
 * `npm run lint` (and, with `--typecheck`, the static half of `npm run check`): the checks of
 * docs/testing.md#lint-and-typecheck in two lanes, one per core of the two-core machine CI runs on.
 * ESLint's type-aware rules take as long as all the others together, so it has a lane of its own.
 * Each check prints one line with its time when it ends, and its output only if it failed, so lanes
 * never interleave; every check runs even after one fails, and the run fails if any did.
 */

type Check = readonly [label: string, command: string, ...args: string[]];

const ESLINT_LANE: Check[] = [['eslint', 'eslint', '--max-warnings', '0', '.']];
const OTHER_LANE: Check[] = [
  ['prettier', 'prettier', '--check', '--log-level', 'warn', '.'],
  ['import cycles', 'tsx', 'scripts/import-cycles.ts'],
  ['knip', 'knip', '--no-config-hints'],
  ['knip (production)', 'knip', '--production', '--no-config-hints'],
  ['API document', 'npm', 'run', '--silent', 'lint:openapi'],
  ['links', 'npm', 'run', '--silent', 'lint:links'],
];
const TYPECHECK: Check = ['typecheck', 'tsc', '--noEmit', '-p', 'tsconfig.json'];

/** Runs one check through npm's PATH (node_modules/.bin first); resolves whether it passed. */
function run([label, command, ...args]: Check): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const finish = (passed: boolean, why: string) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `${passed ? '✓' : '✗'} ${label}: ${seconds} s${why}\n${passed || !output.trim() ? '' : `${output.trimEnd()}\n`}`,
      );
      resolve(passed);
    };
    child.on('error', (error) => finish(false, ` (could not start ${command}: ${error.message})`));
    child.on('close', (code) => finish(code === 0, code === 0 ? '' : ` (exit ${code})`));
  });
}

async function runLane(checks: readonly Check[]): Promise<boolean> {
  let passed = true;
  for (const check of checks) passed = (await run(check)) && passed;
  return passed;
}

const withTypecheck = process.argv.includes('--typecheck');
const started = Date.now();
const lanes = await Promise.all([runLane(ESLINT_LANE), runLane(withTypecheck ? [...OTHER_LANE, TYPECHECK] : OTHER_LANE)]);
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
process.stdout.write(
  `lint${withTypecheck ? ' and typecheck' : ''}: ${((Date.now() - started) / 1000).toFixed(1)} s (load average ${load})\n`,
);
process.exitCode = lanes.every(Boolean) ? 0 : 1;
