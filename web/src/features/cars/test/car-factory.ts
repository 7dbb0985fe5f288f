import type { CarCard, CarImage, CarItem } from '../../../../../domain/contracts/cars.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';

let sequence = 0;

/** A generated drawing as the server describes it. */
const drawing = (src: string): CarImage => ({ src, srcset: null, webpSrcset: null, width: 800, height: 450 });

/** A car with believable defaults; each test overrides only what it is about. */
export function createCar(overrides: Partial<CarItem> = {}): CarItem {
  sequence += 1;
  const n = String(sequence).padStart(12, '0');
  const car: Omit<CarItem, 'images'> = {
    uuid: `00000000-0000-4000-8000-${n}`,
    is_favorite: false,
    brand: 'Toyota',
    model: 'Camry',
    year: 2021,
    price: 24_500,
    mileage: 31_200,
    condition: 'used',
    certified: false,
    status: 'available',
    listingState: 'available',
    hold: null,
    dateAdded: '2026-01-15T10:00:00.000Z',
    trim: 'SE',
    bodyStyle: 'Sedan',
    exteriorColor: 'Celestial Silver',
    interiorColor: 'Black',
    vin: '4T1G11AK5MU000001',
    transmission: 'eCVT',
    drivetrain: 'FWD',
    fuelType: 'Hybrid',
    engine: '2.5L I4 Hybrid',
    mpgCity: 51,
    mpgHighway: 49,
    msrp: null,
    features: ['Adaptive cruise control', 'Apple CarPlay'],
    description: 'One owner, clean history.',
    photos: ['/media/cars/sedan/studio.svg?color=8a8f99', '/media/cars/sedan/street.svg?color=8a8f99'],
    ...overrides,
  };
  return { ...car, images: overrides.images ?? car.photos.map(drawing) };
}

/** The card that the car list answers for this car. */
export function cardOf(car: CarItem): CarCard {
  const {
    uuid,
    is_favorite,
    brand,
    model,
    year,
    price,
    mileage,
    condition,
    certified,
    status,
    listingState,
    hold,
    dateAdded,
    trim,
    photos,
    images,
  } = car;
  return {
    uuid,
    is_favorite,
    brand,
    model,
    year,
    price,
    mileage,
    condition,
    certified,
    status,
    listingState,
    hold,
    dateAdded,
    trim,
    photo: photos[0] ?? null,
    image: images[0] ?? null,
  };
}

/** A list card with the same believable defaults as createCar. */
export function createCarCard(overrides: Partial<CarCard> = {}): CarCard {
  return { ...cardOf(createCar()), ...overrides };
}

export function createPage(items: CarCard[], page = 1, total = items.length, limit = 20): Paged<CarCard> {
  return { items, page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
