import * as v from 'valibot';
import { CAR_CONDITION_FILTERS } from './enums.ts';
import { booleanParam, choiceParam, pagingParams, textParam, wholeNumberParam } from './query-params.ts';

/**
 * The car catalogue's query and values (docs/product/catalogue.md#catalogue, docs/product/api.md#api,
 * docs/product/limits.md#limits-and-constants); its answers are in contracts/cars.ts.
 */

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

export const CAR_LIST_DEFAULT_LIMIT = 20;
export const CAR_LIST_MAX_LIMIT = 100;
const MAX_AMOUNT = 100_000_000;

/** The catalogue's filters, by their query names: the list takes them, and a saved search keeps them. */
const CAR_FILTER_PARAMS = {
  brand: textParam('brand', 100),
  model: textParam('model', 100),
  yearMin: wholeNumberParam(1900, 2100, 'yearMin must be a year such as 2018'),
  yearMax: wholeNumberParam(1900, 2100, 'yearMax must be a year such as 2024'),
  priceMin: wholeNumberParam(0, MAX_AMOUNT, 'priceMin must be a whole number of dollars'),
  priceMax: wholeNumberParam(0, MAX_AMOUNT, 'priceMax must be a whole number of dollars'),
  mileageMin: wholeNumberParam(0, MAX_AMOUNT, 'mileageMin must be a whole number of miles'),
  mileageMax: wholeNumberParam(0, MAX_AMOUNT, 'mileageMax must be a whole number of miles'),
  condition: choiceParam(CAR_CONDITION_FILTERS, 'condition must be new, used or certified'),
};

export const carListQuerySchema = v.pipe(
  v.object({
    ...pagingParams(CAR_LIST_MAX_LIMIT),
    ...CAR_FILTER_PARAMS,
    available: booleanParam('available must be true or false'),
    sort: choiceParam(CAR_SORTS, `sort must be one of ${CAR_SORTS.join(', ')}`),
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

export const carUuidSchema = v.pipe(v.string(), v.uuid('uuid must be a car uuid such as 3f1c…-…'));

type Range = { min?: number | undefined; max?: number | undefined };

/** A minimum above its maximum: no car could match. */
const impossible = ({ min, max }: Range) => min !== undefined && max !== undefined && min > max;

/**
 * A saved search's filters (docs/decisions/019-telegram-alerts.md): the catalogue's filter names,
 * without paging, sort or availability, which say how to show a list rather than which cars to
 * tell of. A search no car could ever match (a minimum above its maximum) is refused, naming the
 * maximum, since it would otherwise wait silently forever.
 */
export const savedSearchFiltersSchema = v.pipe(
  v.strictObject(
    CAR_FILTER_PARAMS,
    'filters take only brand, model, yearMin, yearMax, priceMin, priceMax, mileageMin, mileageMax and condition',
  ),
  v.forward(
    v.check((f) => !impossible({ min: f.yearMin, max: f.yearMax }), 'The year "from" is later than the year "to": no car could match.'),
    ['yearMax'],
  ),
  v.forward(
    v.check((f) => !impossible({ min: f.priceMin, max: f.priceMax }), 'The lowest price is above the highest: no car could match.'),
    ['priceMax'],
  ),
  v.forward(
    v.check((f) => !impossible({ min: f.mileageMin, max: f.mileageMax }), 'The lowest mileage is above the highest: no car could match.'),
    ['mileageMax'],
  ),
  // Stored and compared as JSON: a filter left blank is no filter at all.
  v.transform((f) => Object.fromEntries(Object.entries(f).filter(([, value]) => value !== undefined)) as Partial<typeof f>),
);
export type SavedSearchFilters = v.InferOutput<typeof savedSearchFiltersSchema>;

/** What a car's name is made of; the trim is optional, and a stock-file row may lack any part. */
export interface CarNameParts {
  year: number | string | null | undefined;
  brand: string | null | undefined;
  model: string | null | undefined;
  trim: string | null | undefined;
}

/**
 * "2021 Toyota Camry SE": how a car is named everywhere (cards, pages and their previews, the staff
 * lists, the wizard, alerts, feeds, PDFs). Year, brand, model and trim in that order, each trimmed,
 * a missing or blank part left out.
 */
export function carTitle(car: CarNameParts): string {
  return [car.year, car.brand, car.model, car.trim]
    .map((part) => (part === null || part === undefined ? '' : String(part).trim()))
    .filter((part) => part !== '')
    .join(' ');
}
