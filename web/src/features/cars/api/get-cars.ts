import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import type { CarCard } from '../../../../../domain/contracts/cars.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { carsRequestParams, nextCarPage, type CarListFilters } from '../car-list.ts';

/** GET /api/cars: one page of the catalogue (docs/product/catalogue.md#catalogue). */
export function getCars(filters: CarListFilters, page: number, signal?: AbortSignal): Promise<Paged<CarCard>> {
  return apiFetch<Paged<CarCard>>(`/api/cars?${carsRequestParams(filters, page).toString()}`, { signal });
}

/** Prefix of every car list in the cache, whatever its filters: what a favourite toggle must update. */
export const carListsQueryKey = ['cars', 'list'] as const;

export type CarPages = InfiniteData<Paged<CarCard>, number>;

/**
 * Filters are the key, so a new brand (or any new filter) is a new list that starts at page 1,
 * and loaded pages stay in order; car-list.ts merges them without duplicates (docs/product/catalogue.md#catalogue).
 * A URL that names a later page (the Load More link followed without JavaScript) starts there.
 */
export function getCarsQueryOptions(filters: CarListFilters, firstPage = 1) {
  return infiniteQueryOptions({
    queryKey: [...carListsQueryKey, filters, firstPage] as const,
    queryFn: ({ pageParam, signal }) => getCars(filters, pageParam, signal),
    initialPageParam: firstPage,
    getNextPageParam: nextCarPage,
  });
}

export function useCars(filters: CarListFilters, firstPage = 1) {
  return useInfiniteQuery(getCarsQueryOptions(filters, firstPage));
}
