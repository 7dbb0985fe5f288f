import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffApplication } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const userApplicationQuery = (userId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'application', userId],
    queryFn: ({ signal }) => apiFetch<StaffApplication>(`/api/applications/user/${userId}`, { signal }),
  });

/** GET /api/applications/user/{userId}: the applicant's application, SSN masked. */
export const useUserApplication = (userId: number) => useQuery(userApplicationQuery(userId));
