import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarCard } from '../../../../../domain/contracts/cars.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** More than anyone keeps; the screen shows them all without paging. */
const FAVORITES_LIMIT = 100;

/** GET /api/favorites: the visitor's favourite cars as catalogue cards (none for a visitor the server does not know yet). */
export function getFavorites(signal?: AbortSignal): Promise<Paged<CarCard>> {
  return apiFetch<Paged<CarCard>>(`/api/favorites?limit=${FAVORITES_LIMIT}`, { signal });
}

export const favoritesQueryKey = ['cars', 'favorites'] as const;

export function getFavoritesQueryOptions() {
  return queryOptions({ queryKey: favoritesQueryKey, queryFn: ({ signal }) => getFavorites(signal) });
}

export function useFavorites() {
  return useQuery(getFavoritesQueryOptions());
}
