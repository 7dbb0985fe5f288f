import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealSettingsAnswer } from '../../../../domain/contracts/deals.ts';
import { apiFetch } from '../api-client.ts';

/** GET /api/deal-settings: the tiers, terms, mileages, products and rebates a shopper's deal is built from. */
export function getDealSettings(signal?: AbortSignal): Promise<DealSettingsAnswer> {
  return apiFetch<DealSettingsAnswer>('/api/deal-settings', { signal });
}

/** The prefix of every deal query (settings and quotes): invalidated together when an application finds its deal's figures changed. */
export const dealsQueryKey = ['deals'] as const;

export function getDealSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...dealsQueryKey, 'settings'] as const,
    queryFn: ({ signal }) => getDealSettings(signal),
    // Staff change them rarely; a quote names the version it was priced with either way.
    staleTime: 5 * 60_000,
  });
}

export function useDealSettings() {
  return useQuery(getDealSettingsQueryOptions());
}
