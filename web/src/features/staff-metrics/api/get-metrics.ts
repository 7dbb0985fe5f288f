import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MetricsAnswer } from '../../../../../domain/contracts/metrics.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const metricsQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'metrics'],
    queryFn: ({ signal }) => apiFetch<MetricsAnswer>('/api/metrics', { signal }),
  });

/** GET /api/metrics: the nine figures, statuses, the Regulation B clock and 30 days by day. */
export const useMetrics = () => useQuery(metricsQuery());
