import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeAnswer } from '../../../../../domain/contracts/users.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/me: whether the visitor may see the dashboard at all. */
export const viewerQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'viewer'],
    queryFn: ({ signal }) => apiFetch<MeAnswer>('/api/me', { signal }),
    // Rights can change (revoked, signed out in another tab): ask again on every visit.
    staleTime: 0,
  });

export const useViewer = () => useQuery(viewerQuery());
