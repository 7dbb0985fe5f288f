import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { fakeWebBuild } from '../../test/web-build.ts';

/** The built page's head as the web build writes it. */
function webBuildWithHead(): string {
  const dir = fakeWebBuild();
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="generic" /><title>Car loans and leases</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

type Json = Record<string, unknown>;

/** Every JSON-LD block of a page, as a search engine reads it: the script element's text, parsed as JSON. */
const jsonLdOf = (html: string): Json[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Json);

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

describe('search engines read each public page from the server', () => {
  const t = useTestApp('pglite', {
    seed: true,
    webDist: webBuildWithHead(),
    env: {
      COMPANY_NAME: 'Test Motors',
      COMPANY_ADDRESS: '1 Main Street, Austin, TX 78701',
      DEALER_ADDRESS_STREET: '1 Main Street',
      DEALER_ADDRESS_CITY: 'Austin',
      DEALER_ADDRESS_REGION: 'TX',
      DEALER_ADDRESS_POSTAL_CODE: '78701',
      COMPANY_PHONE: '+1 (512) 555-0100',
      COMPANY_EMAIL: 'sales@testmotors.example',
      PUBLIC_URL: 'https://cars.example',
    },
  });

  /** A car for sale whose every spec the JSON-LD names is set to a known value. */
  async function carWithSpecs(changes: Record<string, string | boolean | null> = {}) {
    const car = await t.db
      .selectFrom('cars')
      .select(['uuid', 'year', 'brand', 'model', 'price', 'mileage'])
      .where('listing_state', '=', 'available')
      .orderBy('uuid')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('cars')
      .set({
        trim: 'EX',
        vin: '1HGCM82633A004352',
        body_style: 'suv',
        exterior_color: 'Lunar Silver Metallic',
        fuel_type: 'hybrid',
        transmission: 'cvt',
        drivetrain: 'awd',
        condition: 'used',
        certified: false,
        description: 'One owner.',
        photos: ['/media/cars/suv/studio.svg?color=aabbcc', '/media/cars/suv/street.svg?color=aabbcc'],
        ...changes,
      })
      .where('uuid', '=', car.uuid)
      .execute();
    return car;
  }

  it('describes a car page as a schema.org Car with its offer', async () => {
    const car = await carWithSpecs();
    const res = await t.app.inject(`/cars/${car.uuid}`);
    expect(res.statusCode).toBe(200);
    const [data, ...more] = jsonLdOf(res.body);
    expect(more).toEqual([]);
    const url = `https://cars.example/cars/${car.uuid}`;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Car',
      name: `${car.year} ${car.brand} ${car.model} EX`,
      url,
      description: 'One owner.',
      vehicleIdentificationNumber: '1HGCM82633A004352',
      brand: { '@type': 'Brand', name: car.brand },
      model: car.model,
      vehicleModelDate: String(car.year),
      mileageFromOdometer: { '@type': 'QuantitativeValue', value: car.mileage, unitCode: 'SMI' },
      bodyType: 'SUV',
      color: 'Lunar Silver Metallic',
      fuelType: 'Hybrid',
      vehicleTransmission: 'Continuously variable (CVT)',
      driveWheelConfiguration: 'https://schema.org/AllWheelDriveConfiguration',
      itemCondition: 'https://schema.org/UsedCondition',
      image: ['https://cars.example/media/cars/suv/studio.svg?color=aabbcc', 'https://cars.example/media/cars/suv/street.svg?color=aabbcc'],
    });
    expect(data!.offers).toMatchObject({
      '@type': 'Offer',
      price: car.price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
      seller: { '@type': 'AutoDealer', '@id': 'https://cars.example/#dealer', name: 'Test Motors', url: 'https://cars.example/' },
    });
  });

  it('calls a new car new', async () => {
    const car = await carWithSpecs({ condition: 'new' });
    const [data] = jsonLdOf((await t.app.inject(`/cars/${car.uuid}`)).body);
    expect(data!.itemCondition).toBe('https://schema.org/NewCondition');
  });

  it('calls a certified pre-owned car used, and certified in a property of its own', async () => {
    const car = await carWithSpecs({ certified: true });
    const [data] = jsonLdOf((await t.app.inject(`/cars/${car.uuid}`)).body);
    expect(data!.itemCondition).toBe('https://schema.org/UsedCondition');
    expect(data!.additionalProperty).toEqual({ '@type': 'PropertyValue', name: 'Certified pre-owned', value: true });
  });

  it('says nothing of certification for a used car that is not certified', async () => {
    const car = await carWithSpecs();
    const [data] = jsonLdOf((await t.app.inject(`/cars/${car.uuid}`)).body);
    expect(data!.additionalProperty).toBeUndefined();
  });

  it("writes a dealer's own spec words as they are, and leaves out what the car does not say", async () => {
    const car = await carWithSpecs({ drivetrain: 'Part-time 4x4', vin: null, description: null });
    const [data] = jsonLdOf((await t.app.inject(`/cars/${car.uuid}`)).body);
    expect(data!.driveWheelConfiguration).toBe('Part-time 4x4');
    expect(data).not.toHaveProperty('vehicleIdentificationNumber');
    expect(data).not.toHaveProperty('description');
  });

  it.each([
    ['sold', 'https://schema.org/SoldOut'],
    ['pending', 'https://schema.org/Reserved'],
  ] as const)("says a %s car's offer is %s", async (state, availability) => {
    const car = await carWithSpecs();
    await t.db.updateTable('cars').set({ listing_state: state }).where('uuid', '=', car.uuid).execute();
    const res = await t.app.inject(`/cars/${car.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(jsonLdOf(res.body)[0]!.offers).toMatchObject({ availability });
    await t.db.updateTable('cars').set({ listing_state: 'available' }).where('uuid', '=', car.uuid).execute();
  });

  it('keeps a description that closes the script element inside the JSON-LD', async () => {
    const description = "Great car</script><script>alert(1)</script><!-- $& $' done";
    const car = await carWithSpecs({ description });
    const res = await t.app.inject(`/cars/${car.uuid}`);
    expect(res.body).not.toContain('<script>alert(1)');
    const blocks = jsonLdOf(res.body);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.description).toBe(description);
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('describes the dealer on the home page as an AutoDealer', async () => {
    const [data, ...more] = jsonLdOf((await t.app.inject('/')).body);
    expect(more).toEqual([]);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'AutoDealer',
      '@id': 'https://cars.example/#dealer',
      name: 'Test Motors',
      url: 'https://cars.example/',
      telephone: '+1 (512) 555-0100',
      email: 'sales@testmotors.example',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Main Street',
        addressLocality: 'Austin',
        addressRegion: 'TX',
        postalCode: '78701',
        addressCountry: 'US',
      },
    });
  });

  it.each(['/', '/cars', '/favorites', '/privacy', '/terms', '/application', '/application/income'])(
    'names %s as its own canonical address on PUBLIC_URL',
    async (path) => {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(200);
      expect(canonicalOf(res.body)).toBe(`https://cars.example${path === '/' ? '/' : path}`);
    },
  );

  it.each(['/cars?brand=Ford&sort=price_asc', '/cars/', '/cars?page=2'])(
    'names /cars as the canonical address of %s: filters and sort show the same list',
    async (path) => {
      expect(canonicalOf((await t.app.inject(path)).body)).toBe('https://cars.example/cars');
    },
  );

  it("names a car page's canonical address with its uuid in lower case", async () => {
    const car = await carWithSpecs();
    const res = await t.app.inject(`/cars/${car.uuid.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(canonicalOf(res.body)).toBe(`https://cars.example/cars/${car.uuid}`);
    expect(jsonLdOf(res.body)[0]!.url).toBe(`https://cars.example/cars/${car.uuid}`);
  });

  it('still answers an unknown car with 404, with no canonical address and no JSON-LD', async () => {
    const res = await t.app.inject('/cars/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(canonicalOf(res.body)).toBeUndefined();
    expect(jsonLdOf(res.body)).toEqual([]);
  });

  it('names no canonical address for a path that is no page, such as //evil.example/x', async () => {
    const res = await t.app.inject('//evil.example/x');
    expect(res.statusCode).toBe(404);
    expect(canonicalOf(res.body)).toBeUndefined();
  });
});

describe('canonical addresses without PUBLIC_URL', () => {
  const t = useTestApp('pglite', { webDist: webBuildWithHead() });

  it('name the host the page was asked from', async () => {
    const res = await t.app.inject({ url: '/cars?brand=Ford', headers: { host: 'cars.test:3000' } });
    expect(canonicalOf(res.body)).toBe('http://cars.test:3000/cars');
  });
});
