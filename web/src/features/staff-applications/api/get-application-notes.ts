import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationNote } from '../../../../../domain/contracts/applications.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const applicationNotesQuery = (applicationId: number) =>
  queryOptions({
    queryKey: ['dashboard', 'notes', applicationId],
    queryFn: ({ signal }) => apiFetch<ApplicationNote[]>(`/api/applications/${applicationId}/notes`, { signal }),
  });

/** GET /api/applications/{id}/notes: the staff's internal notes, newest first. */
export const useApplicationNotes = (applicationId: number) => useQuery(applicationNotesQuery(applicationId));
