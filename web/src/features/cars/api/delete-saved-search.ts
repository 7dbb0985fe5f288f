import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { SavedSearchList } from '../../../../../domain/contracts/alerts.ts';
import { toast } from '../../../components/toasts.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { savedSearchesQueryKey } from './get-saved-searches.ts';

/** DELETE /api/saved-searches/{id}. */
export function deleteSavedSearch(id: number): Promise<void> {
  return apiFetch<void>(`/api/saved-searches/${id}`, { method: 'DELETE' });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<SavedSearchList>(
        savedSearchesQueryKey,
        (list) => list && { ...list, items: list.items.filter((search) => search.id !== id) },
      ),
    onError: () => toast.error(i18n._('Could not remove the saved search. Please try again.')),
  });
}
