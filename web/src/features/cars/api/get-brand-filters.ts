import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandFilterData } from '../../../../../domain/contracts/cars.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/cars/filters/{brand}: the brand's models and ranges; 404 for a brand with no cars. */
export function getBrandFilters(brand: string, signal?: AbortSignal): Promise<BrandFilterData> {
  return apiFetch<BrandFilterData>(`/api/cars/filters/${encodeURIComponent(brand)}`, { signal });
}

export function getBrandFiltersQueryOptions(brand: string) {
  return queryOptions({
    queryKey: ['cars', 'filters', 'brand', brand] as const,
    queryFn: ({ signal }) => getBrandFilters(brand, signal),
    staleTime: 5 * 60_000,
  });
}

/** Nothing is fetched until a brand is chosen (the model list depends on it, docs/product/catalogue.md#catalogue). */
export function useBrandFilters(brand: string | undefined) {
  return useQuery({ ...getBrandFiltersQueryOptions(brand ?? ''), enabled: Boolean(brand) });
}
