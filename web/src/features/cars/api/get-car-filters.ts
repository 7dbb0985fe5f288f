import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarFilterData } from '../../../../../domain/contracts/cars.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/cars/filters: brands and the year, price and mileage ranges of the whole catalogue. */
export function getCarFilters(signal?: AbortSignal): Promise<CarFilterData> {
  return apiFetch<CarFilterData>('/api/cars/filters', { signal });
}

export function getCarFiltersQueryOptions() {
  return queryOptions({
    queryKey: ['cars', 'filters'] as const,
    queryFn: ({ signal }) => getCarFilters(signal),
    // The brand list changes when stock arrives, not while someone browses.
    staleTime: 5 * 60_000,
  });
}

export function useCarFilters() {
  return useQuery(getCarFiltersQueryOptions());
}
