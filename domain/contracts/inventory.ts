import * as v from 'valibot';
import { CAR_BODY_STYLES, CAR_CONDITIONS, CAR_LISTING_STATES, type CarConditionValue, type CarListingState } from '../enums.ts';
import type { CarWrite } from '../inventory.schema.ts';
import { pagedSchema, type Paged } from './paged.ts';

/** The staff inventory's answers (docs/product/catalogue.md#catalogue); the rules a car is written under are in inventory.schema.ts. */

/** One photo of a car, as stored (the cover is the first). */
export interface InventoryPhoto {
  id: string;
  url: string;
  width: number;
  height: number;
}

export type PhotoFetchOutcome = 'pending' | 'fetched' | 'failed';
/**
 * Why a photo address was not fetched: not http(s), a private address refused, too many redirects,
 * too large, not a JPEG, PNG or WebP, an HTTP status, too slow, unreachable, an image that could not
 * be read, or a car that already has its 40 photos.
 */
export type PhotoFetchFailure =
  'scheme' | 'address' | 'redirects' | 'too_large' | 'type' | 'status' | 'timeout' | 'network' | 'unreadable' | 'no_room';

/**
 * A photo address of a stock file and what became of it. A pending one may carry the reason of
 * its last try (a host that is down is tried again later).
 */
export interface PhotoFetch {
  url: string;
  outcome: PhotoFetchOutcome;
  reason: PhotoFetchFailure | null;
  /** The photo host's answer when `reason` is `status`. */
  httpStatus: number | null;
}

/** How often visitors opened a car, kept it in favourites and applied for it. */
export interface InventoryCounts {
  views: number;
  favorites: number;
  applications: number;
}

/**
 * GET, POST and PATCH /api/inventory/{uuid}: every write field as stored, plus what the server keeps.
 * `version` goes back with the next edit (If-Match or `version`), so a stale edit is refused.
 */
export interface InventoryCar extends Omit<CarWrite, 'listingState'> {
  uuid: string;
  version: number;
  listingState: CarListingState;
  /** ISO 8601; days in stock count from it. */
  dateAdded: string;
  daysInStock: number;
  updatedAt: string;
  photos: InventoryPhoto[];
  /** The photo addresses of the stock file that created the car, in its order, and what became of each. */
  photoFetches: PhotoFetch[];
  counts: InventoryCounts;
}

/** One row of GET /api/inventory (a Paged<InventoryListItem>). */
export interface InventoryListItem {
  uuid: string;
  stockNumber: string;
  vin: string;
  year: number;
  brand: string;
  model: string;
  trim: string | null;
  price: number;
  mileage: number;
  daysInStock: number;
  listingState: CarListingState;
  condition: CarConditionValue;
  cover: InventoryPhoto | null;
  views: number;
  favorites: number;
  applications: number;
  version: number;
}

/** The other car a duplicate VIN or stock number belongs to (409 duplicate_vin, duplicate_stock_number). */
export interface ConflictingCar {
  uuid: string;
  stockNumber: string;
  vin: string;
  /** "2019 Honda Accord EX", as the staff list titles it. */
  title: string;
}

/** DELETE /api/inventory/{uuid} of a car something refers to: 200 with the car, now archived. */
export interface ArchivedCarAnswer {
  archived: true;
  message: string;
  car: InventoryCar;
}

/* The answers above as the API document describes them (server/src/http/openapi.ts). */
const integer = v.pipe(v.number(), v.integer());
const listingStateSchema = v.picklist(CAR_LISTING_STATES);

const inventoryPhotoSchema = v.object({
  id: v.string(),
  url: v.string(),
  width: integer,
  height: integer,
}) satisfies v.GenericSchema<unknown, InventoryPhoto>;

export const photoFetchSchema = v.object({
  url: v.string(),
  outcome: v.picklist(['pending', 'fetched', 'failed']),
  reason: v.nullable(
    v.picklist(['scheme', 'address', 'redirects', 'too_large', 'type', 'status', 'timeout', 'network', 'unreadable', 'no_room']),
  ),
  httpStatus: v.nullable(integer),
}) satisfies v.GenericSchema<unknown, PhotoFetch>;

export const inventoryCarSchema = v.object({
  uuid: v.string(),
  version: integer,
  vin: v.string(),
  stockNumber: v.string(),
  year: integer,
  brand: v.string(),
  model: v.string(),
  trim: v.nullable(v.string()),
  bodyStyle: v.nullable(v.picklist(CAR_BODY_STYLES)),
  condition: v.picklist(CAR_CONDITIONS),
  certified: v.boolean(),
  price: integer,
  msrp: v.nullable(integer),
  mileage: integer,
  exteriorColor: v.nullable(v.string()),
  interiorColor: v.nullable(v.string()),
  transmission: v.nullable(v.string()),
  drivetrain: v.nullable(v.string()),
  fuelType: v.nullable(v.string()),
  engine: v.nullable(v.string()),
  mpgCity: v.nullable(integer),
  mpgHighway: v.nullable(integer),
  features: v.array(v.string()),
  description: v.nullable(v.string()),
  listingState: listingStateSchema,
  dateAdded: v.string(),
  daysInStock: integer,
  updatedAt: v.string(),
  photos: v.array(inventoryPhotoSchema),
  photoFetches: v.array(photoFetchSchema),
  counts: v.object({ views: integer, favorites: integer, applications: integer }),
}) satisfies v.GenericSchema<unknown, InventoryCar>;

export const inventoryPageSchema = pagedSchema(
  v.object({
    uuid: v.string(),
    stockNumber: v.string(),
    vin: v.string(),
    year: integer,
    brand: v.string(),
    model: v.string(),
    trim: v.nullable(v.string()),
    price: integer,
    mileage: integer,
    daysInStock: integer,
    listingState: listingStateSchema,
    condition: v.picklist(CAR_CONDITIONS),
    cover: v.nullable(inventoryPhotoSchema),
    views: integer,
    favorites: integer,
    applications: integer,
    version: integer,
  }) satisfies v.GenericSchema<unknown, InventoryListItem>,
) satisfies v.GenericSchema<unknown, Paged<InventoryListItem>>;

export const archivedCarAnswerSchema = v.object({
  archived: v.literal(true),
  message: v.string(),
  car: inventoryCarSchema,
}) satisfies v.GenericSchema<unknown, ArchivedCarAnswer>;
