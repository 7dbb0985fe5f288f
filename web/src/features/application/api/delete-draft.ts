import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { draftQueryOptions } from './get-draft.ts';

/** DELETE /api/applications/draft: the applicant chose to start over. */
export function deleteDraft(): Promise<void> {
  return apiFetch<void>('/api/applications/draft', { method: 'DELETE' });
}

export function useDeleteDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: () => queryClient.setQueryData(draftQueryOptions().queryKey, null),
  });
}
