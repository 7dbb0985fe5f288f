import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** POST /api/auth/logout: ends the staff session cookie. */
export function postSignOut(): Promise<{ ok: true }> {
  return apiFetch('/api/auth/logout', { method: 'POST', json: {} });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postSignOut,
    // Nothing a staff member saw may stay in memory for whoever uses this browser next.
    onSuccess: () => queryClient.removeQueries({ queryKey: ['dashboard'] }),
  });
}
