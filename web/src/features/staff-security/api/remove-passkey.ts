import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

/** DELETE /api/auth/passkeys/{id}: needs a session that confirmed a passkey. */
export function deletePasskey(id: number): Promise<void> {
  return apiFetch<undefined>(`/api/auth/passkeys/${id}`, { method: 'DELETE' });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dashboard', 'passkeys'] }),
  });
}
