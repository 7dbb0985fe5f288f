import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RetentionDueAnswer } from '../../../../../domain/contracts/retention.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const retentionDueQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'retention-due'],
    queryFn: ({ signal }) => apiFetch<RetentionDueAnswer>('/api/retention/due', { signal }),
  });

/** GET /api/retention/due: the applications whose personal data is erased next, with when. */
export const useRetentionDue = () => useQuery(retentionDueQuery());
