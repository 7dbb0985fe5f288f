import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { ImportReport } from '../../../domain/contracts/inventory-import.ts';
import type { InventoryCar } from '../../../domain/contracts/inventory.ts';
import { vinMessages } from '../../../domain/vin.ts';
import { useTestApp } from '../../test/app.ts';
import { multipart, solidImage } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { createAdmin, createGuest, injectAs, sessionCookie, type TestTelegramUser } from '../../test/identity.ts';
import { dealerRows, toCsv, type StockRow } from '../../test/stock-files.ts';

const ADMIN: TestTelegramUser = { id: 9601, first_name: 'Ada' };
const CUSTOMER: TestTelegramUser = { id: 9602, first_name: 'Carl' };

const upload = (bytes: Buffer | string, filename = 'stock.csv') =>
  multipart([{ name: 'file', value: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), filename, contentType: 'text/csv' }]);

async function importFile(app: FastifyInstance, file: Buffer | string, query = 'mode=dry-run') {
  const { payload, headers } = upload(file);
  return injectAs(app, ADMIN, { method: 'POST', url: `/api/inventory/import?${query}`, payload, headers });
}

async function reportOf(app: FastifyInstance, file: Buffer | string, query = 'mode=dry-run'): Promise<ImportReport> {
  const res = await importFile(app, file, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportReport>();
}

async function refusal(app: FastifyInstance, file: Buffer | string, query = 'mode=dry-run') {
  const res = await importFile(app, file, query);
  return { status: res.statusCode, body: res.json<ErrorBody>() };
}

const carCount = async (app: FastifyInstance) =>
  Number(
    (
      await app.db
        .selectFrom('cars')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const carByVin = async (app: FastifyInstance, vin: string | undefined): Promise<InventoryCar> => {
  const row = await app.db
    .selectFrom('cars')
    .select('uuid')
    .where('vin', '=', vin ?? '')
    .executeTakeFirstOrThrow();
  const res = await injectAs(app, ADMIN, { method: 'GET', url: `/api/inventory/${row.uuid}` });
  return res.json<InventoryCar>();
};

/** A broken VIN: one character changed, so the check digit no longer matches. */
const typo = (vin: string) => vin.slice(0, 11) + (vin[11] === '7' ? '8' : '7') + vin.slice(12);
const vinOf = (rows: StockRow[], index: number) => rows[index]!.VIN!;

/**
 * 300 rows of a dealer's feed, a dozen of them wrong the ways feeds go wrong, each with the column
 * the dealer has to fix.
 */
function feedWithBadRows(): { rows: StockRow[]; bad: Array<{ row: number; column: string | null; message: string | RegExp }> } {
  const rows = dealerRows(300);
  const bad: Array<{ row: number; column: string | null; message: string | RegExp }> = [];
  const spoil = (index: number, change: Record<string, string>, column: string | null, message: string | RegExp) => {
    rows[index] = { ...rows[index]!, ...change };
    bad.push({ row: index + 2, column, message });
  };
  spoil(3, { VIN: typo(vinOf(rows, 3)) }, 'VIN', vinMessages.checkDigit);
  spoil(10, { VIN: vinOf(rows, 10).slice(0, 16) }, 'VIN', vinMessages.length);
  spoil(17, { VIN: `${vinOf(rows, 17).slice(0, 5)}O${vinOf(rows, 17).slice(6)}` }, 'VIN', vinMessages.forbiddenLetter);
  spoil(24, { Year: String(Number(rows[24]!.Year!) - 1) }, 'VIN', vinMessages.yearMismatch);
  spoil(31, { 'Internet Price': 'Call for price' }, 'Internet Price', 'Price must be a whole number of dollars above 0.');
  spoil(38, { 'Internet Price': '' }, 'Internet Price', 'Price must be a whole number of dollars above 0.');
  spoil(45, { Odometer: '-12' }, 'Odometer', 'Mileage must be a whole number of miles, 0 or more.');
  spoil(52, { 'New/Used': 'Demo' }, 'New/Used', 'New/Used must be New, Used, Certified or CPO.');
  spoil(59, { 'Body Style': 'Spaceship' }, 'Body Style', /^Body style must be one of/);
  spoil(66, { Make: '' }, 'Make', 'Make is required.');
  // Two rows with one VIN: both refused, each naming the other.
  spoil(80, { VIN: vinOf(rows, 81) }, 'VIN', `VIN ${vinOf(rows, 81)} is also on row 83.`);
  spoil(81, {}, 'VIN', `VIN ${vinOf(rows, 81)} is also on row 82.`);
  return { rows, bad };
}

describe.each(DATABASE_KINDS)('importing a stock file on %s', (kind) => {
  const t = useTestApp(kind);
  const { rows, bad } = feedWithBadRows();
  const feed = toCsv(rows);

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
  });

  it('shows what a 300-row feed would do, row by row, and writes nothing in a dry run', async () => {
    const report = await reportOf(t.app, feed);
    expect(report).toMatchObject({ mode: 'dry-run', sync: false, rows: 300, created: 288, updated: 0, unchanged: 0, refused: 12 });
    expect(await carCount(t.app)).toBe(0);
    const refused = report.results.filter((result) => result.outcome === 'refused');
    expect(refused.map((result) => result.row)).toEqual(bad.map((problem) => problem.row));
    for (const expected of bad) {
      const result = refused.find((candidate) => candidate.row === expected.row)!;
      const found = result.problems.find((problem) => problem.column === expected.column);
      expect(found, `row ${expected.row}: ${JSON.stringify(result.problems)}`).toBeDefined();
      expect(found!.row).toBe(expected.row);
      if (typeof expected.message === 'string') expect(found!.message).toBe(expected.message);
      else expect(found!.message).toMatch(expected.message);
    }
  });

  it('names the columns it matched and the ones it ignored', async () => {
    const withExtra = toCsv(rows.slice(0, 2).map((row) => ({ ...row, 'Lot Location': 'North lot' })));
    const report = await reportOf(t.app, withExtra);
    expect(report.columns.matched).toMatchObject({
      'Stock Number': 'Stock',
      'Internet Price': 'Price',
      Odometer: 'Mileage',
      'New/Used': 'Type',
    });
    expect(report.columns.ignored).toEqual(['Lot Location']);
  });

  it('creates the good rows of the feed in one go, on sale, and skips the refused ones', async () => {
    const report = await reportOf(t.app, feed, 'mode=commit');
    expect(report).toMatchObject({ mode: 'commit', created: 288, refused: 12 });
    expect(await carCount(t.app)).toBe(288);
    const car = await carByVin(t.app, rows[0]!.VIN);
    expect(car).toMatchObject({ stockNumber: 'D00001', listingState: 'available', version: 1 });
    expect(car.price).toBe(Number(rows[0]!['Internet Price']!.replace(/[$,]/g, '')));
    expect(car.mileage).toBe(Number(rows[0]!.Odometer!.replace(/,/g, '')));
    expect(car.features.length).toBeGreaterThanOrEqual(5);
    expect(car.description).toContain('"Sam"');
    const cpo = await carByVin(t.app, rows[7]!.VIN);
    expect(cpo).toMatchObject({ condition: 'used', certified: true });
  });

  it('records the import once in the audit log with its counts', async () => {
    const audit = await t.db.selectFrom('audit_events').select(['action', 'details']).where('action', '=', 'inventory.imported').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ rows: 300, created: 288, refused: 12, updated: 0 });
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await t.db.selectFrom('cars').select(['uuid', 'version', 'updated_at']).orderBy('uuid').execute();
    const report = await reportOf(t.app, feed, 'mode=commit');
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 288, refused: 12 });
    expect(await t.db.selectFrom('cars').select(['uuid', 'version', 'updated_at']).orderBy('uuid').execute()).toEqual(before);
  });

  it('updates only the fields a row changes, and says which', async () => {
    const changed = rows.map((row, index) => (index === 0 ? { ...row, 'Internet Price': '$1,234.00', Odometer: '99' } : row));
    const report = await reportOf(t.app, toCsv(changed), 'mode=commit');
    expect(report).toMatchObject({ updated: 1, unchanged: 287 });
    expect(report.results[0]).toMatchObject({ row: 2, outcome: 'updated', changed: ['price', 'mileage'] });
    expect(await carByVin(t.app, rows[0]!.VIN)).toMatchObject({ price: 1234, mileage: 99, version: 2 });
  });

  it('updates by stock number a file that has no VIN column', async () => {
    const priceFeed = toCsv([{ Stock: 'D00002', Price: '7,777' }]);
    const report = await reportOf(t.app, priceFeed, 'mode=commit');
    expect(report.results[0]).toMatchObject({ outcome: 'updated', changed: ['price'], vin: rows[1]!.VIN });
  });

  it('refuses a row whose new VIN comes with the stock number of another car', async () => {
    const other = dealerRows(301)[300]!;
    const report = await reportOf(t.app, toCsv([{ ...other, 'Stock Number': 'D00003' }]));
    const [problem] = report.results[0]!.problems;
    expect(problem?.column).toBe('VIN');
    expect(problem?.message).toContain('Stock number D00003 belongs to a car with another VIN');
    expect(problem).toMatchObject({
      code: 'stock_number_of_car_with_another_vin',
      params: {
        stockNumber: 'D00003',
        vin: rows[2]!.VIN,
        car: [rows[2]!.Year, rows[2]!.Make, rows[2]!.Model, rows[2]!.Trim].filter(Boolean).join(' '),
      },
    });
  });

  it('marks available cars missing from a full feed as sold when asked, and only then', async () => {
    const shorter = toCsv(rows.slice(0, 250));
    const missing = rows.slice(250).filter((row) => !bad.some((problem) => problem.row === rows.indexOf(row) + 2));
    const dry = await reportOf(t.app, shorter, 'mode=dry-run&sync=true');
    expect(dry.markedSold.map((car) => car.stockNumber).sort()).toEqual(missing.map((row) => row['Stock Number']).sort());
    expect((await reportOf(t.app, shorter, 'mode=commit')).markedSold).toEqual([]);
    const committed = await reportOf(t.app, shorter, 'mode=commit&sync=true');
    expect(committed.markedSold).toHaveLength(missing.length);
    expect(await carByVin(t.app, missing[0]!.VIN)).toMatchObject({ listingState: 'sold' });
    expect(await carByVin(t.app, rows[0]!.VIN)).toMatchObject({ listingState: 'available' });
  });

  it('queues the photo URLs of the cars it creates for the background fetch', async () => {
    const row = {
      ...dealerRows(302, { stockPrefix: 'P' })[301]!,
      'Photo URLs': 'https://photos.example/1.jpg|https://photos.example/2.jpg ftp://x/3.jpg',
    };
    const report = await reportOf(t.app, toCsv([row]), 'mode=commit');
    expect(report).toMatchObject({ created: 1, photosQueued: 2 });
    expect(report.results[0]!.problems).toEqual([
      {
        row: 2,
        column: 'Photo URLs',
        message: 'Not an http or https address, so it is not fetched: ftp://x/3.jpg',
        code: 'photo_url_not_web',
        params: { url: 'ftp://x/3.jpg' },
      },
    ]);
    const events = await t.db.selectFrom('outbox_events').select(['kind', 'payload']).where('kind', '=', 'inventory.photo_urls').execute();
    expect(events.map((event) => event.payload)).toEqual([
      expect.objectContaining({ urls: ['https://photos.example/1.jpg', 'https://photos.example/2.jpg'] }),
    ]);
  });
});

describe.each(DATABASE_KINDS)('stock files that are hard to read, on %s', (kind) => {
  const t = useTestApp(kind);
  const rows = dealerRows(3);

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
  });

  it.each([
    ['semicolons', { delimiter: ';' }],
    ['tabs', { delimiter: '\t' }],
    ['a byte order mark', { bom: true }],
    ['Windows line endings', { eol: '\r\n' }],
    ['Unix line endings', { eol: '\n' }],
  ])('reads a file with %s', async (_, options) => {
    const report = await reportOf(t.app, toCsv(rows, options));
    expect(report).toMatchObject({ rows: 3, created: 3, refused: 0 });
    expect(report.results[0]!.vin).toBe(rows[0]!.VIN);
  });

  it('keeps a quoted line break inside its cell', async () => {
    await reportOf(t.app, toCsv(rows), 'mode=commit');
    expect((await carByVin(t.app, rows[0]!.VIN)).description).toContain('\nAsk for "Sam"');
  });

  it('reads a file in Windows-1252 and says so', async () => {
    const latin = Buffer.from(toCsv([{ ...rows[1]!, 'Interior Color': 'Crème leather' }]), 'latin1');
    const res = await importFile(t.app, latin, 'mode=commit');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-stock-file-encoding']).toBe('windows-1252');
    expect((await carByVin(t.app, rows[1]!.VIN)).interiorColor).toBe('Crème leather');
  });

  it('numbers rows as a spreadsheet does, blank lines included', async () => {
    const file = toCsv(rows).replace(/\r\n/, '\r\n\r\n');
    expect((await reportOf(t.app, file)).results.map((result) => result.row)).toEqual([3, 4, 5]);
  });

  it('refuses a row with more cells than the header, as a cell split by an unquoted comma', async () => {
    const [first, second] = rows;
    const file = `VIN,Stock,Year,Make,Model,Mileage,Price\r\n${first!.VIN},X1,${first!.Year},Honda,Civic,100,9000\r\n${second!.VIN},X2,${second!.Year},Honda,Civic,100,$9,000.00\r\n`;
    const report = await reportOf(t.app, file);
    expect(report.results[1]!.outcome).toBe('refused');
    expect(report.results[1]!.problems.map((problem) => [problem.column, problem.message])).toContainEqual([
      null,
      'The row has 8 cells but the header has 7: a cell with a comma in it must be in double quotes.',
    ]);
    expect(report.results[1]!.problems).toContainEqual(
      expect.objectContaining({ code: 'row_too_long', params: { cells: 8, columns: 7, delimiter: 'comma' } }),
    );
  });

  it.each([
    ['an empty file', '', 400, 'The stock file is empty.'],
    ['a file of blank lines', '\r\n\r\n', 400, 'The stock file is empty.'],
    ['a header without cars', 'VIN,Stock,Year,Make,Model,Price\r\n', 400, 'The stock file has a header row but no cars under it.'],
    ['a file with another delimiter', 'VIN|Stock|Year|Make\r\n1|2|3|4\r\n', 400, /names none of the stock-file columns/],
    ['a file that is not CSV at all', '%PDF-1.7\n%âãÏÓ\n1 0 obj', 400, /names none of the stock-file columns/],
    ['a quote that is never closed', 'VIN,Stock,Year,Make\r\n"1HGCM82633A004352,S1,2003,Honda\r\n', 400, /A quoted cell is never closed/],
  ])('answers %s with a clear %s', async (_, file, status, message) => {
    const { status: got, body } = await refusal(t.app, file);
    expect(got).toBe(status);
    expect(body.error.message).toMatch(message);
  });

  it('answers a file of more than 10,000 cars with 413, and 50,000 too, without reading them all', async () => {
    const many = (count: number) => 'VIN,Stock,Year,Make,Model,Price\r\n' + 'WBA00000000000000,S1,2020,BMW,X5,1\r\n'.repeat(count);
    for (const count of [10_001, 50_000]) {
      const { status, body } = await refusal(t.app, many(count));
      expect(status).toBe(413);
      expect(body.error.message).toContain('more than 10,000 cars');
    }
  });

  it('answers a file over 10 MB with 413', async () => {
    const { status, body } = await refusal(t.app, Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    expect(status).toBe(413);
    expect(body.error.code).toBe('payload_too_large');
  });

  it('asks for the mode, the file, and a multipart form', async () => {
    expect((await refusal(t.app, toCsv(rows), '')).body.error.fields).toHaveProperty('mode');
    expect((await refusal(t.app, toCsv(rows), 'mode=later')).status).toBe(400);
    const noFile = multipart([{ name: 'note', value: 'hi' }]);
    const res = await injectAs(t.app, ADMIN, { method: 'POST', url: '/api/inventory/import?mode=dry-run', ...noFile });
    expect(res.json<ErrorBody>().error.fields).toEqual({ file: 'file is required' });
    const json = await injectAs(t.app, ADMIN, { method: 'POST', url: '/api/inventory/import?mode=dry-run', payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});

describe.each(DATABASE_KINDS)('stock files from other systems, on %s', (kind) => {
  const t = useTestApp(kind);
  const rows = dealerRows(4, { stockPrefix: 'O' });

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
  });

  it('ignores a state column of US states, saying why, and puts the cars on sale', async () => {
    const file = toCsv(rows.map((row, index) => ({ ...row, state: index % 2 ? 'CA' : 'TX' })));
    const report = await reportOf(t.app, file, 'mode=commit');
    expect(report).toMatchObject({ created: 4, refused: 0 });
    expect(report.columns.ignored).toEqual(['state']);
    expect(report.columns.ignoredReasons).toEqual({
      state: 'Column "state" ignored: its values (TX, CA) are not listing states (draft, available, pending, sold).',
    });
    expect(report.columns.ignoredDetails).toEqual({
      state: { code: 'unfit_column', params: { column: 'state', examples: ['TX', 'CA'], holds: 'listingState' } },
    });
    expect(report.columns.matched).not.toHaveProperty('state');
    expect(await carByVin(t.app, rows[0]!.VIN)).toMatchObject({ listingState: 'available' });
  });

  it('ignores an auction grade in a condition column and reads new or used from its own column', async () => {
    const grades = ['5', '45', '4.5', '3'];
    const file = toCsv(rows.map((row, index) => ({ Condition: grades[index]!, ...row })));
    const report = await reportOf(t.app, file);
    expect(report).toMatchObject({ refused: 0 });
    expect(report.columns.matched).toMatchObject({ 'New/Used': 'Type' });
    expect(report.columns.ignoredReasons).toEqual({
      Condition: 'Column "Condition" ignored: its values (5, 45, 4.5, 3) are not New, Used, Certified or CPO.',
    });
  });

  it('still refuses the one row of a listing-state column whose value is not a state', async () => {
    const file = toCsv(rows.map((row, index) => ({ ...row, State: index === 2 ? 'Lot B' : 'Pending' })));
    const report = await reportOf(t.app, file);
    expect(report.columns.ignored).toEqual([]);
    expect(report.results[2]!.problems).toEqual([
      { row: 4, column: 'State', message: 'Listing state must be draft, available, pending or sold.', code: 'invalid_value', params: {} },
    ]);
  });

  it('reports every problem of a row, not only the first', async () => {
    const file = toCsv([
      { ...rows[0]!, 'Internet Price': 'Call for price', Odometer: '-12', 'Body Style': 'Spaceship', 'New/Used': 'Demo' },
      ...rows.slice(1),
      { ...rows[1]!, 'Stock Number': 'O99999', Make: '' },
    ]);
    const report = await reportOf(t.app, file);
    expect(report.results[0]!.problems.map((problem) => [problem.column, problem.message])).toEqual([
      ['New/Used', 'New/Used must be New, Used, Certified or CPO.'],
      ['Body Style', expect.stringMatching(/^Body style must be one of/)],
      ['Internet Price', 'Price must be a whole number of dollars above 0.'],
      ['Odometer', 'Mileage must be a whole number of miles, 0 or more.'],
    ]);
    expect(report.results[4]!.problems.map((problem) => [problem.column, problem.message])).toEqual([
      ['VIN', `VIN ${rows[1]!.VIN} is also on row 3.`],
      ['Make', 'Make is required.'],
    ]);
    // The same problems as codes and values, for a client to word in its reader's language.
    expect(report.results[0]!.problems.map(({ code, params }) => ({ code, params }))).toEqual([
      { code: 'unknown_type', params: { column: 'New/Used' } },
      { code: 'invalid_value', params: {} },
      { code: 'invalid_value', params: {} },
      { code: 'invalid_value', params: {} },
    ]);
    expect(report.results[4]!.problems.map(({ code, params }) => ({ code, params }))).toEqual([
      { code: 'duplicate_vin', params: { vin: rows[1]!.VIN, rows: [3] } },
      { code: 'invalid_value', params: {} },
    ]);
  });
});

describe.each(DATABASE_KINDS)('exporting the inventory on %s', (kind) => {
  const t = useTestApp(kind);
  const rows = dealerRows(40);

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    const withFormulas = rows.map((row, index) =>
      index === 0 ? { ...row, Description: '=HYPERLINK("http://evil.example","Click")', Trim: '+cmd', 'Interior Color': '@SUM(A1)' } : row,
    );
    await reportOf(t.app, toCsv(withFormulas), 'mode=commit');
  });

  const exported = async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/inventory/export.csv' });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('downloads as a dated UTF-8 CSV that Excel opens as UTF-8', async () => {
    const res = await exported();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.split('\r\n')[0]).toBe(
      '\uFEFFVIN,Stock,Year,Make,Model,Trim,Body,Type,Mileage,Price,MSRP,ExteriorColor,InteriorColor,Transmission,Drivetrain,Fuel,Engine,CityMPG,HighwayMPG,Features,Description,State,PhotoURLs',
    );
    expect(res.body.trimEnd().split('\r\n').length).toBeGreaterThanOrEqual(41);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const { body } = await exported();
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(body).toContain(",'+cmd,");
    expect(body).toContain(",'@SUM(A1),");
    expect(body).not.toMatch(/,[=+@]/);
  });

  it('imports back unchanged, formulas and all', async () => {
    const { rawPayload } = await exported();
    const report = await reportOf(t.app, rawPayload, 'mode=commit&sync=true');
    expect(report).toMatchObject({ rows: 40, created: 0, updated: 0, unchanged: 40, refused: 0, markedSold: [] });
    expect((await carByVin(t.app, rows[0]!.VIN)).description).toBe('=HYPERLINK("http://evil.example","Click")');
  });
});

describe.each(DATABASE_KINDS)('exporting the photos of the inventory on %s', (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL: 'https://cars.example.com' } });
  const [row] = dealerRows(1);
  let car: InventoryCar;

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    await reportOf(t.app, toCsv([row!]), 'mode=commit');
    car = await carByVin(t.app, row!.VIN);
    const photos = await Promise.all(['#336699', '#996633', '#669933'].map((colour) => solidImage(800, 600, colour).jpeg().toBuffer()));
    const form = multipart(photos.map((value) => ({ name: 'file', value, filename: 'photo.jpg', contentType: 'image/jpeg' })));
    const res = await injectAs(t.app, ADMIN, { method: 'POST', url: `/api/inventory/${car.uuid}/photos`, ...form });
    expect(res.statusCode, res.body).toBe(201);
  });

  const exportedUrls = async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/inventory/export.csv' });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.body.split('\r\n')[1]!;
    return { file: res.rawPayload, urls: line.slice(line.lastIndexOf(',') + 1).split('|') };
  };

  it('writes the three photos of a car as three public addresses', async () => {
    const { urls } = await exportedUrls();
    expect(urls).toHaveLength(3);
    for (const url of urls) {
      expect(url).toMatch(/^https:\/\/cars\.example\.com\/media\/photos\/[0-9a-f]+\.jpg$/);
      const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
    }
  });

  it('imports back with its photos', async () => {
    const { file, urls } = await exportedUrls();
    expect((await injectAs(t.app, ADMIN, { method: 'DELETE', url: `/api/inventory/${car.uuid}` })).statusCode).toBe(204);
    const report = await reportOf(t.app, file, 'mode=commit');
    expect(report).toMatchObject({ created: 1, refused: 0, photosQueued: 3 });
    const events = await t.db.selectFrom('outbox_events').select('payload').where('kind', '=', 'inventory.photo_urls').execute();
    expect(events.map((event) => event.payload)).toEqual([expect.objectContaining({ urls })]);
  });
});

describe.each(DATABASE_KINDS)('who may import and export stock files, on %s', (kind) => {
  const t = useTestApp(kind, { seed: { cars: 2 } });
  let callers: Record<string, { cookie?: string; who: TestTelegramUser | { cookie: string } | null }>;

  beforeAll(async () => {
    const admin = await createAdmin(t.db, ADMIN.id);
    const car = await t.db.selectFrom('cars').select('uuid').executeTakeFirstOrThrow();
    callers = {
      anonymous: { who: null },
      guest: { who: { cookie: (await createGuest(t.app, car.uuid)).cookie } },
      customer: { who: CUSTOMER },
      'admin in Telegram': { who: ADMIN },
      'admin over a session': { who: { cookie: await sessionCookie(t.app, admin.id) } },
    };
  });

  it.each([
    ['anonymous', 401],
    ['guest', 401],
    ['customer', 403],
    ['admin in Telegram', 200],
    ['admin over a session', 200],
  ])('answers %s with %s', async (caller, status) => {
    const { who } = callers[caller]!;
    const form = upload(toCsv(dealerRows(1)));
    const imported = await injectAs(t.app, who, { method: 'POST', url: '/api/inventory/import?mode=dry-run', ...form });
    expect(imported.statusCode, imported.body).toBe(status);
    const exported = await injectAs(t.app, who, { method: 'GET', url: '/api/inventory/export.csv' });
    expect(exported.statusCode).toBe(status);
  });
});
