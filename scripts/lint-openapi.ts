/**
 * `npm run lint:openapi` (part of `npm run lint`): builds the app in this process on an in-memory
 * PGlite, writes the API document it serves at /api/openapi.json to a temporary file and runs
 * `redocly lint` on it with the recommended rules (redocly.yaml). Exits non-zero on any error.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '../server/src/db/database.ts';
import { createRuntime } from '../server/src/runtime.ts';
import { testConfig } from '../server/test/app.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function servedDocument(): Promise<string> {
  const db = createDatabase({ kind: 'pglite' });
  const runtime = await createRuntime(testConfig(), { db, logger: false, webDist: join(tmpdir(), 'no-web-build') });
  try {
    const res = await runtime.app.inject('/api/openapi.json');
    if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}: ${res.body}`);
    return res.body;
  } finally {
    await runtime.close();
    await db.destroy();
  }
}

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'openapi-'));
  try {
    const file = join(folder, 'openapi.json');
    writeFileSync(file, await servedDocument());
    const lint = spawnSync('npx', ['redocly', 'lint', file, '--config', join(ROOT, 'redocly.yaml')], {
      cwd: ROOT,
      stdio: 'inherit',
      // Nothing may contact a public host: no usage reports, no check for a newer release.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    process.exitCode = lint.status ?? 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
