import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealSettingsAnswer } from '../../../../../domain/contracts/deals.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/deal-settings: the tiers, terms, mileages, products and rebates a shopper's deal is built from. */
export function getDealSettings(signal?: AbortSignal): Promise<DealSettingsAnswer> {
  return apiFetch<DealSettingsAnswer>('/api/deal-settings', { signal });
}

export function getDealSettingsQueryOptions() {
  return queryOptions({
    queryKey: ['deals', 'settings'] as const,
    queryFn: ({ signal }) => getDealSettings(signal),
    // Staff change them rarely; a quote names the version it was priced with either way.
    staleTime: 5 * 60_000,
  });
}

export function useDealSettings() {
  return useQuery(getDealSettingsQueryOptions());
}
