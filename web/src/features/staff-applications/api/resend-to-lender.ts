import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffApplication } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { applicationHistoryQuery } from './get-application-history.ts';
import { userApplicationQuery } from './get-user-application.ts';

export interface ResendInput {
  applicationId: number;
  userId: number;
}

/** POST /api/applications/{id}/lender/resend. */
export function postResendToLender({ applicationId }: ResendInput): Promise<StaffApplication> {
  return apiFetch<StaffApplication>(`/api/applications/${applicationId}/lender/resend`, { method: 'POST' });
}

export function useResendToLender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postResendToLender,
    onSuccess: (saved, { userId, applicationId }) => {
      queryClient.setQueryData(userApplicationQuery(userId).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: applicationHistoryQuery(applicationId).queryKey });
    },
  });
}
