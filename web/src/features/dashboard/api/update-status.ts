import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffApplication } from '../../../../../domain/contracts/applications.ts';
import type { ApplicationStatus } from '../../../../../domain/enums.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { userApplicationQuery } from './get-user-application.ts';
import { applicationHistoryQuery } from './get-application-history.ts';

export interface StatusChangeInput {
  applicationId: number;
  userId: number;
  status: ApplicationStatus;
}

/** PATCH /api/applications/{id}/status. */
export function patchStatus({ applicationId, status }: StatusChangeInput): Promise<StaffApplication> {
  return apiFetch<StaffApplication>(`/api/applications/${applicationId}/status`, { method: 'PATCH', json: { status } });
}

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchStatus,
    // docs/product.md#application-detail: after a successful update the application is refetched.
    onSuccess: (_saved, { applicationId, userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userApplicationQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: applicationHistoryQuery(applicationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'users'] }),
      ]),
  });
}
