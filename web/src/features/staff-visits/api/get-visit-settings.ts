import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VisitSettingsAnswer } from '../../../../../domain/contracts/visits.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/visit-settings: the newest version, which the editor starts from and names when it saves. */
export const visitSettingsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'visit-settings'],
    queryFn: ({ signal }) => apiFetch<VisitSettingsAnswer>('/api/visit-settings', { signal }),
    // Each opening of the editor starts from the newest version, so a save is rarely refused as stale.
    staleTime: 0,
  });

export const useVisitSettings = () => useQuery(visitSettingsQuery());
