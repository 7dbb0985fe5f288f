import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/app.ts';
import { createTestDatabase } from '../test/database.ts';
import { createRuntime, type Runtime } from './runtime.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.warn('TEST_DATABASE_URL is not set: skipping the runtime tests on PostgreSQL.');

/** Sockets, servers and timers this process holds; the test runner's own pipes are left out. */
const openResources = () => process.getActiveResourcesInfo().filter((kind) => /TCP|Timeout|Interval|Server/.test(kind));

/** What is open now and was not before: closing is done once this is empty (sockets close asynchronously). */
async function leftOpenSince(before: string[]): Promise<string[]> {
  const left = () => {
    const remaining = [...before];
    return openResources().filter((kind) => {
      const index = remaining.indexOf(kind);
      if (index === -1) return true;
      remaining.splice(index, 1);
      return false;
    });
  };
  await expect.poll(left, { timeout: 2000, interval: 50 }).toEqual([]);
  return left();
}

const carCount = async (runtime: Runtime) =>
  Number(
    (
      await runtime.db
        .selectFrom('cars')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the runtime on the embedded database', () => {
  it('seeds demo cars and FAQs on first start, so the first command shows a catalogue', async () => {
    const runtime = await createRuntime(testConfig({ SEED_DEMO: undefined }), { logger: false });
    expect(await carCount(runtime)).toBeGreaterThan(0);
    await runtime.close();
  });

  it('builds and closes with nothing left open', async () => {
    const before = openResources();
    const runtime = await createRuntime(testConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'cars-runtime-')) }), { logger: false });
    expect((await runtime.app.inject('/api/health')).statusCode).toBe(200);
    await runtime.close();
    expect(await leftOpenSince(before)).toEqual([]);
  });
});

describe.skipIf(!postgresUrl)('the runtime on PostgreSQL', () => {
  it('leaves an empty database empty without SEED_DEMO', async () => {
    const database = await createTestDatabase('postgres');
    const runtime = await createRuntime(testConfig({ DATABASE_URL: database.url }), { logger: false });
    expect(await carCount(runtime)).toBe(0);
    await runtime.close();
    await database.drop();
  });

  it('loads the demo data when SEED_DEMO=true', async () => {
    const database = await createTestDatabase('postgres');
    const runtime = await createRuntime(testConfig({ DATABASE_URL: database.url, SEED_DEMO: 'true' }), { logger: false });
    expect(await carCount(runtime)).toBeGreaterThan(0);
    await runtime.close();
    await database.drop();
  });

  it('builds and closes with its connection pool ended and nothing left open', async () => {
    const database = await createTestDatabase('postgres');
    const before = openResources();
    const runtime = await createRuntime(testConfig({ DATABASE_URL: database.url }), { logger: false });
    expect((await runtime.app.inject('/api/health')).statusCode).toBe(200);
    await runtime.close();
    expect(await leftOpenSince(before)).toEqual([]);
    await database.drop();
  });
});
