import * as v from 'valibot';
import { CAR_LIST_DEFAULT_LIMIT, CAR_SORTS, carListQuerySchema, type CarListQuery, type CarSort } from '../../../../domain/cars.ts';
import type { CarCard } from '../../../../domain/contracts/cars.ts';
import type { Paged } from '../../../../domain/contracts/paged.ts';
import type { CarConditionFilter } from '../../../../domain/enums.ts';

/**
 * Car list rules (docs/product/catalogue.md#catalogue, docs/product/limits.md#limits-and-constants): which filters a list shows, how they travel through the URL
 * and the request, and how loaded pages combine into one list. Pure, so the rules are tested alone.
 */

export type CarListFilters = Omit<CarListQuery, 'page' | 'limit'>;

export const DEFAULT_CAR_FILTERS: CarListFilters = Object.freeze({ available: true, sort: 'default' });

/** URL and request order; also every key that parseCarFilters reads. */
const FILTER_KEYS = [
  'brand',
  'model',
  'yearMin',
  'yearMax',
  'priceMin',
  'priceMax',
  'mileageMin',
  'mileageMax',
  'condition',
  'available',
  'sort',
] as const satisfies ReadonlyArray<keyof CarListFilters>;

type FilterKey = (typeof FILTER_KEYS)[number];

/** Validates one URL value with the same domain schema the server uses, so both agree on what is valid. */
function parseOne<K extends FilterKey>(key: K, raw: string): CarListFilters[K] | undefined {
  const result = v.safeParse(carListQuerySchema, { [key]: raw });
  return result.success ? result.output[key] : undefined;
}

/** Reads filters from a URL; anything invalid (e.g. ?yearMin=abc) is ignored rather than failing the page. */
export function parseCarFilters(search: URLSearchParams): CarListFilters {
  const filters: CarListFilters = { ...DEFAULT_CAR_FILTERS };
  for (const key of FILTER_KEYS) {
    const raw = search.get(key);
    if (raw === null) continue;
    const value = parseOne(key, raw);
    if (value !== undefined) Object.assign(filters, { [key]: value });
  }
  // A model means nothing without its brand (docs/product/catalogue.md#catalogue: changing brand clears the model).
  if (filters.brand === undefined) delete filters.model;
  return filters;
}

/** The URL form of the filters: defaults and empty values stay out, so a plain /cars means "everything". */
export function serializeCarFilters(filters: CarListFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === '') continue;
    if (key === 'available' && value === true) continue;
    if (key === 'sort' && value === 'default') continue;
    search.set(key, String(value));
  }
  return search;
}

/**
 * The page a /cars URL starts its list at: 1 unless `page` says otherwise. The Load More link
 * carries the next one, so a reader without JavaScript (a crawler, a phone with scripts off)
 * pages through the catalogue (docs/decisions/021-server-rendered-public-pages.md).
 */
export function parseCarListPage(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The catalogue's address for these filters, starting at a page. */
export function carListHref(filters: CarListFilters, page: number): string {
  const search = serializeCarFilters(filters);
  if (page > 1) search.set('page', String(page));
  const query = search.toString();
  return query ? `/cars?${query}` : '/cars';
}

/** A filter that narrows the list; sort only orders it. */
export type NarrowingFilter = Exclude<FilterKey, 'sort'>;

/** The filters that narrow the list (those that differ from the defaults), in URL order. */
export function activeFilters(filters: CarListFilters): NarrowingFilter[] {
  const written = serializeCarFilters(filters);
  return FILTER_KEYS.filter((key): key is NarrowingFilter => key !== 'sort' && written.has(key));
}

/** The filters without one of them: a brand takes its model along, "available only" goes back on. */
export function withoutFilter(filters: CarListFilters, key: NarrowingFilter): CarListFilters {
  if (key === 'brand') return withBrand(filters, undefined);
  const next: CarListFilters = { ...filters, available: key === 'available' ? true : filters.available };
  if (key !== 'available') delete next[key];
  return next;
}

/** Every filter off; the chosen order stays. */
export function clearedFilters(filters: CarListFilters): CarListFilters {
  return { ...DEFAULT_CAR_FILTERS, sort: filters.sort };
}

/** Query string of GET /api/cars; empty, null or undefined values are left out (docs/product/api.md#api). */
export function carsRequestParams(filters: CarListFilters, page: number, limit = CAR_LIST_DEFAULT_LIMIT): URLSearchParams {
  const search = new URLSearchParams({ page: String(page), limit: String(limit) });
  for (const key of FILTER_KEYS) {
    // Null can still arrive from untyped callers (restored state, JSON), and is left out like undefined.
    const value: CarListFilters[FilterKey] | null = filters[key];
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  return search;
}

/** Page 1 replaces the list; later pages append, skipping cars already shown (docs/product/catalogue.md#catalogue). */
export function mergeCarPages(list: readonly CarCard[], page: Paged<CarCard>): CarCard[] {
  if (page.page <= 1) return [...page.items];
  const seen = new Set(list.map((car) => car.uuid));
  const merged = [...list];
  for (const car of page.items) {
    if (seen.has(car.uuid)) continue;
    seen.add(car.uuid);
    merged.push(car);
  }
  return merged;
}

export function flattenCarPages(pages: ReadonlyArray<Paged<CarCard>>): CarCard[] {
  return pages.reduce<CarCard[]>((list, page) => mergeCarPages(list, page), []);
}

/** The next page to ask for, or undefined when the last one is loaded. */
export function nextCarPage(last: Paged<CarCard>): number | undefined {
  return last.page < last.totalPages ? last.page + 1 : undefined;
}

/** Changing brand clears the model and starts the list again from page 1 (docs/product/catalogue.md#catalogue). */
export function withBrand(filters: CarListFilters, brand: string | undefined): CarListFilters {
  const next: CarListFilters = { ...filters, brand: brand === '' ? undefined : brand };
  delete next.model;
  if (next.brand === undefined) delete next.brand;
  return next;
}

/**
 * The filter form keeps what the user typed as text until Apply; these convert both ways.
 * Sort is not part of it: the sort control applies at once.
 */
export interface CarFilterForm {
  brand: string;
  model: string;
  yearMin: string;
  yearMax: string;
  priceMin: string;
  priceMax: string;
  mileageMin: string;
  mileageMax: string;
  condition: '' | CarConditionFilter;
  available: boolean;
}

const text = (value: string | number | undefined) => (value === undefined ? '' : String(value));

export function formFromFilters(filters: CarListFilters): CarFilterForm {
  return {
    brand: text(filters.brand),
    model: text(filters.model),
    yearMin: text(filters.yearMin),
    yearMax: text(filters.yearMax),
    priceMin: text(filters.priceMin),
    priceMax: text(filters.priceMax),
    mileageMin: text(filters.mileageMin),
    mileageMax: text(filters.mileageMax),
    condition: filters.condition ?? '',
    available: filters.available,
  };
}

/** Builds filters from the form; a field the server would reject is left out instead. */
export function filtersFromForm(form: CarFilterForm, sort: CarSort): CarListFilters {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) search.set(key, String(value));
  search.set('sort', sort);
  return parseCarFilters(search);
}

export function isCarSort(value: string): value is CarSort {
  return (CAR_SORTS as readonly string[]).includes(value);
}
