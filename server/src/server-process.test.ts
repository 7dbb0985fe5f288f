import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.warn('TEST_DATABASE_URL is not set: skipping the missing-database start-up test.');

interface Started {
  code: number | null;
  stderr: string;
  stdout: string;
}

const baseEnv = (overrides: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: '0',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'cars-start-')),
  SESSION_SECRET: 'start-test-session-secret-long-enough-0123456789',
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
  BOT_MODE: 'off',
  LOG_LEVEL: 'warn',
  ...overrides,
});

/** Runs the server as `npm start` would (without the web build) until it exits, or until `until` says it is up. */
function startServer(env: Record<string, string>, until?: (output: string) => boolean): Promise<Started & { stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/start.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve) => {
    const check = () => {
      if (until?.(stdout + stderr)) resolve({ code: null, stdout, stderr, stop });
    };
    child.stdout.on('data', (chunk) => ((stdout += String(chunk)), check()));
    child.stderr.on('data', (chunk) => ((stderr += String(chunk)), check()));
    void exited.then((code) => resolve({ code, stdout, stderr, stop }));
  });
}

const oneLine = (text: string) => text.trim().split('\n');

describe('starting the server fails in one clear line', () => {
  it('when PostgreSQL cannot be reached', async () => {
    const result = await startServer(baseEnv({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/cars' }));
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toEqual(['Cannot reach PostgreSQL at 127.0.0.1:1 (ECONNREFUSED): start it, or fix DATABASE_URL.']);
  });

  it.skipIf(!postgresUrl)('when the database does not exist', async () => {
    const url = new URL(postgresUrl!);
    url.pathname = '/no_such_database_for_cars';
    const result = await startServer(baseEnv({ DATABASE_URL: url.toString() }));
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toEqual([
      `PostgreSQL at ${url.hostname}:${url.port || 5432} has no database "no_such_database_for_cars": create it (createdb no_such_database_for_cars) or fix DATABASE_URL.`,
    ]);
  });

  it('when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    const result = await startServer(baseEnv({ PORT: String(port) }));
    blocker.close();
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toEqual([
      `Port ${port} on 127.0.0.1 is already in use: stop the other server, or set PORT to a free port.`,
    ]);
  });

  it('when the data directory cannot be written', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cars-start-')), 'a-file');
    writeFileSync(file, '');
    const result = await startServer(baseEnv({ DATA_DIR: file }));
    expect(result.code).toBe(1);
    expect(oneLine(result.stderr)).toEqual([`${file} is not a folder: set DATA_DIR to a folder this user can write.`]);
  });

  it('when another server already has the embedded database open, and the first one warns once that production wants PostgreSQL', async () => {
    const env = baseEnv({ SEED_DEMO: 'false' });
    const first = await startServer(env, (output) => output.includes('set DATABASE_URL'));
    try {
      expect(first.code).toBeNull();
      const second = await startServer(env);
      expect(second.code).toBe(1);
      expect(oneLine(second.stderr)).toEqual([
        `The embedded database in ${env.DATA_DIR} is already open by process ${/"pid":(\d+)/.exec(first.stdout + first.stderr)?.[1]}: stop that server first, or give this one another DATA_DIR.`,
      ]);
      expect((first.stdout + first.stderr).match(/embedded PGlite database/g)).toHaveLength(1);
    } finally {
      await first.stop();
    }
  });
});
