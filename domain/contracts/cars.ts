import * as v from 'valibot';
import {
  CAR_CONDITION_FILTERS,
  type CarConditionFilter,
  type CarConditionValue,
  type CarStatusValue,
  type PublicListingState,
} from '../enums.ts';

/** The car answers (docs/product/catalogue.md#catalogue, #car-page, docs/product/api.md#api). */

/**
 * A picture of a car with what `srcset`/`sizes` need (docs/product/catalogue.md#catalogue): an uploaded photo
 * has WebP and JPEG widths (`/media/photos/{hash}.webp|jpg`); a generated drawing is one SVG that
 * scales (its srcsets are null). `width`/`height` are the picture's own, so a page reserves its
 * box before it loads.
 */
export interface CarImage {
  /** The JPEG a browser without srcset shows, or the drawing. */
  src: string;
  /** JPEG widths, "url 320w, url 640w, …"; null for a drawing. */
  srcset: string | null;
  /** The same widths in WebP, for a <source type="image/webp">; null for a drawing. */
  webpSrcset: string | null;
  width: number;
  height: number;
}

/**
 * A car as a catalogue card shows it: the original design's car fields plus the trim for the title
 * and the first photo. Lists answer cards; one car's page answers the whole CarItem.
 */
export interface CarCard {
  uuid: string;
  is_favorite: boolean;
  brand: string;
  model: string;
  year: number;
  price: number;
  mileage: number;
  condition: CarConditionValue;
  /** A used car the dealer certified: "Certified pre-owned" on its card and page, `CPO` in the ads feeds. */
  certified: boolean;
  status: CarStatusValue;
  /** Where the sale stands: pending and sold cars are `status: 'unavailable'` and show a badge, with no Apply. */
  listingState: PublicListingState;
  /**
   * A shopper holds the car until their visit ends (docs/product/visits.md#holds): to anyone else it
   * shows "On hold", with no Apply and no booking; `yours` is true for the shopper who holds it.
   * Null when nobody does; it ends by itself at `until`.
   */
  hold: CarHold | null;
  dateAdded: string;
  trim: string | null;
  /** The cover's URL (a JPEG), as the original design's cards had it; `image` has the sizes. */
  photo: string | null;
  /** The cover: the first uploaded photo, or else the first drawing. */
  image: CarImage | null;
}

export interface CarHold {
  until: string;
  yours: boolean;
}

export interface CarItem extends Omit<CarCard, 'photo' | 'image'> {
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
  /** The sticker price in whole dollars, null when the dealer gave none (most used cars): a lease needs it (domain/deals/deal-calculator.ts). */
  msrp: number | null;
  features: string[];
  description: string | null;
  /** Every picture's URL in order, cover first (uploaded photos replace the drawings). */
  photos: string[];
  /** The same pictures with their sizes. */
  images: CarImage[];
}

export interface Range {
  min: number;
  max: number;
}

/** The year, price and mileage a filter can span, for the whole catalogue or one brand. */
interface FilterRanges {
  yearRange: Range;
  priceRange: Range;
  mileageRange: Range;
}

/** GET /api/cars/filters. */
export interface CarFilterData extends FilterRanges {
  brands: string[];
  /** The condition filter's choices that some car in the catalogue has: `certified` only when a certified car is listed. */
  conditions: CarConditionFilter[];
}

/** GET /api/cars/filters/{brand}. */
export interface BrandFilterData extends FilterRanges {
  models: string[];
}

/**
 * GET /api/cars/{uuid}/similar: up to 4 available cars of the same make or body style within a
 * quarter of the car's price, nearest price first; a sold car's page offers them instead.
 */
export interface SimilarCars {
  items: CarCard[];
}

/** POST /api/viewed-cars/toggle-favorite: the car and its new state. */
export interface FavoriteState {
  car_uuid: string;
  is_favorite: boolean;
}

/** GET /api/viewed-cars: the cars the visitor opened lately, newest first, each once. */
export interface RecentlyViewedCars {
  items: CarCard[];
}

/*
 * The answers above that the API document describes with a schema (server/src/http/openapi.ts); each
 * is checked against its type here, and every answer a test gets against the document.
 */
const rangeSchema = v.object({ min: v.number(), max: v.number() }) satisfies v.GenericSchema<unknown, Range>;

/** GET /api/cars/brands and /api/cars/models: names in order. */
export const carNamesSchema = v.array(v.string());

/** GET /api/cars/years: model years, newest first. */
export const carYearsSchema = v.array(v.pipe(v.number(), v.integer()));

export const carFilterDataSchema = v.object({
  brands: v.array(v.string()),
  conditions: v.array(v.picklist(CAR_CONDITION_FILTERS)),
  yearRange: rangeSchema,
  priceRange: rangeSchema,
  mileageRange: rangeSchema,
}) satisfies v.GenericSchema<unknown, CarFilterData>;

export const brandFilterDataSchema = v.object({
  models: v.array(v.string()),
  yearRange: rangeSchema,
  priceRange: rangeSchema,
  mileageRange: rangeSchema,
}) satisfies v.GenericSchema<unknown, BrandFilterData>;

export const favoriteStateSchema = v.object({ car_uuid: v.string(), is_favorite: v.boolean() }) satisfies v.GenericSchema<
  unknown,
  FavoriteState
>;
