import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding package.json, found by walking up from this file: the same answer whether the
 * server runs from its sources (server/src) or compiled (dist/server/src).
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
export const WEB_DIST = join(PROJECT_ROOT, 'web/dist');
export const LOCALES_DIR = join(PROJECT_ROOT, 'locales');
