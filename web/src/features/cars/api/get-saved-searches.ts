import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedSearchList } from '../../../../../domain/contracts/alerts.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/saved-searches: the shopper's saved searches (Telegram users only). */
export function getSavedSearches(signal?: AbortSignal): Promise<SavedSearchList> {
  return apiFetch<SavedSearchList>('/api/saved-searches', { signal });
}

export const savedSearchesQueryKey = ['alerts', 'saved-searches'] as const;

export function useSavedSearches() {
  return useQuery(queryOptions({ queryKey: savedSearchesQueryKey, queryFn: ({ signal }) => getSavedSearches(signal) }));
}
