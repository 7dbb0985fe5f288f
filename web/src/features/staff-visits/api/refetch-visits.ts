import type { QueryClient } from '@tanstack/react-query';

/** After a change, or a refusal that says the visit changed meanwhile: the calendars and the slots are asked again. */
export const refetchVisits = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'visits'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard', 'visit-slots'] }),
  ]);
