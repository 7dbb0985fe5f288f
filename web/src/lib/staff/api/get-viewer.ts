import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../api/get-me.ts';

/**
 * GET /api/me, under the one key every screen uses for it (the public header's Dashboard link
 * reads the same answer): whether the visitor may see the dashboard at all.
 */
export const viewerQuery = () =>
  queryOptions({
    ...meQueryOptions(),
    // Rights can change (revoked, signed out in another tab): ask again on every visit.
    staleTime: 0,
  });

export const useViewer = () => useQuery(viewerQuery());

/**
 * After a sign-out nothing a staff member saw may stay in memory for whoever uses this browser
 * next, and no screen may still offer the dashboard: staff data goes, and who is asking is asked again.
 */
export function forgetStaff(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ['dashboard'] });
  // Not awaited: the answer is forgotten at once, and whoever shows it next asks again.
  void queryClient.resetQueries({ queryKey: viewerQuery().queryKey });
}
