import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffApplication } from '../../../domain/contracts/applications.ts';
import { testConfig } from '../../test/app.ts';
import { submitTestApplication } from '../../test/applications.ts';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { createAdmin, createGuest, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { freePort } from '../../test/local-services.ts';
import { createRuntime, type Runtime } from '../runtime.ts';

const ADMIN: TestTelegramUser = { id: 8_700_101, first_name: 'Ada' };
const OPENSSL = spawnSync('openssl', ['version']).error === undefined;
if (!OPENSSL) console.warn('[lender-tls] SKIPPED the bad-certificate test: no openssl to make a certificate with. It did not run.');

/** A lender whose certificate nobody vouches for: self-signed, made for this test. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'lender-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', 'key.pem', '-out', 'cert.pem'],
      { cwd: dir, stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!OPENSSL)('a lender with a bad TLS certificate', () => {
  let database: TestDatabase;
  let runtime: Runtime;
  let lender: Server;
  let requests = 0;
  let car: string;

  beforeAll(async () => {
    const port = await freePort();
    lender = createServer(selfSignedCertificate(), (_request, response) => {
      requests += 1;
      response.writeHead(202).end();
    });
    await new Promise<void>((resolve) => lender.listen(port, '127.0.0.1', resolve));
    database = await createTestDatabase('pglite');
    car = (
      await database.db
        .insertInto('cars')
        .values({ brand: 'Ford', model: 'Escape', year: 2020, price: 20000, mileage: 100, condition: 'used' })
        .returning('uuid')
        .executeTakeFirstOrThrow()
    ).uuid;
    const config = testConfig({
      PUBLIC_URL: 'http://127.0.0.1:3999',
      LENDER_WEBHOOK_URL: `https://127.0.0.1:${port}/applications`,
      LENDER_WEBHOOK_SECRET: 'lender-test-secret-that-is-long-enough-0123',
    });
    runtime = await createRuntime(config, {
      db: database.db,
      logger: false,
      webDist: join(tmpdir(), 'no-web-build'),
      outbox: { tickMs: 3_600_000 },
      lenderTimeoutMs: 2000,
    });
    await createAdmin(database.db, ADMIN.id);
  });
  afterAll(async () => {
    await runtime?.close();
    await new Promise((resolve) => lender?.close(resolve));
    await database?.drop();
  });

  it('sends nothing to it, keeps the hand-off for a retry naming the certificate, and keeps serving', async () => {
    const guest = await createGuest(runtime.app, car);
    const { userId } = guest;
    await submitTestApplication(runtime.app, { cookie: guest.cookie }, userId, { carId: car });
    await runtime.outbox.tick();

    expect(requests).toBe(0);
    const view = (await injectAs(runtime.app, ADMIN, { method: 'GET', url: `/api/applications/user/${userId}` })).json<StaffApplication>();
    expect(view.lenderDelivery).toMatchObject({ state: 'retrying', attempts: 1 });
    expect(view.lenderDelivery.state === 'retrying' && view.lenderDelivery.lastError).toMatch(/CERT|certificate/);
    expect((await runtime.app.inject({ method: 'GET', url: '/api/cars' })).statusCode).toBe(200);
  });
});
