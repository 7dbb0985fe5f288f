import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeInOffer } from '../../../../../domain/contracts/trade-ins.ts';
import type { TradeInOfferRequest } from '../../../../../domain/trade-ins/trade-in.schema.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { tradeInQuery } from './get-trade-in.ts';

/**
 * POST /api/trade-ins/{id}/offers. The trade-in is refetched after a send and after a 409 (withdrawn,
 * declined or accepted meanwhile), and the queue too: the offer moves it to another tab.
 */
export function useSendTradeInOffer(tradeInId: number) {
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tradeInQuery(tradeInId).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['dashboard', 'trade-ins'] }),
    ]);
  return useMutation({
    mutationFn: (offer: TradeInOfferRequest) =>
      apiFetch<TradeInOffer>(`/api/trade-ins/${tradeInId}/offers`, { method: 'POST', json: offer }),
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refetch() : undefined),
    onSuccess: refetch,
  });
}
