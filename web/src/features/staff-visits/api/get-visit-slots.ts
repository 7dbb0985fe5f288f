import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitSlotsAnswer } from '../../../../../domain/contracts/visits.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const visitSlotsQuery = (carUuid: string) =>
  queryOptions({
    queryKey: ['dashboard', 'visit-slots', carUuid],
    queryFn: ({ signal }) => apiFetch<VisitSlotsAnswer>(`/api/visits/slots?${new URLSearchParams({ carUuid }).toString()}`, { signal }),
    // Places go as shoppers book: each opening of a picker asks again.
    staleTime: 0,
  });

/** GET /api/visits/slots: one car's slots with a place left, from today to the booking horizon; none until a car is chosen. */
export const useVisitSlots = (carUuid: string | undefined) => useQuery({ ...visitSlotsQuery(carUuid ?? ''), enabled: Boolean(carUuid) });
