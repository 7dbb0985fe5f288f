import type { QueryClient } from '@tanstack/react-query';
import { getCarsQueryOptions } from './api/get-cars.ts';
import { parseCarFilters, parseCarListPage } from './car-list.ts';

/**
 * Starts loading the list a /cars URL asks for while the page's own code is still downloading,
 * so the first cards (the page's largest paint) don't wait for code, then data, then pictures.
 */
export function prefetchCarList(queryClient: QueryClient, url: string): Promise<void> {
  const search = new URL(url).searchParams;
  return queryClient.prefetchInfiniteQuery(getCarsQueryOptions(parseCarFilters(search), parseCarListPage(search)));
}
