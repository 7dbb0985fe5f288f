import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicantPatch } from '../../../../../domain/application.schema.ts';
import type { StaffApplication } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { userApplicationQuery } from './get-user-application.ts';
import { applicationHistoryQuery } from './get-application-history.ts';

/** PATCH /api/applications/applicant: staff corrections, answered with the saved application. */
export function patchApplicant(patch: ApplicantPatch): Promise<StaffApplication> {
  return apiFetch<StaffApplication>('/api/applications/applicant', { method: 'PATCH', json: patch });
}

export function useUpdateApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchApplicant,
    onSuccess: (saved) => {
      queryClient.setQueryData(userApplicationQuery(saved.userId).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: applicationHistoryQuery(saved.id).queryKey });
    },
  });
}
