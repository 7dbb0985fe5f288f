import { describe, expect, it } from 'vitest';
import type { CarListingState } from '../../../domain/enums.ts';
import { useTestApp } from '../../test/app.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { fakeWebBuild } from '../../test/web-build.ts';
import { parseXml, select, textAt } from '../../test/xml-tree.ts';
import type { Db } from '../db/database.ts';
import { sitemapFile } from './sitemap.routes.ts';

const UPDATED_AT = new Date('2026-10-15T09:30:00.000Z');

async function addCars(db: Db, count: number, listingState: CarListingState): Promise<string[]> {
  const rows = await db
    .insertInto('cars')
    .values(
      Array.from({ length: count }, (_, i) => ({
        brand: 'Honda',
        model: 'Civic',
        year: 2020,
        price: 20_000 + i,
        mileage: 1_000,
        condition: 'used' as const,
        listing_state: listingState,
        updated_at: UPDATED_AT,
      })),
    )
    .returning('uuid')
    .execute();
  return rows.map((row) => row.uuid);
}

/** The sitemap as a search engine reads it: each page's address and its last change. */
function entriesOf(xml: string) {
  const { prolog, root } = parseXml(xml);
  expect(prolog).toEqual(['xml version="1.0" encoding="UTF-8"']);
  expect(root.name).toBe('urlset');
  expect(root.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return select(root, 'url').map((url) => ({
    loc: textAt(url, 'loc'),
    lastmod: select(url, 'lastmod')[0]?.text,
  }));
}

describe.each(DATABASE_KINDS)('the sitemap and robots.txt on %s', (kind) => {
  const t = useTestApp(kind, { webDist: fakeWebBuild(), env: { PUBLIC_URL: 'https://cars.example' } });

  it('lists the home page, the car list and every car for sale with its last change, and no other car', async () => {
    const forSale = await addCars(t.db, 3, 'available');
    const hidden = [
      ...(await addCars(t.db, 1, 'draft')),
      ...(await addCars(t.db, 1, 'pending')),
      ...(await addCars(t.db, 1, 'sold')),
      ...(await addCars(t.db, 1, 'archived')),
    ];
    const res = await t.app.inject('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const entries = entriesOf(res.body);
    expect(entries.slice(0, 2)).toEqual([
      { loc: 'https://cars.example/', lastmod: undefined },
      { loc: 'https://cars.example/cars', lastmod: undefined },
    ]);
    const cars = entries.slice(2);
    expect(cars).toEqual(
      [...forSale].sort().map((uuid) => ({ loc: `https://cars.example/cars/${uuid}`, lastmod: '2026-10-15T09:30:00.000Z' })),
    );
    for (const uuid of hidden) expect(res.body).not.toContain(uuid);
    await t.db.deleteFrom('cars').execute();
  });

  it('lists every one of more cars than it reads at once, each once', async () => {
    const forSale = await addCars(t.db, 2_345, 'available');
    const entries = entriesOf((await t.app.inject('/sitemap.xml')).body);
    const cars = entries.slice(2).map((entry) => entry.loc);
    expect(cars).toEqual([...forSale].sort().map((uuid) => `https://cars.example/cars/${uuid}`));
    await t.db.deleteFrom('cars').execute();
  });

  it('lists a stock too big for one file in sixteen parts of an index, which together name every car once', async () => {
    const forSale = await addCars(t.db, 60, 'available');
    const read = async (part?: string) => {
      let text = '';
      for await (const chunk of await sitemapFile(t.db, 'https://cars.example', part, 20)) text += chunk;
      return text;
    };
    const { root } = parseXml(await read());
    expect(root.name).toBe('sitemapindex');
    const parts = select(root, 'sitemap').map((entry) => textAt(entry, 'loc'));
    expect(parts).toEqual([...'0123456789abcdef'].map((digit) => `https://cars.example/sitemap.xml?part=${digit}`));

    const listed: string[] = [];
    for (const digit of '0123456789abcdef') {
      const locs = entriesOf(await read(digit)).map((entry) => entry.loc);
      const pages = locs.filter((loc) => !loc.includes('/cars/'));
      expect(pages).toEqual(digit === '0' ? ['https://cars.example/', 'https://cars.example/cars'] : []);
      const cars = locs.filter((loc) => loc.includes('/cars/'));
      for (const loc of cars) expect(loc.startsWith(`https://cars.example/cars/${digit}`)).toBe(true);
      listed.push(...cars);
    }
    expect(listed.sort()).toEqual([...forSale].sort().map((uuid) => `https://cars.example/cars/${uuid}`));
    await t.db.deleteFrom('cars').execute();
  });

  it('answers one part by its digit, and 400 to a part that is not one', async () => {
    const forSale = await addCars(t.db, 40, 'available');
    const digit = forSale[0]!.charAt(0);
    const part = entriesOf((await t.app.inject(`/sitemap.xml?part=${digit}`)).body).map((entry) => entry.loc);
    expect(part.filter((loc) => loc.includes('/cars/'))).toEqual(
      forSale
        .filter((uuid) => uuid.startsWith(digit))
        .sort()
        .map((uuid) => `https://cars.example/cars/${uuid}`),
    );
    expect((await t.app.inject('/sitemap.xml?part=g')).statusCode).toBe(400);
    await t.db.deleteFrom('cars').execute();
  });

  it('is a valid sitemap with no car for sale', async () => {
    expect(entriesOf((await t.app.inject('/sitemap.xml')).body).map((entry) => entry.loc)).toEqual([
      'https://cars.example/',
      'https://cars.example/cars',
    ]);
  });

  it('lets crawlers in everywhere but the staff pages and the API, and names the sitemap', async () => {
    const res = await t.app.inject('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=600');
    const lines = res.body.split('\n');
    expect(lines).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /dashboard', 'Disallow: /api/']));
    expect(lines).toContain('Sitemap: https://cars.example/sitemap.xml');
  });
});

describe('the sitemap without PUBLIC_URL', () => {
  const t = useTestApp('pglite');

  it('names the host it was asked from', async () => {
    await addCars(t.db, 1, 'available');
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'cars.test:3000' } });
    expect(entriesOf(res.body)[0]!.loc).toBe('http://cars.test:3000/');
    const robots = await t.app.inject({ url: '/robots.txt', headers: { host: 'cars.test:3000' } });
    expect(robots.body).toContain('Sitemap: http://cars.test:3000/sitemap.xml');
  });

  it.each(['/sitemap.xml', '/robots.txt'])(
    'refuses %s with 400 when the Host header names no host, rather than link to nowhere',
    async (url) => {
      const res = await t.app.inject({ url, headers: { host: 'not a host' } });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string } }>().error.code).toBe('bad_request');
    },
  );

  it('is served without a web build', async () => {
    expect((await t.app.inject('/sitemap.xml')).statusCode).toBe(200);
    expect((await t.app.inject('/robots.txt')).statusCode).toBe(200);
  });
});
