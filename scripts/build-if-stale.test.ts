import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = new URL('./build-if-stale.js', import.meta.url).href;

/** A build standing in for Vite's: names its chunk by its source, records each run, and takes half a second. */
const BUILDER = `
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
const out = process.argv[2];
const name = createHash('sha256').update(readFileSync('src/app.txt')).digest('hex').slice(0, 8);
appendFileSync('builds.log', name + '\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
mkdirSync(join(out, 'web/dist/assets'), { recursive: true });
writeFileSync(join(out, 'web/dist/assets', 'app-' + name + '.js'), name);
writeFileSync(join(out, 'web/dist/index.html'), 'app-' + name + '.js');
mkdirSync(join(out, 'web/dist-ssr'), { recursive: true });
writeFileSync(join(out, 'web/dist-ssr/entry-server.js'), '');
`;

/** A start's build step with that one build, as npm start runs it (answers what it built). */
const START = `
import { buildIfStale } from ${JSON.stringify(SCRIPT)};
const builds = [{
  name: 'the web app',
  inputs: ['src'],
  outputs: ['web/dist', 'web/dist-ssr'],
  stamp: 'web/dist-ssr/build-stamp.json',
  keep: 'web/dist/assets',
  commands: (out) => [[process.execPath, 'builder.mjs', out]],
}];
process.stdout.write(JSON.stringify(await buildIfStale(process.cwd(), builds, () => {})));
`;

describe('the build before npm start', () => {
  const roots: string[] = [];
  afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

  function project() {
    const root = mkdtempSync(join(tmpdir(), 'build-if-stale-'));
    roots.push(root);
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src/app.txt'), 'first');
    writeFileSync(join(root, 'builder.mjs'), BUILDER);
    writeFileSync(join(root, 'start.mjs'), START);
    return root;
  }
  const start = async (root: string) => JSON.parse((await run(process.execPath, ['start.mjs'], { cwd: root })).stdout) as string[];
  const builds = (root: string) => readFileSync(join(root, 'builds.log'), 'utf8').trim().split('\n');
  const assets = (root: string) => readdirSync(join(root, 'web/dist/assets')).sort();

  it('builds nothing when restarted with nothing changed', async () => {
    const root = project();
    expect(await start(root)).toEqual(['the web app']);
    expect(await start(root)).toEqual([]);
    expect(builds(root)).toHaveLength(1);
  });

  it('builds again when a source changed', async () => {
    const root = project();
    await start(root);
    writeFileSync(join(root, 'src/app.txt'), 'second');
    expect(await start(root)).toEqual(['the web app']);
    expect(builds(root)).toHaveLength(2);
  });

  it('builds once when two starts from one folder begin at once, and leaves no lock or half build behind', async () => {
    const root = project();
    const ran = await Promise.all([start(root), start(root)]);
    expect(ran.flat()).toEqual(['the web app']);
    expect(builds(root)).toHaveLength(1);
    expect(existsSync(join(root, '.build.lock'))).toBe(false);
    expect(readdirSync(root).filter((entry) => entry.startsWith('.build-'))).toEqual([]);
  });

  it("keeps the previous build's chunks for the pages a running server already sent, one build back", async () => {
    const root = project();
    await start(root);
    const [first] = assets(root);
    writeFileSync(join(root, 'src/app.txt'), 'second');
    await start(root);
    const second = readFileSync(join(root, 'web/dist/index.html'), 'utf8');
    expect(assets(root)).toEqual([first, second].sort());
    writeFileSync(join(root, 'src/app.txt'), 'third');
    await start(root);
    const third = readFileSync(join(root, 'web/dist/index.html'), 'utf8');
    expect(assets(root)).toEqual([second, third].sort());
  });
});
