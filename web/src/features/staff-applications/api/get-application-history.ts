import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationTrailEvent } from '../../../../../domain/contracts/applications.ts';
import type { Paged } from '../../../../../domain/contracts/paged.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** The newest events; the panel is a glance at what happened lately, not an archive. */
const HISTORY_LIMIT = 50;

export const applicationHistoryQuery = (applicationId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'history', applicationId],
    queryFn: ({ signal }) =>
      apiFetch<Paged<ApplicationTrailEvent>>(`/api/applications/${applicationId}/history?limit=${HISTORY_LIMIT}`, { signal }),
  });

/** GET /api/applications/{id}/history: who did what to the application, newest first. */
export const useApplicationHistory = (applicationId: number) => useQuery(applicationHistoryQuery(applicationId));
