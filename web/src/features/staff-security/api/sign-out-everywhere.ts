import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignOutEverywhereAnswer } from '../../../../../domain/contracts/users.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { forgetStaff } from '../../../lib/staff/api/get-viewer.ts';

/** POST /api/auth/sign-out-everywhere: ends this staff member's sessions in every browser, this one included. */
export function postSignOutEverywhere(): Promise<SignOutEverywhereAnswer> {
  return apiFetch('/api/auth/sign-out-everywhere', { method: 'POST', json: {} });
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSignOutEverywhere,
    onSuccess: () => forgetStaff(queryClient),
  });
}
