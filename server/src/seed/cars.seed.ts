import type { NewCar } from '../db/schema.ts';
import { CATALOG, COLORS, FEATURES, INTERIORS } from './catalog.ts';
import { createRandom } from './random.ts';
import type { ListingState } from '../../../domain/inventory.schema.ts';
import { VIN_ALPHABET, buildVin } from '../../../domain/vin.ts';

const DAY_MS = 86_400_000;
const SCENES = ['studio', 'street', 'dusk'] as const;
const VIN_LETTERS = VIN_ALPHABET.replace(/[0-9]/g, '').split('');

export interface CarSeedOptions {
  count: number;
  /** Listing dates are spread over the 90 days before this moment. */
  now: Date;
  seed?: number;
}

/** The generated drawings of a car of this body style and colour: the demo's photos (cars/media.routes.ts draws them). */
export const drawingsOf = (bodyStyle: string, colorHex: string) =>
  SCENES.map((scene) => `/media/cars/${bodyStyle}/${scene}.svg?color=${colorHex}`);

const roundPrice = (dollars: number) => Math.max(3_995, Math.round(dollars / 100) * 100 - 5);
const listingState = (draw: number): ListingState => (draw < 0.05 ? 'pending' : draw < 0.1 ? 'sold' : 'available');

/** A deterministic demo inventory: the same options always give the same cars. */
export function generateCars({ count, now, seed = 20261121 }: CarSeedOptions): NewCar[] {
  const random = createRandom(seed);
  const currentYear = now.getUTCFullYear();
  const cars: NewCar[] = [];
  for (let i = 0; i < count; i++) {
    const brand = CATALOG[i % CATALOG.length]!;
    const model = random.pick(brand.models);
    const trimIndex = random.int(0, model.trims.length - 1);
    const trim = model.trims[trimIndex]!;
    const isNew = random.next() < 0.3;
    const year = isNew ? currentYear + (now.getUTCMonth() >= 7 && random.next() < 0.4 ? 1 : 0) : currentYear - random.int(1, 10);
    const age = Math.max(0, currentYear - year);
    const mileage = isNew ? random.int(3, 99) : Math.max(1_000, Math.round(age * random.int(8_000, 15_000) + random.int(-2_000, 2_000)));
    const sticker = model.msrp * (1 + 0.09 * trimIndex);
    // Used prices fall with age and with miles beyond a typical 12,000 a year.
    const depreciation = isNew ? 1 : 0.82 * Math.pow(0.87, age - 1) * Math.max(0.6, 1 - (mileage - age * 12_000) / 400_000);
    const color = random.pick(COLORS);
    const descriptor = Array.from({ length: 5 }, () => random.pick(VIN_LETTERS)).join('');
    const features = random.sample(FEATURES, random.int(5, 10));
    const [mpgCity, mpgHighway] = model.mpg;
    const drivetrain = random.pick(model.drivetrains);
    cars.push({
      uuid: random.uuid(),
      brand: brand.name,
      model: model.name,
      year,
      price: roundPrice(sticker * depreciation),
      mileage,
      condition: isNew ? 'new' : 'used',
      msrp: isNew ? roundPrice(sticker) : null,
      // About one car in ten is no longer for sale: half sale pending, half sold (docs/product/catalogue.md#catalogue).
      listing_state: listingState(random.next()),
      date_added: new Date(now.getTime() - Math.floor(random.next() * 90 * DAY_MS)),
      trim,
      body_style: model.body,
      exterior_color: color.name,
      interior_color: random.pick(INTERIORS),
      vin: buildVin(brand.wmi, descriptor, year, random.pick(['A', 'C', 'K', 'U', '5']), i + 1),
      transmission: model.transmission,
      drivetrain,
      fuel_type: model.fuel,
      engine: model.engine,
      mpg_city: mpgCity,
      mpg_highway: mpgHighway,
      features,
      description: [
        `${isNew ? 'Brand-new' : 'Pre-owned'} ${year} ${brand.name} ${model.name} ${trim} in ${color.name}.`,
        isNew
          ? 'Full factory warranty and delivery miles only.'
          : `${mileage.toLocaleString('en-US')} miles, clean title, inspected by our service team.`,
        `${model.engine}, ${drivetrain}, ${model.fuel.toLowerCase()}; highlights include ${features.slice(0, 3).join(', ').toLowerCase()}.`,
      ].join(' '),
      photos: drawingsOf(model.body, color.hex),
    });
  }
  return cars;
}
