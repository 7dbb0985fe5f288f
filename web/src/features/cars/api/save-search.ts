import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch } from '../../../../../domain/contracts/alerts.ts';
import type { SavedSearchFilters } from '../../../../../domain/cars.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { savedSearchesQueryKey } from './get-saved-searches.ts';

/** POST /api/saved-searches: the same filters again answer the search already saved. */
export function saveSearch(filters: SavedSearchFilters): Promise<SavedSearch> {
  return apiFetch<SavedSearch>('/api/saved-searches', { method: 'POST', json: { filters } });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey }),
  });
}
