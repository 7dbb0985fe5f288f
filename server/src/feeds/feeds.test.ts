import { parse } from 'csv-parse/sync';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedsAnswer } from '../../../domain/contracts/feeds.ts';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { InventoryCar } from '../../../domain/contracts/inventory.ts';
import { buildVin } from '../../../domain/vin.ts';
import { GOOGLE_COLUMNS, META_COLUMNS } from '../../../domain/vehicle-feeds.ts';
import { useTestApp } from '../../test/app.ts';
import { multipart, solidImage } from '../../test/applications.ts';
import { DATABASE_KINDS, HTTP_ONLY_KINDS } from '../../test/database.ts';
import { createAdmin, createTelegramUser, injectAs, type TestTelegramUser } from '../../test/identity.ts';

const ADMIN: TestTelegramUser = { id: 9801, first_name: 'Ada' };
const CUSTOMER: TestTelegramUser = { id: 9802, first_name: 'Carl' };
const PUBLIC_URL = 'https://cars.example.com';

/** Meta's enumerations (case-insensitive; we write capitals) and Google's, for the values we write. */
const META_ENUMS = {
  body_style: ['CONVERTIBLE', 'COUPE', 'CROSSOVER', 'HATCHBACK', 'MINIVAN', 'TRUCK', 'SUV', 'SEDAN', 'VAN', 'WAGON', 'OTHER'],
  state_of_vehicle: ['NEW', 'USED', 'CPO'],
  availability: ['AVAILABLE', 'NOT_AVAILABLE', 'PENDING'],
  transmission: ['', 'AUTOMATIC', 'MANUAL', 'OTHER'],
  drivetrain: ['', 'TWO_WD', 'FOUR_WD', 'AWD', 'FWD', 'RWD', 'OTHER'],
  fuel_type: ['', 'DIESEL', 'ELECTRIC', 'GASOLINE', 'FLEX', 'HYBRID', 'OTHER', 'PETROL', 'PLUGIN_HYBRID'],
  'mileage.unit': ['MI', 'KM'],
};
const GOOGLE_ENUMS = {
  condition: ['new', 'used'],
  'certified_pre-owned': ['yes', 'no'],
  body_style: ['', 'convertible', 'coupe', 'crossover', 'hatchback', 'minivan', 'sedan', 'station_wagon', 'suv', 'truck'],
};
const META_REQUIRED = ['vehicle_id', 'vin', 'title', 'description', 'url', 'make', 'model', 'year', 'body_style', 'exterior_color'];
const GOOGLE_REQUIRED = ['id', 'vin', 'store_code', 'dealership_name', 'dealership_address', 'title', 'link', 'image_link', 'price'];

type Row = Record<string, string>;

let serial = 0;
function carInput(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    vin: buildVin('1HG', 'CV1F3', 2021, 'A', 700_000 + serial),
    stockNumber: `F${serial}`,
    year: 2021,
    brand: 'Honda',
    model: 'Accord',
    trim: 'EX',
    bodyStyle: 'sedan',
    condition: 'used',
    price: 24_000,
    mileage: 30_000,
    exteriorColor: 'Crystal Black',
    transmission: 'CVT',
    drivetrain: 'fwd',
    fuelType: 'gasoline',
    listingState: 'available',
    ...overrides,
  };
}

describe.each(DATABASE_KINDS)('vehicle ads feeds on %s', (kind) => {
  const t = useTestApp(kind, { env: { PUBLIC_URL, DEALER_STORE_CODE: 'DALLAS-01' } });
  const cars: Record<'complete' | 'pending' | 'bare' | 'draft' | 'sold' | 'archived', InventoryCar> = {} as never;

  const staff = (request: InjectOptions, who: TestTelegramUser = ADMIN) => injectAs(t.app, who, request);
  async function create(overrides: Record<string, unknown>, photos: number): Promise<InventoryCar> {
    const res = await staff({ method: 'POST', url: '/api/inventory', payload: carInput(overrides) });
    expect(res.statusCode, res.body).toBe(201);
    const car = res.json<InventoryCar>();
    if (photos > 0) {
      const files = await Promise.all(
        Array.from({ length: photos }, async (_, i) => ({
          name: 'file',
          value: await solidImage(640, 480, `#33669${i}`).jpeg().toBuffer(),
          filename: `photo-${i}.jpg`,
          contentType: 'image/jpeg',
        })),
      );
      const upload = await staff({ method: 'POST', url: `/api/inventory/${car.uuid}/photos`, ...multipart(files) });
      expect(upload.statusCode, upload.body).toBe(201);
    }
    return car;
  }

  async function feed(name: 'meta' | 'google') {
    const res = await t.app.inject({ method: 'GET', url: `/feeds/${name}-vehicles.csv` });
    expect(res.statusCode, res.body).toBe(200);
    const rows: Row[] = parse(res.body, { columns: true });
    const [header = []]: string[][] = parse(res.body, { to_line: 1 });
    return { res, rows, header, byId: (uuid: string) => rows.find((row) => row.vehicle_id === uuid || row.id === uuid) };
  }

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
    await createTelegramUser(t.db, CUSTOMER.id);
    cars.complete = await create(
      {
        // Text a spreadsheet would run as a formula, with a comma, a quote and a line break in it.
        description: '=HYPERLINK("http://evil.example","Click"), one owner\nNew tyres',
        trim: '-Sport',
        certified: true,
      },
      2,
    );
    cars.pending = await create({ listingState: 'pending', bodyStyle: 'pickup', model: 'Ridgeline', trim: null }, 1);
    cars.bare = await create({ exteriorColor: null, stockNumber: 'A-BARE' }, 0);
    cars.draft = await create({ listingState: 'draft' }, 1);
    cars.sold = await create({ listingState: 'sold' }, 1);
    cars.archived = await create({}, 1);
    // Archived is reached by deleting a car something refers to (decision 016); the state is what matters here.
    await t.db.updateTable('cars').set({ listing_state: 'archived' }).where('uuid', '=', cars.archived.uuid).execute();
  });

  it('serves the Meta feed as CSV with every column Meta reads, cacheable for 15 minutes', async () => {
    const { res, header, rows } = await feed('meta');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=900');
    expect(header).toEqual([...META_COLUMNS]);
    for (const row of rows) for (const column of META_REQUIRED) expect(row[column], column).not.toBe('');
  });

  it("writes only values in Meta's enumerations, and the price and mileage in its form", async () => {
    const { rows, byId } = await feed('meta');
    for (const row of rows) for (const [column, allowed] of Object.entries(META_ENUMS)) expect(allowed, column).toContain(row[column]);
    expect(byId(cars.complete.uuid)).toMatchObject({ price: '24000.00 USD', 'mileage.value': '30000', state_of_vehicle: 'CPO' });
    expect(byId(cars.pending.uuid)).toMatchObject({ availability: 'PENDING', body_style: 'TRUCK', title: '2021 Honda Ridgeline' });
  });

  it('lists available cars and sales pending in Meta, only available ones in Google, never drafts, sold or archived cars', async () => {
    const meta = (await feed('meta')).rows.map((row) => row.vehicle_id);
    const google = (await feed('google')).rows.map((row) => row.id);
    expect(meta.sort()).toEqual([cars.complete.uuid, cars.pending.uuid].sort());
    expect(google).toEqual([cars.complete.uuid]);
  });

  it('links the car page and every photo absolutely, at PUBLIC_URL, and each photo is there as a JPEG', async () => {
    const row = (await feed('meta')).byId(cars.complete.uuid)!;
    expect(row.url).toBe(`${PUBLIC_URL}/cars/${cars.complete.uuid}`);
    const images = [row['image[0].url']!, row['image[1].url']!];
    expect(row['image[2].url']).toBe('');
    for (const image of images) {
      expect(image.startsWith(`${PUBLIC_URL}/media/photos/`)).toBe(true);
      const photo = await t.app.inject({ method: 'GET', url: new URL(image).pathname });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('gives Meta every value verbatim, a trim or phone starting with - or + included, as plain CSV with its commas, quotes and line breaks', async () => {
    const row = (await feed('meta')).byId(cars.complete.uuid)!;
    expect(row.description).toBe('=HYPERLINK("http://evil.example","Click"), one owner\nNew tyres');
    expect(row.trim).toBe('-Sport');
    expect(row.dealer_phone).toBe('+1 (214) 555-0147');
  });

  it('gives Google every value verbatim, a trim starting with - included', async () => {
    const row = (await feed('google')).byId(cars.complete.uuid)!;
    expect(row.description).toBe('=HYPERLINK("http://evil.example","Click"), one owner\nNew tyres');
    expect(row.trim).toBe('-Sport');
  });

  it("serves the Google feed with the dealership's store code and address and Google's words", async () => {
    const { header, rows, byId } = await feed('google');
    expect(header).toEqual([...GOOGLE_COLUMNS]);
    for (const row of rows) {
      for (const column of GOOGLE_REQUIRED) expect(row[column], column).not.toBe('');
      for (const [column, allowed] of Object.entries(GOOGLE_ENUMS)) expect(allowed, column).toContain(row[column]);
    }
    expect(byId(cars.complete.uuid)).toMatchObject({
      store_code: 'DALLAS-01',
      vehicle_fulfillment: 'in_store:DALLAS-01',
      dealership_address: '1200 Commerce Street, Dallas, TX 75202, US',
      link: `${PUBLIC_URL}/cars/${cars.complete.uuid}`,
      mileage: '30000 miles',
      'certified_pre-owned': 'yes',
    });
  });

  it('leaves out a car without a photo or an exterior colour and tells staff which and why, per channel', async () => {
    expect((await feed('meta')).byId(cars.bare.uuid)).toBeUndefined();
    const res = await staff({ method: 'GET', url: '/api/inventory/feeds' });
    expect(res.statusCode, res.body).toBe(200);
    const { feeds } = res.json<FeedsAnswer>();
    expect(feeds).toEqual([
      {
        channel: 'meta',
        url: `${PUBLIC_URL}/feeds/meta-vehicles.csv`,
        on: true,
        problem: null,
        setting: null,
        included: 2,
        omitted: [
          { uuid: cars.bare.uuid, stockNumber: 'A-BARE', title: '2021 Honda Accord EX', reasons: ['no_photo', 'no_exterior_color'] },
        ],
      },
      {
        channel: 'google',
        url: `${PUBLIC_URL}/feeds/google-vehicles.csv`,
        on: true,
        problem: null,
        setting: null,
        included: 1,
        omitted: [{ uuid: cars.bare.uuid, stockNumber: 'A-BARE', title: '2021 Honda Accord EX', reasons: ['no_photo'] }],
      },
    ]);
  });

  it('leaves out a car stored without a VIN, as older stock may be', async () => {
    await t.db.updateTable('cars').set({ vin: null }).where('uuid', '=', cars.pending.uuid).execute();
    try {
      expect((await feed('meta')).byId(cars.pending.uuid)).toBeUndefined();
      const { feeds } = (await staff({ method: 'GET', url: '/api/inventory/feeds' })).json<FeedsAnswer>();
      expect(feeds[0]!.omitted.find((car) => car.uuid === cars.pending.uuid)?.reasons).toEqual(['no_vin']);
    } finally {
      await t.db.updateTable('cars').set({ vin: cars.pending.vin }).where('uuid', '=', cars.pending.uuid).execute();
    }
  });

  it('shows what the feeds leave out to staff only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/inventory/feeds' })).statusCode).toBe(401);
    expect((await staff({ method: 'GET', url: '/api/inventory/feeds' }, CUSTOMER)).statusCode).toBe(403);
  });

  it('answers a feed it does not have with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/feeds/tiktok-vehicles.csv' });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error.message).toBe(
      'No such feed. The feeds are /feeds/meta-vehicles.csv and /feeds/google-vehicles.csv.',
    );
  });
});

describe.each(HTTP_ONLY_KINDS)('vehicle ads feeds without PUBLIC_URL or a store code on %s', (kind) => {
  const t = useTestApp(kind);

  beforeAll(async () => {
    await createAdmin(t.db, ADMIN.id);
  });

  it('links from the origin the feed was asked at', async () => {
    const res = await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/inventory/feeds', headers: { host: 'dealer.test:8080' } });
    expect(res.json<FeedsAnswer>().feeds[0]!.url).toBe('http://dealer.test:8080/feeds/meta-vehicles.csv');
  });

  it('refuses the Google feed with 503 naming DEALER_STORE_CODE, so Google keeps the last good one, and says so to staff', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/feeds/google-vehicles.csv' });
    expect(res.statusCode).toBe(503);
    expect(res.json<ErrorBody>().error.message).toContain('DEALER_STORE_CODE');
    const { feeds } = (await injectAs(t.app, ADMIN, { method: 'GET', url: '/api/inventory/feeds' })).json<FeedsAnswer>();
    expect(feeds[1]).toMatchObject({ channel: 'google', on: false, problem: 'no_store_code', setting: 'DEALER_STORE_CODE' });
    expect(feeds[0]).toMatchObject({ channel: 'meta', on: true, problem: null, setting: null });
    expect((await t.app.inject({ method: 'GET', url: '/feeds/meta-vehicles.csv' })).statusCode).toBe(200);
  });
});
