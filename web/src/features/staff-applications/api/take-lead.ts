import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeadAssignment } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { applicationHistoryQuery } from './get-application-history.ts';
import { userApplicationQuery } from './get-user-application.ts';

export interface TakeLeadInput {
  applicationId: number;
  /** The applicant, whose application is refetched after. */
  userId: number;
  /** The admin who takes the lead. */
  assigneeId: number;
}

/** PUT /api/applications/{id}/assignee. */
export function putAssignee({ applicationId, assigneeId }: TakeLeadInput): Promise<LeadAssignment> {
  return apiFetch<LeadAssignment>(`/api/applications/${applicationId}/assignee`, { method: 'PUT', json: { userId: assigneeId } });
}

export function useTakeLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putAssignee,
    onSuccess: (_answer, { applicationId, userId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userApplicationQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: applicationHistoryQuery(applicationId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'users'] }),
      ]),
  });
}
