import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../runtime.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { tmaHeaders } from '../../test/identity.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { seedDatabase } from '../seed/seed.ts';
import { createDatabase, createPglite, type Db } from './database.ts';
import { migrateToLatest } from './migrate.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';

const postgresUrl = process.env.TEST_DATABASE_URL;
if (!postgresUrl) console.warn('TEST_DATABASE_URL is not set: skipping the PostgreSQL down and hung tests.');

const POOL = { size: 4, connectMs: 500, statementMs: 1000 };

/** The app on a PostgreSQL copy reached through a proxy that can drop or freeze the connection. */
describe.skipIf(!postgresUrl)('the API when PostgreSQL is down or hung', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let db: Db;
  let app: FastifyInstance;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    await seedDatabase(database.db, { cars: 5 });
    const direct = new URL(database.url!);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.host = `127.0.0.1:${proxy.port}`;
    db = createDatabase({ kind: 'postgres', url: proxied.toString(), pool: POOL });
    const runtime = await createRuntime(testConfig(), { db, logger: false });
    // The whole runtime, so that its timers (the outbox worker's, the jobs') stop with the suite.
    close = () => runtime.close();
    app = runtime.app;
  });
  afterAll(async () => {
    await close?.();
    await db?.destroy();
    await proxy?.close();
    await database?.drop();
  });

  const timed = async (url: string) => {
    const started = Date.now();
    const res = await app.inject(url);
    return { res, seconds: (Date.now() - started) / 1000 };
  };

  it('answers 503 database_unavailable with Retry-After while the database is down, and recovers by itself', async () => {
    expect((await app.inject('/api/cars')).statusCode).toBe(200);
    proxy.refuse();
    for (const [url, headers] of [
      ['/api/cars', {}],
      ['/api/cars/filters', {}],
      ['/api/faqs/public?lang=en', {}],
      ['/api/me', tmaHeaders({ id: 9101 })],
    ] as const) {
      const res = await app.inject({ url, headers });
      expect(res.statusCode, url).toBe(503);
      expect(res.json<ErrorBody>().error.code).toBe('database_unavailable');
      expect(res.headers['retry-after']).toBe('5');
    }
    const health = await app.inject('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    proxy.heal();
    expect((await app.inject('/api/cars')).statusCode).toBe(200);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
  });

  it('answers 503 within a few seconds while the database hangs, and recovers when it answers again', async () => {
    const before = await app.inject('/api/cars');
    expect(before.statusCode, before.body).toBe(200);
    proxy.freeze();
    const [health, cars] = await Promise.all([timed('/api/health'), timed('/api/cars')]);
    expect(health.res.statusCode).toBe(503);
    expect(cars.res.statusCode).toBe(503);
    expect(cars.res.json<ErrorBody>().error.code).toBe('database_unavailable');
    // Bounded by the configured timeouts (0.5 s to connect, 1 s a statement), never by TCP's minutes.
    expect(Math.max(health.seconds, cars.seconds)).toBeLessThan(5);
    proxy.heal();
    await expect.poll(async () => (await app.inject('/api/cars')).statusCode, { timeout: 10_000, interval: 200 }).toBe(200);
  });
});

describe('the API when the embedded database has been closed', () => {
  it('answers 503 database_unavailable rather than 500', async () => {
    const pglite = createPglite();
    const db = createDatabase({ kind: 'pglite-instance', pglite });
    await migrateToLatest(db);
    const runtime = await createRuntime(testConfig(), { db, logger: false });
    await pglite.close();
    const res = await runtime.app.inject('/api/cars');
    expect(res.statusCode).toBe(503);
    expect(res.json<ErrorBody>().error.code).toBe('database_unavailable');
    await runtime.close();
  });
});
