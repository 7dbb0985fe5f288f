import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeAnswer } from '../../../../domain/contracts/users.ts';
import { apiFetch } from '../api-client.ts';

/** GET /api/me: who is asking, and whether they are staff. */
export function getMe(signal?: AbortSignal): Promise<MeAnswer> {
  return apiFetch<MeAnswer>('/api/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'] as const,
    queryFn: ({ signal }) => getMe(signal),
  });

/** True only once the server has said so: a visitor who is not staff never sees a staff entry. */
export function useIsAdmin(): boolean {
  return useQuery({ ...meQueryOptions(), select: (me) => me.isAdmin }).data === true;
}
