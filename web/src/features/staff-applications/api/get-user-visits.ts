import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffVisitsAnswer } from '../../../../../domain/contracts/visits.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const userVisitsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'visits', { userId }],
    queryFn: ({ signal }) =>
      apiFetch<StaffVisitsAnswer>(`/api/visits?${new URLSearchParams({ userId: String(userId) }).toString()}`, { signal }),
  });

/** GET /api/visits?userId: every visit of the applicant (the latest 200), oldest first. */
export const useUserVisits = (userId: number) => useQuery(userVisitsQuery(userId));
