import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createRuntime } from '../src/runtime.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { prepareConfig } from '../src/startup-config.ts';
import type { Db } from '../src/db/database.ts';
import { seedDatabase, type SeedOptions } from '../src/seed/seed.ts';
import { checkAnswersOf } from './answer-check.ts';
import { createTestDatabase, type DatabaseKind } from './database.ts';

export const TEST_BOT_TOKEN = '123456789:TEST-token-for-signing-init-data-000';
export const TEST_NOW = new Date('2026-11-01T12:00:00Z');

/** A configuration as production code would parse it, from a test environment plus overrides. */
export function testConfig(env: Record<string, string | undefined> = {}): Config {
  return prepareConfig(
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'cars-test-')),
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      BOT_TOKEN: TEST_BOT_TOKEN,
      BOT_MODE: 'off',
      // Suites make hundreds of requests from one address; the rate-limit tests set their own limits.
      RATE_LIMIT_MAX: '1000000',
      RATE_LIMIT_STRICT_MAX: '100000',
      // Likewise every guest, draft and photo of a suite comes from 127.0.0.1; the cap tests set their own.
      GUEST_MAX_PER_ADDRESS: '1000000',
      DRAFT_MAX_PER_ADDRESS: '1000000',
      LICENCE_PHOTO_MAX_PER_ADDRESS: '1000000',
      ...env,
    }),
  );
}

export interface TestApp {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly config: Config;
}

export interface TestAppOptions {
  env?: Record<string, string | undefined>;
  /** Seed the demo inventory (deterministic, dated from TEST_NOW). */
  seed?: SeedOptions | boolean;
  webDist?: string;
  /** Logs are off unless a test wants to read them. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Fail any request whose answer the API document does not describe (test/answer-check.ts). On unless
   * a suite sets it false, so every suite's real answers hold the document to the API.
   */
  checkAnswers?: boolean;
}

/**
 * Registers hooks that give the calling suite its own migrated database and an app built by the
 * production factory; both are torn down after the suite.
 */
export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): TestApp {
  let state: TestApp | undefined;
  let drop: (() => Promise<void>) | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    if (options.seed) await seedDatabase(database.db, { now: TEST_NOW, ...(options.seed === true ? {} : options.seed) });
    const config = testConfig(options.env);
    const runtime = await createRuntime(config, {
      db: database.db,
      logger: options.logger ?? false,
      webDist: options.webDist ?? join(tmpdir(), 'no-web-build'),
    });
    // The whole runtime, so that its timers (the expiry job's) stop with the suite.
    close = () => runtime.close();
    const { app } = runtime;
    await app.ready();
    if (options.checkAnswers !== false) await checkAnswersOf(app);
    state = { app, db: database.db, config };
  });
  afterAll(async () => {
    await close?.();
    await drop?.();
  });
  const get = () => {
    if (!state) throw new Error('useTestApp: the app is only available inside tests');
    return state;
  };
  return {
    get app() {
      return get().app;
    },
    get db() {
      return get().db;
    },
    get config() {
      return get().config;
    },
  };
}
