import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DealSettingsAnswer } from '../../../../../domain/contracts/deals.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/deal-settings: the newest version, which the staff editor starts from and names when it saves. */
export const staffDealSettingsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'deal-settings'],
    queryFn: ({ signal }) => apiFetch<DealSettingsAnswer>('/api/deal-settings', { signal }),
    // Each opening of the editor starts from the newest version, so a save is rarely refused as stale.
    staleTime: 0,
  });

export const useStaffDealSettings = () => useQuery(staffDealSettingsQuery());
