import { writeFileSync } from 'node:fs';
import { writeStockFile } from '../server/src/inventory/stock-file.ts';
import { generateCars } from '../server/src/seed/cars.seed.ts';
import { DEMO_STOCK_FILE } from '../server/src/seed/demo-stock.ts';
import { DEFAULT_CAR_COUNT } from '../server/src/seed/seed.ts';

/**
 * npx tsx scripts/make-demo-stock.ts: writes server/src/seed/demo-stock.csv, the demo inventory as a
 * stock file, from the generated seed of today. Run once and committed; run again only to change
 * the demo (its model years are today's).
 */
const cars = generateCars({ count: DEFAULT_CAR_COUNT, now: new Date() }).sort(
  (a, b) => new Date(a.date_added!).getTime() - new Date(b.date_added!).getTime(),
);
const csv = writeStockFile(
  cars.map((car, index) => ({
    vin: car.vin!,
    stockNumber: `S${String(index + 1).padStart(5, '0')}`,
    year: car.year,
    brand: car.brand,
    model: car.model,
    trim: car.trim ?? null,
    bodyStyle: car.body_style as 'sedan',
    condition: car.condition,
    certified: car.certified ?? false,
    price: car.price,
    msrp: car.msrp ?? null,
    mileage: car.mileage,
    exteriorColor: car.exterior_color ?? null,
    interiorColor: car.interior_color ?? null,
    transmission: car.transmission ?? null,
    drivetrain: car.drivetrain ?? null,
    fuelType: car.fuel_type ?? null,
    engine: car.engine ?? null,
    mpgCity: car.mpg_city ?? null,
    mpgHighway: car.mpg_highway ?? null,
    features: car.features ?? [],
    description: car.description ?? null,
    listingState: car.listing_state ?? 'available',
    // The demo's photos are the generated drawings, set by the seed; a stock file names fetchable photos only.
    photos: [],
  })),
);
writeFileSync(DEMO_STOCK_FILE, csv);
process.stdout.write(`Wrote ${cars.length} cars to ${DEMO_STOCK_FILE}.\n`);
