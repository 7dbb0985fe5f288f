import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewConfirmation } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { applicationHistoryQuery } from './get-application-history.ts';

/** POST /api/applications/{id}/review: records that this staff member reviewed the application. */
export function postReview(applicationId: number): Promise<ReviewConfirmation> {
  return apiFetch<ReviewConfirmation>(`/api/applications/${applicationId}/review`, { method: 'POST', json: {} });
}

export function useConfirmReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postReview,
    onSuccess: (_answer, applicationId) => queryClient.invalidateQueries({ queryKey: applicationHistoryQuery(applicationId).queryKey }),
  });
}
