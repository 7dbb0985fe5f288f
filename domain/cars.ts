import * as v from 'valibot';

/** Car catalogue contract (spec §2 Available Cars, §3 Car and Filter data, §7 car calls, §9 car list). */

export const CAR_SORTS = [
  'default',
  'price_asc',
  'price_desc',
  'date_added',
  'year_asc',
  'year_desc',
  'mileage_asc',
  'mileage_desc',
] as const;
export type CarSort = (typeof CAR_SORTS)[number];

export const CAR_CONDITIONS = ['new', 'used'] as const;
export type CarConditionValue = (typeof CAR_CONDITIONS)[number];

export const CAR_STATUSES = ['available', 'unavailable'] as const;
export type CarStatusValue = (typeof CAR_STATUSES)[number];

export const CAR_LIST_DEFAULT_LIMIT = 20;
export const CAR_LIST_MAX_LIMIT = 100;
const MAX_AMOUNT = 100_000_000;

/** Query strings arrive as text; empty values mean "no filter" (spec §5 Car and list filters). */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const wholeNumber = (min: number, max: number, message: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform(blankToUndefined),
      v.union([
        v.undefined(),
        v.pipe(
          v.union([v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, message)), v.number()], message),
          v.transform(Number),
          v.integer(message),
          v.minValue(min, message),
          v.maxValue(max, message),
        ),
      ], message),
    ),
  );

const text = (message: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform(blankToUndefined),
      v.union([v.undefined(), v.pipe(v.string(message), v.trim(), v.maxLength(100, message))], message),
    ),
  );

const choice = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  v.optional(
    v.pipe(v.unknown(), v.transform(blankToUndefined), v.union([v.undefined(), v.picklist(options, message)], message)),
  );

const flag = (message: string) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.transform(blankToUndefined),
      v.union([v.undefined(), v.boolean(), v.pipe(v.picklist(['true', 'false', '1', '0'], message), v.transform((s) => s === 'true' || s === '1'))], message),
    ),
  );

export const carListQuerySchema = v.pipe(
  v.object({
    page: wholeNumber(1, 1_000_000, 'page must be a whole number of at least 1'),
    limit: wholeNumber(1, CAR_LIST_MAX_LIMIT, `limit must be a whole number from 1 to ${CAR_LIST_MAX_LIMIT}`),
    brand: text('brand must be text of at most 100 characters'),
    model: text('model must be text of at most 100 characters'),
    yearMin: wholeNumber(1900, 2100, 'yearMin must be a year such as 2018'),
    yearMax: wholeNumber(1900, 2100, 'yearMax must be a year such as 2024'),
    priceMin: wholeNumber(0, MAX_AMOUNT, 'priceMin must be a whole number of dollars'),
    priceMax: wholeNumber(0, MAX_AMOUNT, 'priceMax must be a whole number of dollars'),
    mileageMin: wholeNumber(0, MAX_AMOUNT, 'mileageMin must be a whole number of miles'),
    mileageMax: wholeNumber(0, MAX_AMOUNT, 'mileageMax must be a whole number of miles'),
    condition: choice(CAR_CONDITIONS, 'condition must be new or used'),
    available: flag('available must be true or false'),
    sort: choice(CAR_SORTS, `sort must be one of ${CAR_SORTS.join(', ')}`),
  }),
  v.transform((q) => ({
    ...q,
    page: q.page ?? 1,
    limit: q.limit ?? CAR_LIST_DEFAULT_LIMIT,
    available: q.available ?? true,
    sort: q.sort ?? 'default',
  })),
);
export type CarListQuery = v.InferOutput<typeof carListQuerySchema>;
/** The filters a client may put in a URL or a request (everything but paging). */
export type CarFilters = Omit<v.InferInput<typeof carListQuerySchema>, 'page' | 'limit'>;

export const carUuidSchema = v.pipe(v.string(), v.uuid('uuid must be a car uuid such as 3f1c…-…'));

export interface CarItem {
  uuid: string;
  is_favorite: boolean;
  brand: string;
  model: string;
  year: number;
  price: number;
  mileage: number;
  condition: CarConditionValue;
  status: CarStatusValue;
  dateAdded: string;
  trim: string | null;
  bodyStyle: string | null;
  exteriorColor: string | null;
  interiorColor: string | null;
  vin: string | null;
  transmission: string | null;
  drivetrain: string | null;
  fuelType: string | null;
  engine: string | null;
  mpgCity: number | null;
  mpgHighway: number | null;
  features: string[];
  description: string | null;
  photos: string[];
}

export interface Range {
  min: number;
  max: number;
}

export interface CarFilterData {
  brands: string[];
  yearRange: Range;
  priceRange: Range;
  mileageRange: Range;
}

export interface BrandFilterData {
  models: string[];
  yearRange: Range;
  priceRange: Range;
  mileageRange: Range;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}
