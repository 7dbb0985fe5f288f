import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { forgetStaff } from '../../../lib/staff/api/get-viewer.ts';

/** POST /api/auth/logout: ends the staff session cookie. */
export function postSignOut(): Promise<{ ok: true }> {
  return apiFetch('/api/auth/logout', { method: 'POST', json: {} });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSignOut,
    onSuccess: () => forgetStaff(queryClient),
  });
}
