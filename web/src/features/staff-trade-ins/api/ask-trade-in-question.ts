import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradeInMessage } from '../../../../../domain/contracts/trade-ins.ts';
import type { TradeInMessageRequest } from '../../../../../domain/trade-ins/trade-in.schema.ts';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { tradeInQuery } from './get-trade-in.ts';

/** POST /api/trade-ins/{id}/questions: the thread, and who the queue says it waits for, change. */
export function useAskTradeInQuestion(tradeInId: number) {
  const queryClient = useQueryClient();
  const refetch = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tradeInQuery(tradeInId).queryKey }),
      queryClient.invalidateQueries({ queryKey: ['dashboard', 'trade-ins'] }),
    ]);
  return useMutation({
    mutationFn: (question: TradeInMessageRequest) =>
      apiFetch<TradeInMessage>(`/api/trade-ins/${tradeInId}/questions`, { method: 'POST', json: question }),
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refetch() : undefined),
    onSuccess: refetch,
  });
}
