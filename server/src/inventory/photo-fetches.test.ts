import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../domain/contracts/inventory-import.ts';
import type { InventoryCar } from '../../../domain/contracts/inventory.ts';
import { testConfig } from '../../test/app.ts';
import { multipart, solidImage } from '../../test/applications.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { createAdmin, injectAs, type TestTelegramUser } from '../../test/identity.ts';
import { dealerRows, toCsv } from '../../test/stock-files.ts';
import { createRuntime, type Runtime } from '../runtime.ts';

const ADMIN: TestTelegramUser = { id: 9611, first_name: 'Ada' };

describe.each(DATABASE_KINDS)('what became of each photo address of an import, on %s', (kind) => {
  let database: TestDatabase;
  let runtime: Runtime;
  let photoHost: Server;
  let at: (path: string) => string;
  let report: ImportReport;

  beforeAll(async () => {
    const jpeg = await solidImage(800, 600).jpeg().toBuffer();
    photoHost = createServer((request, response) => {
      if (request.url === '/car.jpg') response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
      else response.writeHead(404).end();
    });
    photoHost.listen(0, '127.0.0.1');
    await once(photoHost, 'listening');
    const { port } = photoHost.address() as AddressInfo;
    at = (path) => `http://127.0.0.1:${port}${path}`;

    database = await createTestDatabase(kind);
    await createAdmin(database.db, ADMIN.id);
    runtime = await createRuntime(testConfig({ PHOTO_FETCH_ALLOW_HOSTS: '127.0.0.1' }), {
      db: database.db,
      logger: false,
      webDist: join(tmpdir(), 'no-web-build'),
      outbox: { tickMs: 3_600_000 },
    });
    // The last address is private and not allowed: refused before any connection is made.
    const row = { ...dealerRows(1)[0]!, PhotoURLs: [at('/car.jpg'), at('/missing.jpg'), 'http://10.1.2.3/car.jpg'].join('|') };
    const form = multipart([{ name: 'file', value: Buffer.from(toCsv([row])), filename: 'stock.csv', contentType: 'text/csv' }]);
    const res = await injectAs(runtime.app, ADMIN, { method: 'POST', url: '/api/inventory/import?mode=commit', ...form });
    expect(res.statusCode, res.body).toBe(200);
    report = res.json<ImportReport>();
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    photoHost?.closeAllConnections();
    await new Promise((resolve) => photoHost?.close(resolve));
  });

  const carPage = async () => {
    const res = await injectAs(runtime.app, ADMIN, { method: 'GET', url: `/api/inventory/${report.results[0]!.carUuid}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InventoryCar>();
  };

  it('lists each photo address of a created car as pending in the import report', () => {
    expect(report.results[0]!.outcome).toBe('created');
    expect(report.results[0]!.carUuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(report.results[0]!.photos).toEqual([
      { url: at('/car.jpg'), outcome: 'pending', reason: null, httpStatus: null },
      { url: at('/missing.jpg'), outcome: 'pending', reason: null, httpStatus: null },
      { url: 'http://10.1.2.3/car.jpg', outcome: 'pending', reason: null, httpStatus: null },
    ]);
  });

  it('shows on the car the photo fetched, the 404 and the private address refused, once fetched', async () => {
    await runtime.outbox.tick();
    const car = await carPage();
    expect(car.photos).toHaveLength(1);
    expect(car.photoFetches).toEqual([
      { url: at('/car.jpg'), outcome: 'fetched', reason: null, httpStatus: null },
      { url: at('/missing.jpg'), outcome: 'failed', reason: 'status', httpStatus: 404 },
      { url: 'http://10.1.2.3/car.jpg', outcome: 'failed', reason: 'address', httpStatus: null },
    ]);
  });
});
