import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createRuntime } from '../runtime.ts';
import { testConfig } from '../../test/app.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { loggerOptions } from './logger.ts';

const PERSONAL = 'Jane Q. Applicant';

describe.each(DATABASE_KINDS)('error logs on %s', (kind) => {
  const lines: string[] = [];
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const config = testConfig({ LOG_LEVEL: 'info' });
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = (await createRuntime(config, { db: database.db, logger: { ...(loggerOptions(config) as object), stream } })).app;
    // A statement that fails with a person's name among its bound values, as a failing search would.
    app.get('/api/test/failing-statement', async () => sql`select 1 / 0 where ${PERSONAL} <> ''`.execute(app.db));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('logs a failed statement with its SQL and error, but never its bound values', async () => {
    const res = await app.inject('/api/test/failing-statement');
    expect(res.statusCode).toBe(500);
    const logged = lines.find((line) => line.includes('division by zero'));
    expect(logged).toBeDefined();
    expect(logged).toContain('select 1 / 0');
    expect(lines.join('\n')).not.toContain(PERSONAL);
  });
});
