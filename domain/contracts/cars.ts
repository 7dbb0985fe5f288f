import type { CarConditionValue, CarStatusValue, PublicListingState } from '../enums.ts';

/** The car answers (docs/product.md#catalogue, #car-page, #api). */

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
  status: CarStatusValue;
  /** Where the sale stands: pending and sold cars are `status: 'unavailable'` and show a badge, with no Apply. */
  listingState: PublicListingState;
  dateAdded: string;
  trim: string | null;
  photo: string | null;
}

export interface CarItem extends Omit<CarCard, 'photo'> {
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

/** The year, price and mileage a filter can span, for the whole catalogue or one brand. */
interface FilterRanges {
  yearRange: Range;
  priceRange: Range;
  mileageRange: Range;
}

/** GET /api/cars/filters. */
export interface CarFilterData extends FilterRanges {
  brands: string[];
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
