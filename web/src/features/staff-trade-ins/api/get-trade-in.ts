import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffTradeIn } from '../../../../../domain/contracts/trade-ins.ts';
import { apiFetch } from '../../../lib/api-client.ts';

export const tradeInQuery = (id: number) =>
  queryOptions({
    queryKey: ['dashboard', 'trade-in', id],
    queryFn: ({ signal }) => apiFetch<StaffTradeIn>(`/api/trade-ins/${id}`, { signal }),
  });

/** GET /api/trade-ins/{id}: the whole appraisal, owner and payoff included (needs the passkey factor). */
export const useTradeIn = (id: number) => useQuery(tradeInQuery(id));
