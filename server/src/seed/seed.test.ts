import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REG_B_DAYS } from '../../../domain/constants.ts';
import { carSpecLabel } from '../../../domain/enums.ts';
import { TEST_NOW } from '../../test/app.ts';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from '../../test/database.ts';
import { CATALOG } from './catalog.ts';
import { generateCars } from './cars.seed.ts';
import { generateFaqs } from './faqs.seed.ts';
import { seedDatabase } from './seed.ts';
import { seedDemoStock } from './demo-stock.ts';
import { checkVin } from '../../../domain/vin.ts';

const DAY_MS = 86_400_000;

describe('demo inventory', () => {
  const cars = generateCars({ count: 180, now: TEST_NOW });
  const currentYear = TEST_NOW.getUTCFullYear();

  it('is the same every time for the same options', () => {
    expect(generateCars({ count: 180, now: TEST_NOW })).toEqual(cars);
  });

  it('has at least 150 cars across at least 12 brands', () => {
    expect(cars.length).toBeGreaterThanOrEqual(150);
    expect(new Set(cars.map((c) => c.brand)).size).toBeGreaterThanOrEqual(12);
  });

  it('uses only real model names of each brand', () => {
    for (const car of cars) {
      const brand = CATALOG.find((b) => b.name === car.brand);
      expect(brand?.models.map((m) => m.name)).toContain(car.model);
    }
  });

  it('gives every car a unique VIN with a valid check digit', () => {
    expect(cars.filter((c) => checkVin(c.vin!, c.year) !== null)).toEqual([]);
    expect(new Set(cars.map((c) => c.vin)).size).toBe(cars.length);
  });

  it('keeps new cars under 100 miles and at most one model year ahead', () => {
    for (const car of cars.filter((c) => c.condition === 'new')) {
      expect(car.mileage).toBeLessThan(100);
      expect(car.year).toBeGreaterThanOrEqual(currentYear);
      expect(car.year).toBeLessThanOrEqual(currentYear + 1);
    }
  });

  it('prices used cars below new ones of the same model, falling with age', () => {
    for (const brand of CATALOG) {
      for (const model of brand.models) {
        const same = cars.filter((c) => c.brand === brand.name && c.model === model.name && c.trim === model.trims[0]);
        const newest = same.filter((c) => c.condition === 'new');
        const used = same.filter((c) => c.condition === 'used');
        for (const n of newest) for (const u of used) expect(u.price).toBeLessThan(n.price);
        for (const older of used)
          for (const younger of used) {
            if (currentYear - older.year >= currentYear - younger.year + 3 && older.mileage >= younger.mileage) {
              expect(older.price).toBeLessThan(younger.price);
            }
          }
      }
    }
  });

  it('marks about one in ten cars sale pending or sold', () => {
    const share = cars.filter((c) => c.listing_state !== 'available').length / cars.length;
    expect(share).toBeGreaterThan(0.04);
    expect(share).toBeLessThan(0.18);
  });

  it('spreads listing dates over the 90 days before now', () => {
    const ages = cars.map((c) => (TEST_NOW.getTime() - new Date(c.date_added!).getTime()) / DAY_MS);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThan(90);
    expect(Math.max(...ages)).toBeGreaterThan(80);
  });

  it('writes transmission, drivetrain, fuel and body style from the vocabulary every language translates', () => {
    const outside = cars.flatMap((car) =>
      (
        [
          ['transmission', car.transmission],
          ['drivetrain', car.drivetrain],
          ['fuelType', car.fuel_type],
          ['bodyStyle', car.body_style],
        ] as const
      ).filter(([field, value]) => carSpecLabel(field, value ?? null) === null),
    );
    expect(outside).toEqual([]);
  });

  it('fills the details a car page shows and serves our own photos', () => {
    for (const car of cars) {
      for (const field of [
        'trim',
        'body_style',
        'exterior_color',
        'interior_color',
        'transmission',
        'drivetrain',
        'fuel_type',
        'engine',
        'description',
      ] as const) {
        expect(car[field]).toBeTruthy();
      }
      expect(car.mpg_city).toBeGreaterThan(0);
      expect(car.features!.length).toBeGreaterThanOrEqual(5);
      expect(car.photos).toHaveLength(3);
      for (const url of car.photos!) expect(url).toMatch(/^\/media\/cars\/[a-z]+\/[a-z]+\.svg\?color=[0-9a-f]{6}$/);
    }
  });
});

describe('demo FAQs', () => {
  const faqs = generateFaqs(TEST_NOW);

  it.each([
    ['en', 'website'],
    ['uk', 'сайті'],
    ['es', 'sitio web'],
    ['ru', 'сайте'],
  ])('%s: the decision answer promises what the status page shows, and tells a web applicant where to look', (lang, website) => {
    const decision = faqs.filter((faq) => faq.lang === lang).find((faq) => faq.answer.includes(`${REG_B_DAYS}`));
    expect(decision?.answer).toContain(website);
    expect(faqs.filter((faq) => faq.lang === lang && /business day|día hábil|робочого дня|рабочего дня/.test(faq.answer))).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('seeding on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('fills an empty database with cars and FAQs in all four languages', async () => {
    expect(await seedDatabase(database.db, { now: TEST_NOW })).toEqual({ cars: 180, faqs: 24, skipped: false });
    const langs = await database.db.selectFrom('faqs').select('lang').distinct().orderBy('lang').execute();
    expect(langs.map((l) => l.lang)).toEqual(['en', 'es', 'ru', 'uk']);
  });

  it('leaves a database that already has cars alone', async () => {
    expect(await seedDatabase(database.db, { now: TEST_NOW })).toEqual({ cars: 0, faqs: 0, skipped: true });
  });

  it('stores the same inventory on every run', async () => {
    const snapshot = () =>
      database.db.selectFrom('cars').select(['uuid', 'vin', 'price', 'mileage', 'date_added']).orderBy('uuid').execute();
    const before = await snapshot();
    await seedDatabase(database.db, { now: TEST_NOW, force: true });
    expect(await snapshot()).toEqual(before);
  });

  it('replaces the inventory with a larger one on request', async () => {
    expect((await seedDatabase(database.db, { now: TEST_NOW, force: true, cars: 2500 })).cars).toBe(2500);
    const { n } = await database.db
      .selectFrom('cars')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(2500);
  });
});

describe.each(DATABASE_KINDS)('the demo stock file on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it('fills an empty database through the stock-file importer, every row accepted', async () => {
    const result = await seedDemoStock(database.db, TEST_NOW);
    expect(result).toEqual({ cars: 180, faqs: 24, skipped: false });
    const audit = await database.db.selectFrom('audit_events').select('action').execute();
    expect(audit.filter((event) => event.action === 'car.created')).toHaveLength(180);
    expect(audit.filter((event) => event.action === 'inventory.imported')).toHaveLength(1);
  });

  it('gives the demo catalogue at least 12 brands, some cars pending or sold, and our drawings as photos', async () => {
    const cars = await database.db.selectFrom('cars').select(['brand', 'listing_state', 'photos', 'date_added']).execute();
    expect(new Set(cars.map((car) => car.brand)).size).toBeGreaterThanOrEqual(12);
    expect(cars.filter((car) => car.listing_state !== 'available').length).toBeGreaterThan(5);
    for (const car of cars) {
      expect(car.photos).toHaveLength(3);
      for (const url of car.photos) expect(url).toMatch(/^\/media\/cars\/[a-z]+\/[a-z]+\.svg\?color=[0-9a-f]{6}$/);
    }
    const ages = cars.map((car) => (TEST_NOW.getTime() - car.date_added.getTime()) / DAY_MS);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeGreaterThan(60);
  });

  it('leaves a database that already has cars alone', async () => {
    expect(await seedDemoStock(database.db, TEST_NOW)).toEqual({ cars: 0, faqs: 0, skipped: true });
  });
});
