import { afterEach } from 'vitest';
import { useLocation } from 'react-router';
import type { BrandFilterData, CarCard, CarFilterData } from '../../../../../domain/contracts/cars.ts';
import { toast } from '../../../components/toasts.tsx';
import { mockFetch } from '../../../test/render.tsx';
import { createPage } from './car-factory.ts';

/** Toasts live in a module-level store; each test starts with none. */
export function resetToastsAfterEach(): void {
  afterEach(() => toast.dismiss());
}

/** Shows the router's location so tests can assert what reached the URL. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location" data-pathname={location.pathname} data-search={location.search} hidden />;
}

export const FILTER_DATA: CarFilterData = {
  brands: ['Ford', 'Honda', 'Toyota'],
  yearRange: { min: 2015, max: 2025 },
  priceRange: { min: 9_000, max: 80_000 },
  mileageRange: { min: 0, max: 120_000 },
  conditions: ['new', 'used', 'certified'],
};

export const BRAND_DATA: Record<string, BrandFilterData> = {
  Ford: {
    models: ['Escape', 'F-150', 'Mustang'],
    yearRange: { min: 2016, max: 2025 },
    priceRange: { min: 15_000, max: 70_000 },
    mileageRange: { min: 0, max: 90_000 },
  },
  Honda: {
    models: ['Accord', 'Civic', 'CR-V'],
    yearRange: { min: 2015, max: 2025 },
    priceRange: { min: 12_000, max: 45_000 },
    mileageRange: { min: 0, max: 110_000 },
  },
  Toyota: {
    models: ['Camry', 'Corolla', 'RAV4'],
    yearRange: { min: 2017, max: 2025 },
    priceRange: { min: 14_000, max: 60_000 },
    mileageRange: { min: 0, max: 100_000 },
  },
};

/**
 * The cars API at the network edge: `/api/cars` answers from `pagesFor(params)` (one array per
 * page), filters come from the fixtures above, everything else falls through to mockFetch's 404.
 */
export function mockCarsApi(
  options: {
    pagesFor?: (params: URLSearchParams) => CarCard[][];
    /** Answers instead of pagesFor when it returns (or resolves to) a Response. */
    cars?: (params: URLSearchParams) => Response | undefined | Promise<Response | undefined>;
    extra?: Parameters<typeof mockFetch>[0];
  } = {},
) {
  return mockFetch({
    'GET /api/cars': async ({ url }) => {
      const custom = await options.cars?.(url.searchParams);
      if (custom) return custom;
      const pages = options.pagesFor?.(url.searchParams) ?? [[]];
      const page = Number(url.searchParams.get('page') ?? '1');
      const total = pages.reduce((sum, items) => sum + items.length, 0);
      const limit = Number(url.searchParams.get('limit') ?? '20');
      return { ...createPage(pages[page - 1] ?? [], page, total, limit), totalPages: pages.length };
    },
    'GET /api/cars/filters': () => FILTER_DATA,
    ...Object.fromEntries(
      Object.entries(BRAND_DATA).map(([brand, data]) => [`GET /api/cars/filters/${encodeURIComponent(brand)}`, () => data]),
    ),
    ...options.extra,
  });
}

/** A promise the test settles by hand, to look at the screen while a request is in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What a form control currently holds, as the user sees it (no jest-dom here). */
export function valueOf(element: HTMLElement): string {
  if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement)
    return element.value;
  throw new Error(`${element.tagName} has no value`);
}

export function checkedOf(element: HTMLElement): boolean {
  if (element instanceof HTMLInputElement) return element.checked;
  throw new Error(`${element.tagName} cannot be checked`);
}
