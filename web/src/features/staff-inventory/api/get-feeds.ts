import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeedsAnswer } from '../../../../../domain/contracts/feeds.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/inventory/feeds: each ads feed's address, how many cars it lists and which it leaves out, and why. */
export const feedsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'feeds'],
    queryFn: ({ signal }) => apiFetch<FeedsAnswer>('/api/inventory/feeds', { signal }),
  });

export const useFeeds = () => useQuery(feedsQuery());
