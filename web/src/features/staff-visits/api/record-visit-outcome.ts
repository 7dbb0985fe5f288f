import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffVisit } from '../../../../../domain/contracts/visits.ts';
import type { VisitOutcome } from '../../../../../domain/visits/visit.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { refetchVisits } from './refetch-visits.ts';

/** PATCH /api/visits/{id}/outcome: how the visit went (arrived, completed, no-show). */
export function useRecordVisitOutcome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, outcome }: { id: number; outcome: VisitOutcome }) =>
      apiFetch<StaffVisit>(`/api/visits/${id}/outcome`, { method: 'PATCH', json: { outcome } }),
    onSettled: () => refetchVisits(queryClient),
  });
}
