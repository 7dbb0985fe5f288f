import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { myApplicationQueryKey } from '../../../lib/api/get-my-application.ts';

/** POST /api/applications/mine/withdraw: the applicant takes back their application while it is in review. */
export function withdrawApplication(): Promise<MyApplication> {
  return apiFetch<MyApplication>('/api/applications/mine/withdraw', { method: 'POST' });
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: (application) => queryClient.setQueryData(myApplicationQueryKey, application),
  });
}
