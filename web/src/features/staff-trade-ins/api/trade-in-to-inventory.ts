import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeInToInventory } from '../../../../../domain/contracts/trade-ins.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { tradeInQuery } from './get-trade-in.ts';

/**
 * POST /api/trade-ins/{id}/to-inventory: a draft car made from the accepted trade, with its photos.
 * Refetched either way: a 409 means it is in stock already (or no longer accepted).
 */
export function usePutTradeInIntoStock(tradeInId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<TradeInToInventory>(`/api/trade-ins/${tradeInId}/to-inventory`, { method: 'POST' }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tradeInQuery(tradeInId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard', 'inventory'] }),
      ]),
  });
}
