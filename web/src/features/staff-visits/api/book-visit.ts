import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffVisit } from '../../../../../domain/contracts/visits.ts';
import type { VisitBooking } from '../../../../../domain/visits/visit.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { refetchVisits } from './refetch-visits.ts';

/**
 * POST /api/visits for a shopper who phoned (`forCaller`): 400 naming a field, 409 slot_full,
 * car_on_hold or car_unavailable when the car or the slot went meanwhile.
 */
export function useBookVisitForCaller() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booking: VisitBooking) => apiFetch<StaffVisit>('/api/visits', { method: 'POST', json: { ...booking, forCaller: true } }),
    onSettled: () => refetchVisits(queryClient),
  });
}
