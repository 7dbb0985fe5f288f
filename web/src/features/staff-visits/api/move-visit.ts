import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffVisit } from '../../../../../domain/contracts/visits.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { refetchVisits } from './refetch-visits.ts';

/** PATCH /api/visits/{id}: the visit at another free slot; the shopper is told. 409 slot_full when its last place went meanwhile. */
export function useMoveVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, start }: { id: number; start: string }) =>
      apiFetch<StaffVisit>(`/api/visits/${id}`, { method: 'PATCH', json: { start } }),
    onSettled: () => refetchVisits(queryClient),
  });
}
