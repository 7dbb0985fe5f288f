import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminChangeAnswer } from '../../../../../domain/contracts/users.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export interface AdminChange {
  userId: number;
  isAdmin: boolean;
}

/** POST /api/users/admin: grant or revoke staff rights. */
export function postAdminChange(change: AdminChange): Promise<AdminChangeAnswer> {
  return apiFetch<AdminChangeAnswer>('/api/users/admin', { method: 'POST', json: change });
}

export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postAdminChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dashboard', 'users'] }),
  });
}
