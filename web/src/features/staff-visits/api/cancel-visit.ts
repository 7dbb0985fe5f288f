import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffVisit } from '../../../../../domain/contracts/visits.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { refetchVisits } from './refetch-visits.ts';

/** POST /api/visits/{id}/cancel: the shopper is told, and a hold's car is free to book again. */
export function useCancelVisit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<StaffVisit>(`/api/visits/${id}/cancel`, { method: 'POST', json: {} }),
    onSettled: () => refetchVisits(queryClient),
  });
}
