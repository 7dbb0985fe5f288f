import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentlyViewedCars } from '../../../../../domain/contracts/cars.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/viewed-cars: the cars the visitor opened lately (the same list on every device of a Telegram user). */
export function getRecentlyViewed(signal?: AbortSignal): Promise<RecentlyViewedCars> {
  return apiFetch<RecentlyViewedCars>('/api/viewed-cars', { signal });
}

export const recentlyViewedQueryKey = ['cars', 'recently-viewed'] as const;

export function useRecentlyViewed() {
  return useQuery(queryOptions({ queryKey: recentlyViewedQueryKey, queryFn: ({ signal }) => getRecentlyViewed(signal) }));
}
