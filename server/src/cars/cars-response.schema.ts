import type { CarCard, CarHold, CarImage, CarItem, RecentlyViewedCars, SimilarCars } from '../../../domain/contracts/cars.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';

/**
 * JSON Schemas of the car answers, so Fastify serialises them with fast-json-stringify instead of
 * JSON.stringify. Only the listed properties are written, so a column added to a query never
 * reaches the wire by accident. The key lists are checked against the domain types.
 */

type Properties<T> = { [K in keyof T]-?: object };

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const integer = { type: 'integer' } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;

function strictObject(properties: Record<string, object>) {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties } as const;
}

const summary = {
  uuid: { type: 'string', format: 'uuid' },
  is_favorite: { type: 'boolean' },
  brand: text,
  model: text,
  year: integer,
  price: integer,
  mileage: integer,
  condition: text,
  certified: { type: 'boolean' },
  status: text,
  listingState: text,
  hold: {
    anyOf: [
      strictObject({ until: { type: 'string', format: 'date-time' }, yours: { type: 'boolean' } } satisfies Properties<CarHold>),
      { type: 'null' },
    ],
  },
  dateAdded: { type: 'string', format: 'date-time' },
  trim: nullableText,
} satisfies Properties<Omit<CarCard, 'photo' | 'image'>>;

const carImageSchema = strictObject({
  src: text,
  srcset: nullableText,
  webpSrcset: nullableText,
  width: integer,
  height: integer,
} satisfies Properties<CarImage>);

const carCardSchema = strictObject({
  ...summary,
  photo: nullableText,
  image: { anyOf: [carImageSchema, { type: 'null' }] },
} satisfies Properties<CarCard>);

export const carItemSchema = strictObject({
  ...summary,
  bodyStyle: nullableText,
  exteriorColor: nullableText,
  interiorColor: nullableText,
  vin: nullableText,
  transmission: nullableText,
  drivetrain: nullableText,
  fuelType: nullableText,
  engine: nullableText,
  mpgCity: nullableInteger,
  mpgHighway: nullableInteger,
  msrp: nullableInteger,
  features: { type: 'array', items: text },
  description: nullableText,
  photos: { type: 'array', items: text },
  images: { type: 'array', items: carImageSchema },
} satisfies Properties<CarItem>);

/** The paged-list answer (docs/product/api.md#api) of a list of cards. */
export const carCardPageSchema = strictObject({
  items: { type: 'array', items: carCardSchema },
  total: integer,
  page: integer,
  limit: integer,
  totalPages: integer,
} satisfies Properties<Paged<CarCard>>);

export const recentlyViewedSchema = strictObject({
  items: { type: 'array', items: carCardSchema },
} satisfies Properties<RecentlyViewedCars>);

export const similarCarsSchema = strictObject({
  items: { type: 'array', items: carCardSchema },
} satisfies Properties<SimilarCars>);
