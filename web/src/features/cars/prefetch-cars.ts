import type { QueryClient } from '@tanstack/react-query';
import { getCarsQueryOptions } from './api/get-cars.ts';
import { parseCarFilters } from './car-list.ts';

/**
 * Starts loading the list a /cars URL asks for while the page's own code is still downloading,
 * so the first cards (the page's largest paint) don't wait for code, then data, then pictures.
 */
export function prefetchCarList(queryClient: QueryClient, url: string): Promise<void> {
  return queryClient.prefetchInfiniteQuery(getCarsQueryOptions(parseCarFilters(new URL(url).searchParams)));
}
