import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configOrExit, runServer } from './server-process.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_INPUTS = ['web', 'domain', 'locales', 'package-lock.json'];
const DIST_MARKER = join(ROOT, 'web/dist/index.html');

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'dist' || entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

/** `npm start`: build the web app when its sources are newer than the build, then serve. */
async function start() {
  // Read before building: Vite sets NODE_ENV=production inside this process while it builds.
  const config = configOrExit();
  const built = existsSync(DIST_MARKER) ? statSync(DIST_MARKER).mtimeMs : 0;
  const changed = Math.max(...WEB_INPUTS.map((p) => join(ROOT, p)).filter(existsSync).map(newestChange));
  if (changed > built) {
    process.stdout.write('Building the web app…\n');
    const { build } = await import('vite');
    await build({ configFile: join(ROOT, 'web/vite.config.ts'), logLevel: 'warn' });
  }
  await runServer(config);
}

await start();
