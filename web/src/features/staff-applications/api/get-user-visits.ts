import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffVisitsAnswer } from '../../../../../domain/contracts/visits.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const userVisitsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'visits', { userId }],
    queryFn: ({ signal }) =>
      apiFetch<StaffVisitsAnswer>(`/api/visits?${new URLSearchParams({ userId: String(userId), range: 'week' }).toString()}`, { signal }),
  });

/** GET /api/visits?userId&range=week: the applicant's visits in the seven days from the dealer's today. */
export const useUserVisits = (userId: number) => useQuery(userVisitsQuery(userId));
