import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdverseActionRejection } from '../../../../../domain/adverse-action.ts';
import type { StaffApplication } from '../../../../../domain/contracts/applications.ts';
import type { ApplicationStatus } from '../../../../../domain/enums.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { userApplicationQuery } from './get-user-application.ts';
import { applicationHistoryQuery } from './get-application-history.ts';

export interface StatusChangeInput {
  applicationId: number;
  userId: number;
  status: ApplicationStatus;
  /** With `rejected`: the adverse-action notice's reasons and the credit report used. */
  rejection?: AdverseActionRejection | null;
}

/** PATCH /api/applications/{id}/status. */
export function patchStatus({ applicationId, status, rejection }: StatusChangeInput): Promise<StaffApplication> {
  const notice = rejection
    ? {
        reasons: rejection.reasons,
        ...(rejection.otherReason === null ? {} : { otherReason: rejection.otherReason }),
        ...(rejection.creditReport === null ? {} : { creditReport: rejection.creditReport }),
      }
    : {};
  return apiFetch<StaffApplication>(`/api/applications/${applicationId}/status`, { method: 'PATCH', json: { status, ...notice } });
}

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchStatus,
    // docs/product/staff-dashboard.md#application-detail: after a successful update the application is refetched.
    onSuccess: (_saved, { applicationId, userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userApplicationQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: applicationHistoryQuery(applicationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'users'] }),
      ]),
  });
}
