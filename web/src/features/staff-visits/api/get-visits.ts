import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffVisitsAnswer } from '../../../../../domain/contracts/visits.ts';
import type { VisitType } from '../../../../../domain/visits/visit.schema.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export interface StaffVisitsParams {
  /** One of the dealer's days, YYYY-MM-DD; none for today. */
  date: string | undefined;
  range: 'day' | 'week';
  type: VisitType | undefined;
  carUuid: string | undefined;
}

export const staffVisitsQuery = (params: StaffVisitsParams) =>
  queryOptions({
    queryKey: ['dashboard', 'visits', params],
    queryFn: ({ signal }) => {
      const search = new URLSearchParams({ range: params.range });
      if (params.date) search.set('date', params.date);
      if (params.type) search.set('type', params.type);
      if (params.carUuid) search.set('carUuid', params.carUuid);
      return apiFetch<StaffVisitsAnswer>(`/api/visits?${search.toString()}`, { signal });
    },
    // Moving a day on keeps the day shown until the next one arrives.
    placeholderData: keepPreviousData,
  });

/** GET /api/visits: the visits of a day or of the seven days from it, by time, narrowed by type and car. */
export const useStaffVisits = (params: StaffVisitsParams) => useQuery(staffVisitsQuery(params));
