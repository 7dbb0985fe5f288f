import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeInMessage, TradeInOffer } from '../../../../../domain/contracts/trade-ins.ts';
import type { TradeInMessageRequest, TradeInOfferRequest } from '../../../../../domain/trade-ins/trade-in.schema.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { tradeInQuery } from './get-trade-in.ts';

interface TradeInActions {
  offers: { request: TradeInOfferRequest; answer: TradeInOffer };
  questions: { request: TradeInMessageRequest; answer: TradeInMessage };
}

/**
 * POST /api/trade-ins/{id}/offers or /questions. The trade-in is refetched after a send and after a
 * 409 (withdrawn, declined or accepted meanwhile), and the queue too: an offer moves it to another
 * tab, a question changes who it waits for.
 */
export function usePostTradeInAction<K extends keyof TradeInActions>(tradeInId: number, action: K) {
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tradeInQuery(tradeInId).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['dashboard', 'trade-ins'] }),
    ]);
  return useMutation({
    mutationFn: (request: TradeInActions[K]['request']) =>
      apiFetch<TradeInActions[K]['answer']>(`/api/trade-ins/${tradeInId}/${action}`, { method: 'POST', json: request }),
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refetch() : undefined),
    onSuccess: refetch,
  });
}
